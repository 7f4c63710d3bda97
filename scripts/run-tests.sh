#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite through CTest, headless.
# Usage: scripts/run-tests.sh [--sanitize]   (ASan+UBSan build in build-asan/)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh "$@"
build_dir=build
[ "${1:-}" = "--sanitize" ] && build_dir=build-asan
export QT_QPA_PLATFORM=offscreen
# LeakSanitizer reports fontconfig/libclang caches that live until exit; leaks are not what
# this configuration hunts, memory errors and undefined behaviour are.
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ctest --test-dir "$build_dir" --output-on-failure --parallel "$(nproc)"
