#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Fits the physical power model (METHOD §9, resources/help/physical-model.md) to real kernels
# measured back to back on one GPU (tests/validation/real-kernels/run.sh's runs.csv, or
# ../shared/data/h200's), with whole kernels held out, and writes a model file the app and the
# CLI load with --models-dir.
#
#   scripts/fit-real-kernels.sh RUNS.csv[=DRIVERS]... --gpu NAME --into FOLDER [--cli PATH]
#
# NAME: the catalogue's id or a name of the GPU (nvidia-smi's "NVIDIA H200" works: the vendor is
# dropped). DRIVERS: the drivers that launched the cases (default: drivers/ beside RUNS.csv).
# FOLDER gets physical.json (the shipped models/physical.json with this GPU's entry fitted
# anew, so every other GPU keeps its constants) and fit-physical.txt (the held-out figures, the
# constants and every launch's inputs). Nothing else is written. PATH: slicewatt-cli
# (default: $SLICEWATT_CLI, else build/bin/slicewatt-cli).
#
# calibrate-gpu.sh calls this after measuring the corpus where slicewatt-cli is built; on a lent
# GPU machine without Qt it measures only, and this runs on the other side.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

runs=()
gpu=""
into=""
cli=${SLICEWATT_CLI:-$root/build/bin/slicewatt-cli}
usage() { echo "usage: $0 RUNS.csv[=DRIVERS]... --gpu NAME --into FOLDER [--cli PATH]" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --gpu) [ $# -ge 2 ] || usage; gpu="$2"; shift ;;
    --into) [ $# -ge 2 ] || usage; into="$2"; shift ;;
    --cli) [ $# -ge 2 ] || usage; cli="$2"; shift ;;
    -*) usage ;;
    *) runs+=("$1") ;;
  esac
  shift
done
if [ ${#runs[@]} -eq 0 ] || [ -z "$gpu" ] || [ -z "$into" ]; then usage; fi
[ -x "$cli" ] || { echo "fit-real-kernels: $cli is not built (bash scripts/build.sh)" >&2; exit 1; }
for run in "${runs[@]}"; do
  [ -f "${run%%=*}" ] || { echo "fit-real-kernels: no such runs file: ${run%%=*}" >&2; exit 1; }
done
# nvidia-smi's names carry the vendor; the catalogue's names and aliases do not.
gpu=${gpu#NVIDIA }

mkdir -p "$into"
model="$into/physical.json"
# Fitted into a copy, moved into place only when the fit succeeds. The copy starts from the
# file already there (an earlier fit into the same folder), else from the shipped one, so the
# GPUs not measured here keep their constants.
work=$(mktemp "$into/.physical.XXXXXX")
summary=$(mktemp "$into/.fit-physical.XXXXXX")
trap 'rm -f "$work" "$summary"' EXIT
if [ -f "$model" ]; then cp "$model" "$work"; else cp "$root/models/physical.json" "$work"; fi
if ! "$cli" fit-physical "${runs[@]}" --gpu "$gpu" --model-file "$work" > "$summary"; then
  echo "fit-real-kernels: fit-physical failed for '$gpu' (is it in the catalogue? slicewatt-cli help analyze lists it)" >&2
  exit 1
fi
chmod 644 "$work" "$summary"
mv "$work" "$model"
mv "$summary" "$into/fit-physical.txt"
sed -n '1,/^Constants/p' "$into/fit-physical.txt" | sed '$d'
echo "written: $model and $into/fit-physical.txt"
echo "use: slicewatt-cli analyze PROJECT --models-dir $into --gpu '$gpu'"
echo "     (the app: Edit > Preferences, model folders: $into)"
echo "ship: cp $model models/physical.json, with the runs and a README saying how they were measured"
