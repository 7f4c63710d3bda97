#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs a Qt Test suite without the test functions named after it (issue 51): those that may
# skip run as CTest entries of their own, so a skip is reported as a skip there and the rest
# of the suite as passed or failed.
#   run-suite-except.sh SUITE FUNCTION...
set -euo pipefail
suite=$1
shift
declare -A excluded=()
for name in "$@"; do excluded[$name]=1; done
# `-functions` lists the suite's test functions as "name()", one a line.
listed=$("$suite" -functions) || { echo "run-suite-except: $suite -functions failed" >&2; exit 1; }
run=()
while IFS= read -r line; do
  name=${line%"()"}
  [ -n "$name" ] || continue
  if [ -n "${excluded[$name]:-}" ]; then
    unset "excluded[$name]"
  else
    run+=("$name")
  fi
done <<<"$listed"
# A name that the suite does not have is an error: a renamed function would otherwise run in
# no entry at all.
if [ ${#excluded[@]} -ne 0 ]; then
  echo "run-suite-except: $suite has no test function named ${!excluded[*]} (tests/CMakeLists.txt MAY_SKIP)" >&2
  exit 1
fi
if [ ${#run[@]} -eq 0 ]; then
  echo "run-suite-except: every test function of $suite runs in an entry of its own"
  exit 0
fi
exec "$suite" "${run[@]}"
