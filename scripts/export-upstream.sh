#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Exports the upstream sources of the measured kernels (NVIDIA cuda-samples, Rodinia) into the
# folder the tests read them from, outside the checkout: nothing upstream is ever committed.
#
#   scripts/export-upstream.sh [--cuda-samples GIT] [--rodinia GIT] [--shared DIR] [--clone]
#                              [--into DIR] [--if-available]
#
# DIR (--into) defaults to $SLICEWATT_UPSTREAM_DIR, else ../upstream beside the checkout: the
# one setting the tests read (tests/TestSupport.h, upstreamDir). It gets the layout the
# measurements name their kernels by:
#   corpus/measured/cuda-samples/<category>/<program>   (../shared/data/alavani/kernels.csv)
#   corpus/measured/rodinia/<program>
#   data/h200/src/samples/<program>, .../Common          (the drivers' #include "../src/...")
#   data/h200/{drivers,meas.cuh,runs.csv,...}            (copied from ../shared/data/h200)
# Each repository comes, in this order, from a git directory given (a fetched mirror, bare or
# not, holding the pinned commit), from ../shared while it still carries the sources, or with
# --clone from GitHub at the pinned commit. --if-available: exit 0 with a note when no source
# is at hand (run-tests.sh uses it; the tests that need the sources then skip and say why).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

# The commits the measured copies were taken at (their files match these byte for byte).
cuda_samples_commit=c94ff366aed18c797b8a85dfaac7817b0228b420
cuda_samples_url=https://github.com/NVIDIA/cuda-samples.git
rodinia_commit=9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4
rodinia_url=https://github.com/yuhc/gpu-rodinia.git

# The measured programs: Alavani et al.'s kernels (kernels.csv) and the H200 drivers' samples.
corpus_samples=(0_Introduction/clock 0_Introduction/simpleCallback 0_Introduction/simpleOccupancy
  0_Introduction/vectorAdd 2_Concepts_and_Techniques/convolutionSeparable
  2_Concepts_and_Techniques/convolutionTexture 2_Concepts_and_Techniques/histogram
  2_Concepts_and_Techniques/inlinePTX 2_Concepts_and_Techniques/scan 2_Concepts_and_Techniques/shfl_scan
  3_CUDA_Features/cdpSimpleQuicksort 5_Domain_Specific/binomialOptions 5_Domain_Specific/fastWalshTransform
  6_Performance/transpose)
corpus_rodinia=(bfs cfd gaussian hotspot kmeans lud nn nw particlefilter srad)
h200_samples=(0_Introduction/matrixMul 0_Introduction/mergeSort 0_Introduction/vectorAdd
  2_Concepts_and_Techniques/convolutionSeparable 2_Concepts_and_Techniques/dct8x8
  2_Concepts_and_Techniques/histogram 2_Concepts_and_Techniques/reduction 2_Concepts_and_Techniques/scalarProd
  2_Concepts_and_Techniques/sortingNetworks 5_Domain_Specific/BlackScholes 5_Domain_Specific/MonteCarloMultiGPU
  5_Domain_Specific/SobolQRNG 5_Domain_Specific/binomialOptions 5_Domain_Specific/dwtHaar1D
  5_Domain_Specific/fastWalshTransform 5_Domain_Specific/nbody 5_Domain_Specific/quasirandomGenerator
  6_Performance/transpose)

samples_git=""
rodinia_git=""
shared="$root/../shared"
clone=0
if_available=0
into=${SLICEWATT_UPSTREAM_DIR:-$root/../upstream}
usage() {
  echo "usage: $0 [--cuda-samples GIT] [--rodinia GIT] [--shared DIR] [--clone] [--into DIR] [--if-available]" >&2
  exit 2
}
while [ $# -gt 0 ]; do
  case "$1" in
    --cuda-samples) [ $# -ge 2 ] || usage; samples_git="$2"; shift ;;
    --rodinia) [ $# -ge 2 ] || usage; rodinia_git="$2"; shift ;;
    --shared) [ $# -ge 2 ] || usage; shared="$2"; shift ;;
    --into) [ $# -ge 2 ] || usage; into="$2"; shift ;;
    --clone) clone=1 ;;
    --if-available) if_available=1 ;;
    -h|--help) usage ;;
    *) echo "$0: unknown argument $1" >&2; usage ;;
  esac
  shift
done

work=$(mktemp -d)
mkdir -p "$(dirname "$into")"
# Staged beside the destination (same file system), so the last step is a rename.
stage=$(mktemp -d "$(dirname "$into")/.upstream-export.XXXXXX")
trap 'rm -rf "$work" "$stage"' EXIT
mkdir -p "$stage/corpus/measured/cuda-samples" "$stage/corpus/measured/rodinia" "$stage/data/h200/src/samples"

