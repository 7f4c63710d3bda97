# SPDX-License-Identifier: GPL-3.0-or-later
# Locates libclang's C API (14 or newer) without find_package(Clang), whose LLVM config
# pulls in a whole toolchain this project does not need. Defines the imported target
# LibClang::LibClang and LIBCLANG_RESOURCE_DIR (clang's builtin headers, e.g. stddef.h,
# which libclang must be told about when it cannot derive the path itself).
set(_slicewatt_llvm_hints)
find_program(LLVM_CONFIG_EXECUTABLE NAMES llvm-config llvm-config-19 llvm-config-18
             llvm-config-17 llvm-config-16 llvm-config-15 llvm-config-14)
if(LLVM_CONFIG_EXECUTABLE)
  execute_process(COMMAND ${LLVM_CONFIG_EXECUTABLE} --prefix
                  OUTPUT_VARIABLE _llvm_prefix OUTPUT_STRIP_TRAILING_WHITESPACE)
  list(APPEND _slicewatt_llvm_hints ${_llvm_prefix})
endif()
foreach(_ver 19 18 17 16 15 14)
  list(APPEND _slicewatt_llvm_hints /usr/lib/llvm-${_ver})
endforeach()

find_path(LIBCLANG_INCLUDE_DIR clang-c/Index.h
          HINTS ${_slicewatt_llvm_hints} PATH_SUFFIXES include NO_DEFAULT_PATH)
find_path(LIBCLANG_INCLUDE_DIR clang-c/Index.h)
get_filename_component(_libclang_prefix "${LIBCLANG_INCLUDE_DIR}" DIRECTORY)
find_library(LIBCLANG_LIBRARY NAMES clang libclang
             HINTS ${_libclang_prefix}/lib NO_DEFAULT_PATH)
find_library(LIBCLANG_LIBRARY NAMES clang libclang clang-19 clang-18 clang-17 clang-16 clang-15 clang-14)

if(NOT LIBCLANG_INCLUDE_DIR OR NOT LIBCLANG_LIBRARY)
  message(FATAL_ERROR "libclang (C API) not found: apt-get install libclang-dev")
endif()

# The resource directory sits beside the library: <prefix>/lib/clang/<version>/include.
get_filename_component(_libclang_libdir "${LIBCLANG_LIBRARY}" DIRECTORY)
file(GLOB _resource_candidates LIST_DIRECTORIES true "${_libclang_libdir}/clang/*")
set(LIBCLANG_RESOURCE_DIR "")
foreach(_cand ${_resource_candidates})
  if(EXISTS "${_cand}/include/stddef.h")
    set(LIBCLANG_RESOURCE_DIR "${_cand}")
  endif()
endforeach()
message(STATUS "libclang: ${LIBCLANG_LIBRARY} (headers ${LIBCLANG_INCLUDE_DIR}, resources ${LIBCLANG_RESOURCE_DIR})")

add_library(LibClang::LibClang UNKNOWN IMPORTED)
set_target_properties(LibClang::LibClang PROPERTIES
  IMPORTED_LOCATION "${LIBCLANG_LIBRARY}"
  INTERFACE_INCLUDE_DIRECTORIES "${LIBCLANG_INCLUDE_DIR}")
