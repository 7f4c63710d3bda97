# SPDX-License-Identifier: GPL-3.0-or-later
# Install rules and the Debian package: `cpack -G DEB` in the build folder (after building)
# writes slicewatt_<version>_<arch>.deb. tests/test_packaging.cpp builds the package, looks
# inside and runs the installed programs. Desktop integration files live beside this file.
include(GNUInstallDirs)

# AppStream component id (reverse DNS). Like the homepage in CMakeLists.txt it names a
# reserved example domain until the project has a home of its own.
set(SLICEWATT_APP_ID "org.example.slicewatt")

# Desktop integration: launcher, software-centre metadata, icons in the hicolor theme.
install(FILES ${PROJECT_SOURCE_DIR}/packaging/slicewatt.desktop
        DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${PROJECT_SOURCE_DIR}/packaging/${SLICEWATT_APP_ID}.metainfo.xml
        DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
# resources/icons/hicolor/<N>x<N>/apps/slicewatt.png, rendered from the SVG once and committed
# (packaging/render-icons.sh): the build never needs an SVG renderer.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/resources/icons/hicolor
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons
        FILES_MATCHING PATTERN "*.png")
install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/slicewatt.svg
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)

# The model files are compiled into the binaries; the installed copies are examples to copy
# and edit for --models-dir. The example project is what the README and the manual analyse.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/models/
        DESTINATION ${CMAKE_INSTALL_DATADIR}/slicewatt/models
        FILES_MATCHING PATTERN "*.json")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/examples/imagepipe
        DESTINATION ${CMAKE_INSTALL_DATADIR}/slicewatt/examples
        # not what someone built or hid there in their checkout
        PATTERN ".*" EXCLUDE
        REGEX "/build[^/]*$" EXCLUDE)

# Manual pages, gzip-compressed as Debian installs them (gzip is part of every Debian system;
# without it they are installed as they are).
find_program(SLICEWATT_GZIP gzip)
set(_man_pages slicewatt.1 slicewatt-cli.1)
set(_man_outputs)
foreach(_page ${_man_pages})
  set(_source ${PROJECT_SOURCE_DIR}/packaging/${_page})
  if(SLICEWATT_GZIP)
    set(_copy ${PROJECT_BINARY_DIR}/packaging/man/${_page})
    add_custom_command(OUTPUT ${_copy}.gz
      COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/packaging/man
      COMMAND ${CMAKE_COMMAND} -E copy ${_source} ${_copy}
      # -n: no name or time stamp in the header, so the package is reproducible.
      COMMAND ${SLICEWATT_GZIP} -9 -n -f ${_copy}
      DEPENDS ${_source}
      COMMENT "Compressing the manual page ${_page}"
      VERBATIM)
    list(APPEND _man_outputs ${_copy}.gz)
  else()
    list(APPEND _man_outputs ${_source})
  endif()
endforeach()
add_custom_target(slicewatt_man_pages ALL DEPENDS ${_man_outputs})
install(FILES ${_man_outputs} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

# (CMAKE_INSTALL_DOCDIR would say share/doc/SliceWatt: Debian names the folder after the package.)
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE ${PROJECT_SOURCE_DIR}/README.md
        DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/slicewatt)

# The package ------------------------------------------------------------------------------
set(CPACK_PACKAGE_NAME "slicewatt")
set(CPACK_PACKAGE_VENDOR "SliceWatt developers")
set(CPACK_PACKAGE_CONTACT "SliceWatt developers <slicewatt@example.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_DESCRIPTION
  "SliceWatt opens a CUDA project, analyses every kernel statically with libclang, splits
each kernel into program slices by memory space (global, shared, constant and texture
memory) and predicts the GPU power of every slice and of the whole kernel with published
regression models (JoS13, JSW12) and a wavelet neural network. No CUDA installation and no
GPU are needed.

The desktop application (slicewatt) paints the source as a power heatmap and re-estimates
at once for what-if changes of GPU, model, launch, saturation, loop trip counts and branch
probabilities. The command-line tool (slicewatt-cli) lists kernels and slices, prints
estimates as a table, JSON, CSV or SARIF for continuous integration, writes PDF reports,
fits models to measured power and trains the wavelet network.")
set(CPACK_PACKAGE_HOMEPAGE_URL "${PROJECT_HOMEPAGE_URL}")
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")
set(CPACK_GENERATOR "DEB")
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
# Debug information stays in the build folder; the package gets stripped binaries.
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION "devel")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${PROJECT_HOMEPAGE_URL}")
# gzip packs in seconds and every dpkg reads it (xz would save a little for a lot of time).
set(CPACK_DEBIAN_COMPRESSION_TYPE "gzip")
# Shared libraries (libclang, Qt 6, QCustomPlot, the C++ runtime) by dpkg-shlibdeps.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)

# What dpkg-shlibdeps cannot see:
# - clang's builtin headers (stddef.h, ...): libclang needs them to parse anything and does
#   not depend on them; core/ compiles in their folder (LIBCLANG_RESOURCE_DIR). The package
#   that owns it is asked of dpkg; elsewhere it is named after the found LLVM's major version.
# - DejaVu fonts: the PDF report embeds DejaVu Sans and DejaVu Sans Mono.
# - Qt's platform plugins (xcb) for the desktop app; libqt6gui6 only recommends them. The
#   offscreen plugin, which `slicewatt-cli report` uses, is part of libqt6gui6.
set(SLICEWATT_CLANG_HEADERS_PACKAGE "")
if(LIBCLANG_RESOURCE_DIR)
  find_program(SLICEWATT_DPKG_QUERY dpkg-query)
  if(SLICEWATT_DPKG_QUERY)
    execute_process(COMMAND ${SLICEWATT_DPKG_QUERY} --search "${LIBCLANG_RESOURCE_DIR}/include/stddef.h"
                    OUTPUT_VARIABLE _owner ERROR_QUIET RESULT_VARIABLE _owner_result
                    OUTPUT_STRIP_TRAILING_WHITESPACE)
    # "libclang-common-14-dev: /usr/lib/llvm-14/lib/clang/14.0.6/include/stddef.h"
    if(_owner_result EQUAL 0 AND _owner MATCHES "^([a-z0-9.+-]+)(:[a-z0-9]+)?: ")
      set(SLICEWATT_CLANG_HEADERS_PACKAGE "${CMAKE_MATCH_1}")
    endif()
  endif()
  if(NOT SLICEWATT_CLANG_HEADERS_PACKAGE)
    get_filename_component(_clang_version "${LIBCLANG_RESOURCE_DIR}" NAME)
    string(REGEX MATCH "^[0-9]+" _clang_major "${_clang_version}")
    if(_clang_major)
      set(SLICEWATT_CLANG_HEADERS_PACKAGE "libclang-common-${_clang_major}-dev")
    endif()
  endif()
endif()
set(_depends "fonts-dejavu-core" "qt6-qpa-plugins")
if(SLICEWATT_CLANG_HEADERS_PACKAGE)
  list(PREPEND _depends "${SLICEWATT_CLANG_HEADERS_PACKAGE}")
else()
  message(WARNING "clang's builtin headers were not found: the package will not depend on them")
endif()
list(JOIN _depends ", " CPACK_DEBIAN_PACKAGE_DEPENDS)
message(STATUS "Package dependencies besides shared libraries: ${CPACK_DEBIAN_PACKAGE_DEPENDS}")
include(CPack)
