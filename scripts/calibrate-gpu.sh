#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# On a machine with an NVIDIA GPU, its driver and the CUDA toolkit (nvcc): calibrates the GPU
# with slicewatt-calibrate, measures the validation programs (tests/validation/programs.txt)
# and compares SliceWatt's static predictions with the measurements; then measures the suite of
# real kernels (the test corpus through tests/validation/real-kernels/drivers, each launched
# back to back) and fits the physical power model's constants to them (fit-real-kernels.sh).
#
#   scripts/calibrate-gpu.sh [--quick] [--device N] [--class-seconds S] [--warmup-seconds S]
#                            [--no-real-kernels]
#   scripts/calibrate-gpu.sh --programs-only [--device N]
#   scripts/calibrate-gpu.sh --real-kernels-only [--device N]
#
# --programs-only keeps the GPU's committed calibration (tests/validation/GPU_ID/calibration,
# its t_p) and measures the validation programs again: validation.csv and traces/ are new.
# --real-kernels-only measures the real kernels alone (a few minutes): real-kernels/corpus-runs.csv,
# and, where slicewatt-cli is built, real-kernels/models/physical.json with its held-out figures
# (real-kernels/models/fit-physical.txt). Where it is not (a lent machine), fit on this side:
#   scripts/fit-real-kernels.sh tests/validation/GPU_ID/real-kernels/corpus-runs.csv=tests/validation/real-kernels/drivers \
#     --gpu "GPU NAME" --into tests/validation/GPU_ID/real-kernels/models
# The real-kernel harness (meas.cuh, as ../shared/data/h200 measured) reads NVML's device 0, so
# the suite is measured on device 0 only: with --device N > 0 it is left out, and said so.
#
# Writes tests/validation/GPU_ID/ in the working tree: calibration/ (calibration.csv, traces,
# models/ with the GPU's own instruction-class energy table energy-GPU_ID.json when
# --energy-classes succeeds), validation.csv (+ traces/) and, where slicewatt-cli can run, summary-MODEL.json
# per model; test_calibration recomputes the errors from them. When $OUT is set (the device
# tool's output folder) the folder is archived there as validation-GPU_ID.tar.gz after each step. --quick: fewer, shorter points, for
# a first look; commit only full runs.
#
# On a machine that cannot install Qt (the lent GPU machines), build the kit first on this
# side with scripts/device-kit.sh and carry .devicekit: its slicewatt-calibrate is used, and
# the comparison (slicewatt-cli validate, which needs libclang) is left for this side.
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0
device=0
programs_only=0
real_kernels=1
real_kernels_only=0
class_seconds=""
warmup_seconds=""
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1 ;;
    --programs-only) programs_only=1; real_kernels=0 ;;
    --real-kernels-only) real_kernels_only=1 ;;
    --no-real-kernels) real_kernels=0 ;;
    --device) device="$2"; shift ;;
    # The energy classes' run and warm-up (slicewatt-calibrate's defaults: 10 s and 30 s);
    # shorter fits a lent machine's few minutes, the energy counter needs only seconds.
    --class-seconds) class_seconds="$2"; shift ;;
    --warmup-seconds) warmup_seconds="$2"; shift ;;
    *) echo "usage: $0 [--quick] [--programs-only | --real-kernels-only | --no-real-kernels] [--device N]" \
            "[--class-seconds S] [--warmup-seconds S]" >&2
       exit 2 ;;
  esac
  shift
done

command -v nvcc >/dev/null || { [ -x /usr/local/cuda/bin/nvcc ] && export PATH=/usr/local/cuda/bin:$PATH; }
command -v nvcc >/dev/null || { echo "calibrate-gpu: nvcc not found (install the CUDA toolkit)" >&2; exit 1; }
command -v nvidia-smi >/dev/null || echo "calibrate-gpu: nvidia-smi not found; NVML comes with the driver" >&2

cli=""
if [ -x .devicekit/bin/slicewatt-calibrate ]; then
  export LD_LIBRARY_PATH="$PWD/.devicekit/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  calibrate=.devicekit/bin/slicewatt-calibrate
else
  if ! command -v cmake >/dev/null || ! dpkg -s qt6-base-dev >/dev/null 2>&1; then
    bash scripts/install-deps.sh
  fi
  build=build-gpu
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DSLICEWATT_BUILD_TESTS=OFF \
    -DCMAKE_CUDA_ARCHITECTURES=native >/dev/null
  cmake --build "$build" --target slicewatt-calibrate slicewatt-cli
  calibrate="$build/bin/slicewatt-calibrate"
  cli="$build/bin/slicewatt-cli"
fi

gpu_name=$(nvidia-smi --query-gpu=name --format=csv,noheader -i "$device" 2>/dev/null | head -1 || true)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The folder name slicewatt-calibrate gives the GPU (calibrationGpuId): lower case, every run
# of other characters one '-'.
gpu_id_of() { tr '[:upper:]' '[:lower:]' <<<"$1" | sed -E 's/[^a-z0-9]+/-/g; s/^-+//; s/-+$//'; }

