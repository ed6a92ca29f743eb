#!/bin/sh
# every_suite_smoked.sh — every suite hashbench has (--list-suites) has a smoke test, so a suite
# added to the suite table cannot go untested.
# Usage: every_suite_smoked.sh HASHBENCH SUITE-WITH-A-SMOKE-TEST...
set -eu

hashbench=$1
shift
status=0
for suite in $("$hashbench" --list-suites | cut -d ' ' -f 1); do
  found=0
  for smoked in "$@"; do
    [ "$smoked" = "$suite" ] && found=1
  done
  if [ "$found" = 0 ]; then
    echo "every_suite_smoked.sh: suite $suite has no hb_smoke_test line in tests/harness/CMakeLists.txt" >&2
    status=1
  fi
done
exit "$status"
