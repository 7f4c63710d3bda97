#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite through CTest, headless.
# Usage: scripts/run-tests.sh [--sanitize]   (ASan+UBSan build in build-asan/)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh "$@"
build_dir=build
[ "${1:-}" = "--sanitize" ] && build_dir=build-asan
# The measured kernels' upstream sources, outside the checkout, for the tests that read them:
# exported from ../shared while it carries them, else left as they are (those tests then skip).
bash scripts/export-upstream.sh --if-available
export QT_QPA_PLATFORM=offscreen
# LeakSanitizer reports fontconfig/libclang caches that live until exit; leaks are not what
# this configuration hunts, memory errors and undefined behaviour are.
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
status=0
ctest --test-dir "$build_dir" --output-on-failure --parallel "$(nproc)" || status=$?
# Every skipped check with its reason (issue 51): CTest marks the entry "Skipped", Qt Test's
# "SKIP   :" lines in CTest's log of every run say which function and why.
log="$build_dir/Testing/Temporary/LastTest.log"
if [ -f "$log" ]; then
  skipped=$(grep -E '^SKIP   : ' "$log" | sed -E 's/^SKIP   : //' | sort -u || true)
  if [ -n "$skipped" ]; then
    echo "Skipped checks: $(printf '%s\n' "$skipped" | wc -l)"
    printf '%s\n' "$skipped" | sed 's/^/  /'
  else
    echo "Skipped checks: 0"
  fi
fi
exit "$status"
