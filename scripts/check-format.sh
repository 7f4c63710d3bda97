#!/usr/bin/env bash
# Checks that the project's C++ sources follow .clang-format (Debian 12's clang-format 14,
# installed with the other dependencies). The CUDA prelude, the test corpus, the bundled example and the
# fuzz seeds are CUDA inputs, not our sources, and are left as written.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh # clang-format among them
git ls-files '*.cpp' '*.h' ':!tests/corpus/**' ':!tests/fuzz/seeds/**' ':!examples/**' ':!resources/prelude/**' \
  | xargs clang-format --dry-run -Werror
echo "check-format: every source follows .clang-format"
