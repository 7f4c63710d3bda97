#!/usr/bin/env bash
# Fuzzes the front end and the analysis (tests/fuzz/fuzz_analysis.cpp), then the readers of
# the other files users give (tests/fuzz/fuzz_readers.cpp), each with libFuzzer:
# installs what is missing, builds the fuzz targets with clang, ASan and UBSan into
# build-fuzz/, and runs them for a while on the committed seeds (tests/fuzz/seeds) plus what
# earlier runs found (build-fuzz/corpus). Exits non-zero on a crash, sanitizer report, leak,
# timeout or out-of-memory, naming the input that reproduces it.
#
# --fast explores quicker, for long runs: the targets are built without ASan (UBSan only,
# build-fuzz-fast/), one fuzzing process runs per core on inputs of up to 2 KB, and at the
# end the ASan build replays everything found, so memory errors in those inputs are still
# caught (about 7 times the inputs per second of the default on two cores; README "Fuzzing").
# Usage: scripts/fuzz.sh [--seconds N] [--fast] [--only fuzz_analysis|fuzz_readers]
# (default: 60 s for each target)
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60
fast=0
only=
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds="${2:?--seconds needs a number}"; shift 2 ;;
    --seconds=*) seconds="${1#--seconds=}"; shift ;;
    --fast) fast=1; shift ;;
    --only) only="${2:?--only needs fuzz_analysis or fuzz_readers}"; shift 2 ;;
    *) echo "usage: scripts/fuzz.sh [--seconds N] [--fast] [--only fuzz_analysis|fuzz_readers]" >&2; exit 2 ;;
  esac
done
case "$seconds" in ''|*[!0-9]*) echo "fuzz: --seconds needs a whole number, got '$seconds'" >&2; exit 2 ;; esac
case "$only" in ''|fuzz_analysis|fuzz_readers) ;; *) echo "fuzz: --only takes fuzz_analysis or fuzz_readers, not '$only'" >&2; exit 2 ;; esac

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

werror=OFF
[ "${CI:-}" = "true" ] && werror=ON
# `build DIR SANITIZERS`: configures (once, or always in CI) and builds the fuzz targets.
# Only they are built: no tests, no benchmarks (the GUI targets are configured but never
# built here).
build() {
  if [ ! -f "$1/build.ninja" ] || [ "${CI:-}" = "true" ]; then
    CC=clang CXX=clang++ cmake -S . -B "$1" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DSLICEWATT_FUZZ=ON -DSLICEWATT_FUZZ_SANITIZERS="$2" -DSLICEWATT_BUILD_TESTS=OFF \
      -DSLICEWATT_BUILD_BENCH=OFF -DSLICEWATT_WERROR="$werror" >/dev/null
  fi
  cmake --build "$1" --target fuzz_analysis fuzz_readers --parallel "$(nproc)"
}
asan_dir=build-fuzz
build "$asan_dir" address,undefined
build_dir=$asan_dir
if [ "$fast" = 1 ]; then
  build_dir=build-fuzz-fast
  build "$build_dir" undefined
fi

# detect_leaks: libFuzzer checks every input that allocates more than it frees for leaks.
# allow_user_segv_handler: libclang's crash recovery installs its own signal handlers.
# handle_abort: our own checks (and UBSan) abort; report it as the crash it is.
# malloc_context_size, quarantine_size_mb: libclang allocates a lot per input; recording
# shorter allocation stacks and keeping less freed memory poisoned is faster and keeps the
# resident memory far below -rss_limit_mb (reproduce a report without them for full stacks).
# ASan keeps freed memory for reuse and never hands it back: the resident size grows to the
# largest input's peak (about 800 MB) while the live heap stays near 45 MB.
export ASAN_OPTIONS="detect_leaks=1:allow_user_segv_handler=1:handle_abort=1:abort_on_error=1:malloc_context_size=10:quarantine_size_mb=64:${ASAN_OPTIONS:-}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}"
export QT_QPA_PLATFORM=offscreen

# What libFuzzer reports, without every new input it finds.
report_filter='^(INFO: |#[0-9]+ +(INITED|DONE|pulse)|==[0-9]+==|SUMMARY|fuzz_[a-z]+:|stat::|artifact_prefix|Test unit written|Done [0-9]+ runs|MS: |Base64: )|ERROR|WARNING|libclang'

