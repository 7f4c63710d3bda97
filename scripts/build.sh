#!/usr/bin/env bash
# Configures (once) and builds SliceWatt into build/. Quick when nothing changed:
# Ninja rebuilds only what changed and ccache serves recompiles.
# Usage: scripts/build.sh [--sanitize]   (the sanitizer build goes to build-asan/)
set -euo pipefail
cd "$(dirname "$0")/.."

build_dir=build
extra=()
if [ "${1:-}" = "--sanitize" ]; then
  build_dir=build-asan
  extra+=(-DSLICEWATT_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug)
else
  extra+=(-DCMAKE_BUILD_TYPE=RelWithDebInfo)
fi
# Warnings are errors in CI; locally they stay warnings so a newer compiler never blocks a user.
if [ "${CI:-}" = "true" ]; then
  extra+=(-DSLICEWATT_WERROR=ON)
fi

if [ ! -f "$build_dir/build.ninja" ] || [ "${CI:-}" = "true" ]; then
  cmake -S . -B "$build_dir" -G Ninja "${extra[@]}" >/dev/null
fi
cmake --build "$build_dir" --parallel "$(nproc)"
