#!/usr/bin/env bash
# Configures (once) and builds SliceWatt into build/. Quick when nothing changed:
# Ninja rebuilds only what changed and ccache serves recompiles.
# Usage: scripts/build.sh [--sanitize]   (the sanitizer build goes to build-asan/)
set -euo pipefail
cd "$(dirname "$0")/.."

build_dir=build
extra=()
if [ "${1:-}" = "--sanitize" ]; then
  build_dir=build-asan
  # The benchmarks are timed in the release build only; the sanitizer build would link seven
  # more 350 MB executables that no test runs.
  extra+=(-DSLICEWATT_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug -DSLICEWATT_BUILD_BENCH=OFF)
else
  extra+=(-DCMAKE_BUILD_TYPE=RelWithDebInfo)
fi
# Warnings are errors in CI; locally they stay warnings so a newer compiler never blocks a user.
if [ "${CI:-}" = "true" ]; then
  extra+=(-DSLICEWATT_WERROR=ON)
  # Line tables are all a failing test's backtrace or a sanitizer report needs. Full debug
  # information made every statically linked test 200-350 MB, and the two builds together
  # over 13 GB, more than a CI machine's disk holds (the ASan build died for want of it).
  extra+=("-DCMAKE_CXX_FLAGS_DEBUG=-g1" "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG")
  # A clean CI machine gains nothing from a compiler cache; it would only hold a second copy
  # of every object.
  export CCACHE_DISABLE=1
fi

if [ ! -f "$build_dir/build.ninja" ] || [ "${CI:-}" = "true" ]; then
  cmake -S . -B "$build_dir" -G Ninja "${extra[@]}" >/dev/null
fi
cmake --build "$build_dir" --parallel "$(nproc)"
