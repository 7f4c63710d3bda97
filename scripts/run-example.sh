#!/usr/bin/env bash
# The main job: install what is missing, build, and open the bundled example project:
# in the GUI when a display is available, otherwise as a CLI listing.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec build/bin/slicewatt examples/imagepipe
fi
echo "No display: listing the example's kernels with the CLI instead of opening the GUI." >&2
exec build/bin/slicewatt-cli kernels examples/imagepipe
