#!/usr/bin/env bash
# The main job: install what is missing, build, and analyse the bundled example project:
# in the GUI when a display is available; otherwise the power table of every kernel and
# the PDF report on an H200 (the physical model), with the CLI (the report goes to build/,
# never into the project).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec build/bin/slicewatt examples/imagepipe
fi
echo "No display: estimating the example's power with the CLI instead of opening the GUI." >&2
build/bin/slicewatt-cli analyze examples/imagepipe --gpu h200
build/bin/slicewatt-cli report examples/imagepipe --gpu h200 -o build/imagepipe-report.pdf
echo "Report: build/imagepipe-report.pdf" >&2
