#!/usr/bin/env bash
# Device side of the measurement of the test corpus's kernels (a copy of ../shared/data/h200/run.sh
# with the corpus drivers' include path): builds every driver in parallel, then measures every
# case, REPEAT passes (the second over the binaries in reverse order), idle before, between and
# after. Each binary measures its cases in one process; cases lost to a crash are retried one
# by one. Results: $OUT/runs.csv, build and run logs in $OUT/logs.tar.gz ($OUT: default out/
# beside this script, git-ignored). ARCH: nvcc's -arch (default native: the GPU of this machine;
# the committed H100 and H200 runs were built with sm_90).
set -u
cd "$(dirname "$0")"
export PATH=/usr/local/cuda/bin:$PATH
export MEAS_WARM_S=${MEAS_WARM_S:-0.4} MEAS_S=${MEAS_S:-1.2}
arch=${ARCH:-native}
out=${OUT:-$PWD/out}
mkdir -p "$out" bin logs
{ nvidia-smi; nvcc --version; nvidia-smi -q -d POWER,CLOCK,TEMPERATURE,PERFORMANCE; } > logs/smi.txt 2>&1
build() {
  local b
  b=$(basename "$1" .cu)
  (cd drivers && nvcc -O3 -std=c++17 -arch="$arch" -lineinfo "$b.cu" -o "../bin/$b" -ldl) > "logs/$b.build.log" 2>&1 || echo "BUILD FAILED $b"
}
export -f build
export arch
t0=$(date +%s)
nvcc -O3 -std=c++17 -arch="$arch" idle.cu -o bin/idle -ldl > logs/idle.build.log 2>&1 || echo "BUILD FAILED idle"
ls drivers/*.cu | xargs -P "$(nproc)" -I{} bash -c 'build {}'
bins=()
for f in drivers/*.cu; do b=$(basename "$f" .cu); [ -x "bin/$b" ] && bins+=("$b"); done
echo "built in $(( $(date +%s) - t0 )) s: ${#bins[@]} drivers"
tar -czf "$out/logs.tar.gz" logs
csv="$out/runs.csv"
echo "tag,case,kernel,file,grid,block,launch_us,launches,seconds,avg_w,busy,sm_mhz,temp_c" > "$csv"
./bin/idle >> "$csv" 2>> logs/run-errors.log
for pass in $(seq 1 "${REPEAT:-2}"); do
  order=("${bins[@]}")
  if [ "$pass" != 1 ]; then order=(); for ((i=${#bins[@]}-1; i>=0; i--)); do order+=("${bins[$i]}"); done; fi
  for b in "${order[@]}"; do
    timeout 240 "bin/$b" > "logs/$b.pass$pass.txt" 2>> logs/run-errors.log || echo "FAILED,$b,pass$pass,rc=$?" >> "$csv"
    cat "logs/$b.pass$pass.txt" >> "$csv"
    for c in $(grep -o 'meas::run("[^"]*"' "drivers/$b.cu" | sed 's/meas::run("//; s/"$//'); do
      grep -q "^RUN,$c," "logs/$b.pass$pass.txt" && continue
      timeout 60 "bin/$b" "$c" >> "$csv" 2>> logs/run-errors.log || echo "FAILED,$c,,$b,rc=$?" >> "$csv"
    done
  done
  ./bin/idle >> "$csv" 2>> logs/run-errors.log
  tar -czf "$out/logs.tar.gz" logs
  echo "pass $pass done at $(( $(date +%s) - t0 )) s"
done
nvidia-smi -q -d POWER,CLOCK,TEMPERATURE,PERFORMANCE > logs/smi-after.txt 2>&1
tar -czf "$out/logs.tar.gz" logs
echo "done in $(( $(date +%s) - t0 )) s"
grep -c '^RUN' "$csv"; grep -E '^(FAILED|ERROR)' "$csv" | head -20