# After a failure: the input that reproduces it, and how to run it again.
explain_failure() { # STATUS LOG...
  local status=$1
  shift
  # Slow inputs are written too (slow-unit-…) but are no failure.
  reproducer=$(cat "$@" | grep -oE 'Test unit written to [^ ]*/(crash|leak|timeout|oom)-[0-9a-f]+' | tail -1 \
    | sed 's/Test unit written to //')
  echo >&2
  echo "fuzz: FAILED (exit $status); the full log: $*" >&2
  if [ -n "$reproducer" ]; then
    echo "fuzz: reproducer: $reproducer" >&2
    echo "fuzz: run it again: ASAN_OPTIONS=$ASAN_OPTIONS $asan_dir/bin/$target $reproducer" >&2
    echo "fuzz: make it smaller: $asan_dir/bin/$target -minimize_crash=1 -runs=10000 $reproducer" >&2
  fi
  exit 1
}

# Runs one target for ${seconds} s: `fuzz TARGET SEEDS [libFuzzer options]`. libFuzzer adds
# what it finds to the target's own corpus folder; the committed seeds are only read.
fuzz() {
[ -n "$only" ] && [ "$only" != "$1" ] && return 0
target=$1
seeds=$2
shift 2
corpus="$build_dir/corpus-$target"
[ "$target" = fuzz_analysis ] && [ -d "$build_dir/corpus" ] && corpus="$build_dir/corpus" # older runs' finds
artifacts="$build_dir/artifacts"
mkdir -p "$corpus" "$artifacts"
log="$build_dir/$target.log"
# libFuzzer replays every input it has before the clock starts to matter (about ten per
# second); a corpus grown over long runs makes short runs long (README: shrink it).
known=$(find "$corpus" "$seeds" -type f | wc -l)
echo "fuzz: $target: replaying $known known inputs first, then fuzzing until ${seconds} s have passed" >&2

# -timeout: seconds for one input, above the target's 10 s analysis budget (a hang is what
# the budget could not stop); -rss_limit_mb: libclang with the prelude needs a few hundred
# MB, more is a memory explosion; -max_len: larger inputs mostly repeat what smaller show.
options=(-max_total_time="$seconds" -timeout=60 -rss_limit_mb=4096 -max_len=32768
  -artifact_prefix="$PWD/$artifacts/" -print_final_stats=1 "$@")
set +e
if [ "$fast" = 0 ]; then
  "$build_dir/bin/$target" "${options[@]}" "$corpus" "$seeds" 2>&1 | tee "$log" | grep -E --line-buffered "$report_filter"
  status=${PIPESTATUS[0]}
  logs=("$log")
else
  # One process per core, sharing the corpus folder (each reloads what the others found).
  # Inputs up to 2 KB (a few kernels and their launches) parse several times faster than
  # whole files; -entropic=0: entropic scheduling's bookkeeping took a fifth of the time.
  jobs_dir="$build_dir/jobs-$target"
  rm -rf "$jobs_dir"
  mkdir -p "$jobs_dir"
  cores=$(nproc)
  (cd "$jobs_dir" && "$OLDPWD/$build_dir/bin/$target" "${options[@]}" -max_len=2048 -entropic=0 \
    -jobs="$cores" -workers="$cores" "$OLDPWD/$corpus" "$OLDPWD/$seeds" >"$OLDPWD/$log" 2>&1)
  status=$?
  logs=("$jobs_dir"/fuzz-*.log) # the parent's log repeats them
  grep -hE "$report_filter" "$jobs_dir"/fuzz-*.log | grep -vE '^#[0-9]+ +pulse' | tail -40 >&2
fi
set -e
[ "$status" -ne 0 ] && explain_failure "$status" "${logs[@]}"
runs=$(cat "${logs[@]}" | grep -o 'stat::number_of_executed_units: [0-9]*' | grep -o '[0-9]*$' \
  | awk '{ s += $1 } END { print s + 0 }')
echo "fuzz: $target: no crash, hang, leak or memory explosion in ${seconds} s ($runs inputs)" >&2

if [ "$fast" = 1 ]; then
  # What the fast build explored, checked by the ASan build: every input once.
  echo "fuzz: $target: replaying $(find "$corpus" -type f | wc -l) inputs found under ASan" >&2
  set +e
  "$asan_dir/bin/$target" -runs=0 -timeout=60 -rss_limit_mb=4096 -max_len=32768 \
    -artifact_prefix="$PWD/$artifacts/" "$corpus" >"$log.asan" 2>&1
  status=$?
  set -e
  [ "$status" -ne 0 ] && explain_failure "$status" "$log.asan"
  echo "fuzz: $target: the ASan build found nothing in them" >&2
fi
}

# The front end and the analysis on CUDA, then the other readers (saved analyses, PTX, CSVs,
# traces; the first byte of an input picks the reader).
fuzz fuzz_analysis tests/fuzz/seeds -dict="$PWD/tests/fuzz/cuda.dict"
fuzz fuzz_readers tests/fuzz/reader-seeds
