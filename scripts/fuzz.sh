#!/usr/bin/env bash
# Fuzzes the front end and the analysis (tests/fuzz/fuzz_analysis.cpp), then the readers of
# the other files users give (tests/fuzz/fuzz_readers.cpp), each with libFuzzer:
# installs what is missing, builds the fuzz target with clang, ASan and UBSan into
# build-fuzz/, and runs it for a while on the committed seeds (tests/fuzz/seeds) plus what
# earlier runs found (build-fuzz/corpus). Exits non-zero on a crash, sanitizer report, leak,
# timeout or out-of-memory, naming the input that reproduces it.
# Usage: scripts/fuzz.sh [--seconds N]   (default 60; README "Fuzzing" for longer runs)
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds="${2:?--seconds needs a number}"; shift 2 ;;
    --seconds=*) seconds="${1#--seconds=}"; shift ;;
    *) echo "usage: scripts/fuzz.sh [--seconds N]" >&2; exit 2 ;;
  esac
done
case "$seconds" in ''|*[!0-9]*) echo "fuzz: --seconds needs a whole number, got '$seconds'" >&2; exit 2 ;; esac

bash scripts/install-deps.sh

# libFuzzer is part of compiler-rt: the libclang-rt-NN-dev package of the clang in use
# (install-deps.sh installs Debian's default pair, clang and libclang-rt-dev).
clang_major=$(clang++ -dumpversion | cut -d. -f1)
if ! ls "$(clang++ -print-runtime-dir)"/libclang_rt.fuzzer* >/dev/null 2>&1; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "fuzz: libFuzzer for clang $clang_major is missing: apt-get install libclang-rt-$clang_major-dev (as root)" >&2
    exit 1
  fi
  echo "fuzz: installing libclang-rt-$clang_major-dev (libFuzzer for clang $clang_major)" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -qq --no-install-recommends "libclang-rt-$clang_major-dev" >/dev/null
fi

build_dir=build-fuzz
werror=OFF
[ "${CI:-}" = "true" ] && werror=ON
if [ ! -f "$build_dir/build.ninja" ] || [ "${CI:-}" = "true" ]; then
  # Only the fuzz target is built: no tests, no benchmarks (the GUI targets are configured
  # but never built here).
  CC=clang CXX=clang++ cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DSLICEWATT_FUZZ=ON -DSLICEWATT_BUILD_TESTS=OFF -DSLICEWATT_BUILD_BENCH=OFF \
    -DSLICEWATT_WERROR="$werror" >/dev/null
fi
cmake --build "$build_dir" --target fuzz_analysis fuzz_readers --parallel "$(nproc)"

# Runs one target for ${seconds} s: `fuzz TARGET SEEDS [libFuzzer options]`. libFuzzer adds
# what it finds to the target's own corpus folder; the committed seeds are only read.
fuzz() {
target=$1
seeds=$2
shift 2
corpus="$build_dir/corpus-$target"
[ "$target" = fuzz_analysis ] && [ -d "$build_dir/corpus" ] && corpus="$build_dir/corpus" # older runs' finds
artifacts="$build_dir/artifacts"
mkdir -p "$corpus" "$artifacts"
log="$build_dir/$target.log"
# libFuzzer replays every input it has before the clock starts to matter (about two per
# second); a corpus grown over long runs makes short runs long (README: shrink it).
known=$(find "$corpus" "$seeds" -type f | wc -l)
echo "fuzz: $target: replaying $known known inputs first, then fuzzing until ${seconds} s have passed" >&2

# detect_leaks: libFuzzer checks every input that allocates more than it frees for leaks.
# allow_user_segv_handler: libclang's crash recovery installs its own signal handlers.
# handle_abort: our own checks (and UBSan) abort; report it as the crash it is.
# malloc_context_size, quarantine_size_mb: libclang allocates a lot per input; recording
# shorter allocation stacks and keeping less freed memory poisoned is faster and keeps the
# resident memory far below -rss_limit_mb (reproduce a report without them for full stacks).
export ASAN_OPTIONS="detect_leaks=1:allow_user_segv_handler=1:handle_abort=1:abort_on_error=1:malloc_context_size=10:quarantine_size_mb=64:${ASAN_OPTIONS:-}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}"
export QT_QPA_PLATFORM=offscreen

set +e
# -timeout: seconds for one input, above the target's 10 s analysis budget (a hang is what
# the budget could not stop); -rss_limit_mb: libclang with the prelude needs a few hundred
# MB, more is a memory explosion; -max_len: larger inputs mostly repeat what smaller show.
"$build_dir/bin/$target" \
  -max_total_time="$seconds" -timeout=60 -rss_limit_mb=4096 -max_len=32768 \
  -artifact_prefix="$artifacts/" -print_final_stats=1 "$@" \
  "$corpus" "$seeds" 2>&1 | tee "$log" | grep -E --line-buffered \
  '^(INFO: |#[0-9]+ +(INITED|DONE|pulse)|==[0-9]+==|SUMMARY|fuzz_[a-z]+:|stat::|artifact_prefix|Test unit written|Done [0-9]+ runs|MS: |Base64: )|ERROR|WARNING|libclang'
status=${PIPESTATUS[0]}
set -e

if [ "$status" -ne 0 ]; then
  # Slow inputs are written too (slow-unit-…) but are no failure.
  reproducer=$(grep -oE 'Test unit written to [^ ]*/(crash|leak|timeout|oom)-[0-9a-f]+' "$log" | tail -1 \
    | sed 's/Test unit written to //')
  echo >&2
  echo "fuzz: FAILED (exit $status); the full log is $log" >&2
  if [ -n "$reproducer" ]; then
    echo "fuzz: reproducer: $reproducer" >&2
    echo "fuzz: run it again: ASAN_OPTIONS=$ASAN_OPTIONS $build_dir/bin/$target $reproducer" >&2
    echo "fuzz: make it smaller: $build_dir/bin/$target -minimize_crash=1 -runs=10000 $reproducer" >&2
  fi
  exit 1
fi
echo "fuzz: $target: no crash, hang, leak or memory explosion in ${seconds} s ($(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | grep -o '[0-9]*$' || echo '?') inputs)" >&2
}

# The front end and the analysis on CUDA, then the other readers (saved analyses, PTX, CSVs,
# traces; the first byte of an input picks the reader).
fuzz fuzz_analysis tests/fuzz/seeds -dict=tests/fuzz/cuda.dict
fuzz fuzz_readers tests/fuzz/reader-seeds
