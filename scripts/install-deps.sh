#!/usr/bin/env bash
# Installs the Debian 12 packages SliceWatt needs to build, test and run.
# Idempotent: asks apt only for packages that are missing, so a second run is quick.
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache pkg-config
  qt6-base-dev qt6-base-dev-tools libgl-dev
  libclang-dev clang llvm-dev
  # libFuzzer for scripts/fuzz.sh: compiler-rt of Debian's default clang, the same version as `clang`
  libclang-rt-dev
  libeigen3-dev libqcustomplot-dev
  # gradient-boosted trees for the PTX power model (METHOD section 10)
  libxgboost-dev
  # thrust and cub headers: real CUDA projects include them, the parse reads Debian's copies
  libthrust-dev libcub-dev
  xvfb xauth poppler-utils
  # at run time: the PDF report's fonts, Qt's display plugins
  fonts-dejavu-core qt6-qpa-plugins
  # packaging (cpack -G DEB runs dpkg-shlibdeps) and checking the desktop file and metainfo
  dpkg-dev file desktop-file-utils appstream
  # .ci/run checks the sources' formatting
  clang-format
  # test_packaging checks the man pages with groff; test_compare_git runs the README's CI recipe in git
  groff git
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "install-deps: missing packages: ${missing[*]}" >&2
  echo "install-deps: run as root (or with sudo) to install them" >&2
  exit 1
fi

echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