# git_export GITDIR COMMIT DEST FOLDER...: the text files (code, build files, notes) of the
# folders at COMMIT, unpacked below DEST. Data files are left: no test reads them, and a
# fetched mirror may hold only their pointers.
git_export() {
  local git="$1" commit="$2" dest="$3"
  shift 3
  local files=()
  mapfile -t files < <(git -C "$git" ls-tree -r --name-only "$commit" -- "$@" |
    grep -E '\.(cu|cuh|h|hpp|c|cc|cpp|inc|txt|md)$')
  mkdir -p "$dest"
  git -C "$git" archive "$commit" -- LICENSE "${files[@]}" | tar -x -C "$dest"
}

# A clone at the pinned commit, in the temporary folder (only with --clone).
cloned() {
  local url="$1" commit="$2" dir="$work/clone-$(basename "$url" .git)"
  if [ ! -d "$dir" ]; then
    git clone -q --filter=blob:none --no-checkout "$url" "$dir" >&2
    git -C "$dir" fetch -q origin "$commit" >&2
  fi
  echo "$dir"
}

has_commit() { git -C "$1" cat-file -e "$2^{commit}" 2>/dev/null; }

# Where cuda-samples comes from: "git:DIR" or "shared".
pick() {
  local given="$1" commit="$2" url="$3" in_shared="$4"
  if [ -n "$given" ]; then
    if ! has_commit "$given" "$commit"; then
      echo "$0: $given does not hold commit $commit (the one measured)" >&2
      exit 1
    fi
    echo "git:$given"
  elif [ -e "$in_shared" ]; then
    echo "shared"
  elif [ "$clone" = 1 ]; then
    echo "git:$(cloned "$url" "$commit")"
  else
    echo ""
  fi
}

samples_from=$(pick "$samples_git" "$cuda_samples_commit" "$cuda_samples_url" "$shared/data/h200/src/samples/vectorAdd")
rodinia_from=$(pick "$rodinia_git" "$rodinia_commit" "$rodinia_url" "$shared/corpus/measured/rodinia/bfs")
if [ -z "$samples_from" ] || [ -z "$rodinia_from" ]; then
  message="no upstream sources at hand (give --cuda-samples and --rodinia mirrors, or --clone)"
  if [ "$if_available" = 1 ]; then
    echo "export-upstream: $message; the tests that read them will skip" >&2
    exit 0
  fi
  echo "$0: $message" >&2
  exit 1
fi

case "$samples_from" in
  shared)
    cp -R "$shared/corpus/measured/cuda-samples/." "$stage/corpus/measured/cuda-samples/"
    cp -R "$shared/data/h200/src/samples/." "$stage/data/h200/src/samples/"
    ;;
  git:*)
    git="${samples_from#git:}"
    git_export "$git" "$cuda_samples_commit" "$work/cs" Common "${corpus_samples[@]/#/Samples/}" \
      "${h200_samples[@]/#/Samples/}"
    for program in "${corpus_samples[@]}"; do
      mkdir -p "$stage/corpus/measured/cuda-samples/$(dirname "$program")"
      cp -R "$work/cs/Samples/$program" "$stage/corpus/measured/cuda-samples/$program"
    done
    cp "$work/cs/LICENSE" "$stage/corpus/measured/cuda-samples/LICENSE"
    for program in "${h200_samples[@]}"; do
      cp -R "$work/cs/Samples/$program" "$stage/data/h200/src/samples/$(basename "$program")"
    done
    cp -R "$work/cs/Common" "$stage/data/h200/src/samples/Common"
    cp "$work/cs/LICENSE" "$stage/data/h200/src/samples/LICENSE"
    ;;
esac

case "$rodinia_from" in
  shared) cp -R "$shared/corpus/measured/rodinia/." "$stage/corpus/measured/rodinia/" ;;
  git:*)
    git="${rodinia_from#git:}"
    git_export "$git" "$rodinia_commit" "$work/rod" "${corpus_rodinia[@]/#/cuda/}"
    for program in "${corpus_rodinia[@]}"; do
      cp -R "$work/rod/cuda/$program" "$stage/corpus/measured/rodinia/$program"
    done
    cp "$work/rod/LICENSE" "$stage/corpus/measured/rodinia/LICENSE"
    ;;
esac

# The H200 measurements and their drivers are ours and stay in ../shared; beside the sources
# they make a folder validate-time and the tests can read (`#include "../src/samples/..."`).
if [ -d "$shared/data/h200/drivers" ]; then
  for item in "$shared/data/h200/"*; do
    [ "$(basename "$item")" = src ] || cp -R "$item" "$stage/data/h200/"
  done
fi

# Replace the folder whole, so a half-written export never stands where the tests look.
rm -rf "$into.old"
[ -e "$into" ] && mv "$into" "$into.old"
mv "$stage" "$into"
rm -rf "$into.old"
echo "export-upstream: cuda-samples from ${samples_from%%:*}, Rodinia from ${rodinia_from%%:*} → $into"
