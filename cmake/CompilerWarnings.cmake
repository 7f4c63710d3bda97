# SPDX-License-Identifier: GPL-3.0-or-later
# One interface target carries the project's warning and sanitizer flags, so every target
# of ours gets the same policy and third-party code (Qt, Eigen) is untouched.
add_library(slicewatt_build_flags INTERFACE)
target_compile_options(slicewatt_build_flags INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wcast-align -Woverloaded-virtual
  -Wformat=2 -Wimplicit-fallthrough)
if(SLICEWATT_WERROR)
  target_compile_options(slicewatt_build_flags INTERFACE -Werror)
endif()
if(SLICEWATT_SANITIZE)
  # -O1, as AddressSanitizer's documentation advises: at -O0 Eigen's expression templates run
  # some thirty times slower than optimised, and the physical fit's nested validation (a few
  # thousand small least-squares problems) outran the tests' five-minute limit on a CI machine.
  target_compile_options(slicewatt_build_flags INTERFACE
    -O1 -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  target_link_options(slicewatt_build_flags INTERFACE -fsanitize=address,undefined)
endif()
# Catch accidental narrowing conversions of C strings to QString at build time.
target_compile_definitions(slicewatt_build_flags INTERFACE QT_NO_CAST_FROM_BYTEARRAY)