# The device tool brings back a few files at most two folders down: the folder travels as one
# archive, written after each step so a run cut off at its time limit still returns what it
# measured (unpack with: tar -xzf validation-GPU_ID.tar.gz).
hand_out() {
  [ -n "${OUT:-}" ] || return 0
  tar -czf "$OUT/validation-$gpu_id.tar.gz.part" "$target" && mv "$OUT/validation-$gpu_id.tar.gz.part" "$OUT/validation-$gpu_id.tar.gz"
}

# 4. The real kernels: the test corpus's drivers, measured as ../shared/data/h200 was (harness
# meas.cuh: time from CUDA events over back-to-back launches, power from NVML's energy counter
# with both ends on a counter update), then the physical model fitted to them with whole
# kernels held out, where slicewatt-cli is built.
measure_real_kernels() {
  local real="$target/real-kernels"
  if [ "$device" != 0 ]; then
    echo "calibrate-gpu: the real kernels are measured on device 0 only (the harness reads NVML's device 0); left out" >&2
    return 0
  fi
  if [ -z "$gpu_name" ]; then
    echo "calibrate-gpu: nvidia-smi names no GPU; the real kernels are left out" >&2
    return 1
  fi
  mkdir -p "$real"
  local repeat=2 seconds=1.2
  [ "$quick" = 1 ] && repeat=1 seconds=0.6
  OUT="$work/real-kernels" REPEAT=$repeat MEAS_S=$seconds \
    bash tests/validation/real-kernels/run.sh
  [ -s "$work/real-kernels/runs.csv" ] || { echo "calibrate-gpu: the real kernels gave no runs.csv" >&2; return 1; }
  cp "$work/real-kernels/runs.csv" "$real/corpus-runs.csv"
  cp "$work/real-kernels/logs.tar.gz" "$real/logs.tar.gz" 2>/dev/null || true
  { nvidia-smi -i 0; nvcc --version; } > "$real/nvidia-smi.txt" 2>&1 || true
  echo "measured $(grep -c '^RUN' "$real/corpus-runs.csv") real-kernel launches on $gpu_name"
  hand_out
  local runs="$real/corpus-runs.csv=tests/validation/real-kernels/drivers"
  if [ -n "$cli" ]; then
    bash scripts/fit-real-kernels.sh "$runs" --gpu "$gpu_name" --into "$real/models" --cli "$cli" \
      || echo "calibrate-gpu: the physical model was not fitted (above); the runs are kept" >&2
  else
    echo "fit on a machine with slicewatt-cli: scripts/fit-real-kernels.sh $runs --gpu '$gpu_name' --into $real/models"
  fi
  hand_out
}

if [ "$real_kernels_only" = 1 ]; then
  [ -n "$gpu_name" ] || { echo "calibrate-gpu: nvidia-smi names no GPU $device" >&2; exit 1; }
  gpu_id=$(gpu_id_of "$gpu_name")
  target="tests/validation/$gpu_id"
  measure_real_kernels
  echo "written: $target/real-kernels"
  exit 0
fi

if [ "$programs_only" = 1 ]; then
  gpu_id=$(gpu_id_of "$gpu_name")
  target="tests/validation/$gpu_id"
  [ -f "$target/calibration/calibration.csv" ] \
    || { echo "calibrate-gpu: --programs-only needs $target/calibration (run without it first)" >&2; exit 1; }
  lag=$(sed -n 's/^# lag_s: //p' "$target/calibration/calibration.csv")
  lag_option=()
  [ -n "$lag" ] && [ "$lag" != unknown ] && lag_option=(--lag "$lag")
  rm -rf "$target/validation.csv" "$target/traces" "$target"/summary-*.json
  echo "measuring the programs on ${gpu_name:-GPU $device} ($gpu_id) with its committed calibration; t_p ${lag:-unknown} s"
else
  # 1. Calibrate.
  options=()
  [ "$quick" = 1 ] && options=(--seconds 0.5 --intensities 7,180,8200 --saturations 0.25,1 --epochs 2000)
  "$calibrate" --device "$device" -o "$work/calibration" "${options[@]}"
  gpu_id=$(sed -n 's/^# gpu_id: //p' "$work/calibration/calibration.csv")
  lag=$(sed -n 's/^# lag_s: //p' "$work/calibration/calibration.csv")
  lag_option=()
  [ -n "$lag" ] && [ "$lag" != unknown ] && lag_option=(--lag "$lag")

  # 1b. The GPU's own instruction-class energy table (METHOD §9), into calibration/models/. A
  # failure (a class measured below the baseline, say) leaves the table out, not the rest.
  # The calibration's t_p: the baseline right after the warm-up shows no step to learn it from.
  energy_options=("${lag_option[@]}")
  [ "$quick" = 1 ] && energy_options+=(--class-seconds 2 --warmup-seconds 5)
  [ -n "$class_seconds" ] && energy_options+=(--class-seconds "$class_seconds")
  [ -n "$warmup_seconds" ] && energy_options+=(--warmup-seconds "$warmup_seconds")
  "$calibrate" --device "$device" --energy-classes -o "$work/calibration" "${energy_options[@]}" \
    || echo "calibrate-gpu: the energy-class calibration failed; no instruction-class table for this GPU" >&2

  target="tests/validation/$gpu_id"
  # What this run measures anew; real-kernels/ stays unless measured again below.
  rm -rf "$target/calibration" "$target/validation.csv" "$target/traces" "$target"/summary-*.json
  mkdir -p "$target"
  cp -r "$work/calibration" "$target/calibration"
  echo "calibrated ${gpu_name:-GPU $device} as $gpu_id; t_p ${lag:-unknown} s"
