#!/usr/bin/env bash
# Renders the application icon's PNG sizes from resources/icons/slicewatt.svg into
# resources/icons/hicolor/<N>x<N>/apps/slicewatt.png. The PNGs are committed: building and
# packaging never need this script or rsvg-convert (apt-get install librsvg2-bin), only
# changing the SVG does.
set -euo pipefail
cd "$(dirname "$0")/.."
svg=resources/icons/slicewatt.svg
for size in 16 22 24 32 48 64 128 256; do
  out=resources/icons/hicolor/${size}x${size}/apps/slicewatt.png
  mkdir -p "$(dirname "$out")"
  rsvg-convert --width "$size" --height "$size" --format png "$svg" --output "$out"
done
echo "render-icons: wrote resources/icons/hicolor/*/apps/slicewatt.png" >&2
