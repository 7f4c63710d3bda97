# SPDX-License-Identifier: GPL-3.0-or-later
# Installable packages (cpack -G DEB). Desktop integration files live beside this file.
install(FILES ${PROJECT_SOURCE_DIR}/packaging/slicewatt.desktop DESTINATION share/applications)
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION share/doc/slicewatt)

set(CPACK_PACKAGE_NAME "slicewatt")
set(CPACK_PACKAGE_VENDOR "SliceWatt developers")
set(CPACK_PACKAGE_CONTACT "SliceWatt developers <slicewatt@example.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")
set(CPACK_DEBIAN_PACKAGE_SECTION "devel")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
include(CPack)
