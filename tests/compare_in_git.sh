#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue 18: the README's CI recipe on a temporary git repository. A project's history gets a
# realistic change (tests/compare: a loop made longer, global loads moved to a shared tile, a
# kernel renamed, one added, one removed) plus an uncommitted edit and a staged one; then the
# recipe's commands run: the SARIF has every baselineState, the gate exits 3, and the user's
# work tree, index and stash are exactly as before.
#   tests/compare_in_git.sh SLICEWATT_CLI
set -euo pipefail
cli=$(readlink -f "$1")
source_dir=$(cd "$(dirname "$0")/.." && pwd)
# git is installed by scripts/install-deps.sh: without it this check fails instead of passing unseen.
command -v git >/dev/null || { echo "compare_in_git: git is not installed (scripts/install-deps.sh installs it)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "compare_in_git: $*" >&2; exit 1; }

repo="$work/project"
mkdir -p "$repo/src"
cd "$repo"
git init -q -b main
git config user.email ci@example.invalid
git config user.name CI
cp "$source_dir/tests/compare/base/kernels.cu" src/kernels.cu
printf '# a project\n' >README
git add -A
git commit -q -m base
git checkout -q -b change
cp "$source_dir/tests/compare/new/kernels.cu" src/kernels.cu
git commit -q -am change
# The user is in the middle of something: a staged file and an unstaged edit.
printf 'staged\n' >notes.txt
git add notes.txt
printf '# a project, edited\n' >README
before_status=$(git status --porcelain=v2 --branch)
before_index=$(sha256sum .git/index)
before_files=$(find . -path ./.git -prune -o -type f -print | sort)
before_refs=$(git for-each-ref)

# --- the recipe (README, "Compare in CI") ---
out="$work/out"
mkdir -p "$out"
status=0
"$cli" compare --git-rev main . --gpu gtx480 --energy-model aalto2013 \
  --fail-on-increase 20 --format sarif -o "$out/slicewatt.sarif" || status=$?
"$cli" compare --git-rev main . --gpu gtx480 --energy-model aalto2013 --format markdown -o "$out/comment.md"
# --- end of the recipe ---

[ "$status" = 3 ] || fail "the gate exited $status, expected 3 (smooth's energy rose far more than 20 %)"
for state in updated unchanged new absent; do
  grep -q "\"baselineState\": \"$state\"" "$out/slicewatt.sarif" || fail "no result with baselineState $state"
done
grep -q '"uri": "src/kernels.cu"' "$out/slicewatt.sarif" || fail "results are not located in src/kernels.cu"
grep -q 'scaleVectorBy.*renamed or moved from scaleVector' "$out/comment.md" || fail "the rename is not said"
grep -q '~~`legacyCopy`~~ (removed)' "$out/comment.md" || fail "the removed kernel is not listed"

# Saved analyses: a baseline kept as JSON gives the same comparison.
git show main:src/kernels.cu >"$work/base-kernels.cu"
"$cli" analyze "$work/base-kernels.cu" --gpu gtx480 --energy-model aalto2013 -f json -o "$out/base.json"
"$cli" compare "$out/base.json" src/kernels.cu --gpu gtx480 --energy-model aalto2013 -f json -o "$out/saved.json"
grep -q '"match": "renamed or moved"' "$out/saved.json" || fail "the saved baseline did not pair the renamed kernel"

# A revision that does not exist is an error in words, exit 1.
status=0
"$cli" compare --git-rev no-such-rev . 2>"$out/err.txt" || status=$?
[ "$status" = 1 ] || fail "an unknown revision exited $status"
grep -q "no-such-rev" "$out/err.txt" || fail "the unknown revision is not named"

[ "$(git status --porcelain=v2 --branch)" = "$before_status" ] || fail "git status changed"
[ "$(sha256sum .git/index)" = "$before_index" ] || fail "the index changed"
[ "$(find . -path ./.git -prune -o -type f -print | sort)" = "$before_files" ] || fail "files appeared in the work tree"
[ "$(git for-each-ref)" = "$before_refs" ] || fail "refs changed"
[ "$(git worktree list | wc -l)" = 1 ] || fail "a worktree was left"
echo "compare_in_git: the recipe ran; baselineStates, gate, saved baseline and the user's tree checked"
