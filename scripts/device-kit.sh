#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds slicewatt-calibrate here and gathers it with the shared libraries it needs into
# .devicekit/ (git-ignored, ~50 MiB), for a GPU machine that has the driver and nvcc but
# cannot install Qt (the device tool carries .devicekit with the working tree). There:
#   scripts/calibrate-gpu.sh      (uses .devicekit/bin/slicewatt-calibrate when present)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v nvcc >/dev/null || { [ -x /usr/local/cuda/bin/nvcc ] && export PATH=/usr/local/cuda/bin:$PATH; }
command -v nvcc >/dev/null || { echo "device-kit: nvcc not found: slicewatt-calibrate needs the CUDA toolkit" >&2; exit 1; }
build=build-devicekit
# Hopper and Ampere machine code plus PTX, so the kit runs on the lent H100/H200 and newer.
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DSLICEWATT_BUILD_TESTS=OFF \
  -DCMAKE_CUDA_ARCHITECTURES="80-real;90" >/dev/null
cmake --build "$build" --target slicewatt-calibrate
rm -rf .devicekit
mkdir -p .devicekit/bin .devicekit/lib
strip -o .devicekit/bin/slicewatt-calibrate "$build/bin/slicewatt-calibrate"
# Every shared library but the C and C++ runtimes, which the machine has (newer is fine).
ldd "$build/bin/slicewatt-calibrate" | awk '$3 ~ /^\// {print $3}' | while read -r lib; do
  case "$(basename "$lib")" in
    libc.so.*|libm.so.*|libstdc++.so.*|libgcc_s.so.*|libpthread.so.*|libdl.so.*|librt.so.*) ;;
    *) cp -L "$lib" .devicekit/lib/ ;;
  esac
done
du -sh .devicekit