fi

hand_out

# 2. Build every validation program at once (nvcc is slow and single-threaded; a lent GPU
# machine has many cores and little time), then measure each in turn.
# With CUPTI (the toolkit's, wherever this installation keeps it) ProgramLoop.cu also reports
# how long kernels kept the GPU busy inside the loop, which the comparison needs.
mkdir -p "$work/bin"
cuda_root=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")
cupti_include=$(find "$cuda_root" /usr/local/cuda/extras/CUPTI -name cupti.h -printf '%h\n' 2>/dev/null | head -1 || true)
cupti_lib=$(find "$cuda_root" /usr/local/cuda/extras/CUPTI -name 'libcupti.so' -printf '%h\n' 2>/dev/null | head -1 || true)
loop_link=()
if [ -n "$cupti_include" ] && [ -n "$cupti_lib" ] \
   && nvcc -O2 -std=c++17 -arch=native -DSLICEWATT_CUPTI -I"$cupti_include" -c app/calibrate/ProgramLoop.cu \
        -o "$work/bin/loop.o"; then
  loop_link=(-L"$cupti_lib" -lcupti -Xlinker -rpath="$cupti_lib")
  echo "calibrate-gpu: kernel time from CUPTI ($cupti_lib)"
else
  echo "calibrate-gpu: no CUPTI found: the programs' kernel time is not measured" >&2
  nvcc -O2 -std=c++17 -arch=native -c app/calibrate/ProgramLoop.cu -o "$work/bin/loop.o"
fi
loop_link_flags="${loop_link[*]}"
build_program() {
  local file=$1 name=${1%.cu}
  # shellcheck disable=SC2086 # the CUPTI flags are words
  nvcc -O2 -std=c++17 -arch=native -Dmain=slicewatt_program_main -c "tests/corpus/$file" \
       -o "$work/bin/$name.o" 2>"$work/bin/$name.log" \
    && nvcc -arch=native "$work/bin/$name.o" "$work/bin/loop.o" $loop_link_flags -o "$work/bin/$name" \
         2>>"$work/bin/$name.log"
}
export -f build_program
export work loop_link_flags
grep -v '^#' tests/validation/programs.txt | awk 'NF {print $1}' \
  | xargs -P "$(nproc)" -I{} bash -c 'build_program "$1" || true' _ {}
seconds=3
[ "$quick" = 1 ] && seconds=1.5
grep -v '^#' tests/validation/programs.txt | while read -r file kernel; do
  [ -n "$file" ] || continue
  name="${file%.cu}"
  if [ ! -x "$work/bin/$name" ]; then
    echo "calibrate-gpu: $file does not build, left out:" >&2
    cat "$work/bin/$name.log" >&2
    continue
  fi
  kernel_option=()
  [ "$kernel" != - ] && kernel_option=(--kernel "$kernel")
  SLICEWATT_LOOP_SECONDS=$seconds "$calibrate" --device "$device" --measure-program "tests/corpus/$file" \
    "${kernel_option[@]}" "${lag_option[@]}" --validation "$target/validation.csv" -- "$work/bin/$name" \
    || echo "calibrate-gpu: $file failed to run, left out" >&2
done
hand_out

# 3. Compare with the calibrated models (here when slicewatt-cli is built, else on the other side).
[ -n "$cli" ] && for model in "$gpu_id-jos13-idle" "$gpu_id-jos13" "$gpu_id-wnn"; do
  [ -f "$target/calibration/models/$model.json" ] || continue
  "$cli" validate "$target/validation.csv" --models-dir "$target/calibration/models" --gpu "$gpu_id" \
    --model "$model" --format json -o "$target/summary-$model.json" || true
  echo "== $model"
  "$cli" validate "$target/validation.csv" --models-dir "$target/calibration/models" --gpu "$gpu_id" \
    --model "$model" | tail -1
done

[ -n "$cli" ] || echo "compare on a machine with slicewatt-cli: slicewatt-cli validate $target/validation.csv" \
  "--models-dir $target/calibration/models --gpu $gpu_id --model $gpu_id-jos13-idle"
hand_out
[ "$real_kernels" = 1 ] && measure_real_kernels
echo "written: $target"
