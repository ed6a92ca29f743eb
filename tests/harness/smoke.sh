#!/bin/sh
# smoke.sh — runs one suite on a small selection for one iteration per row, and checks the JSON
# it writes (check_run_json, against the suite's name keys as hashbench --list-suites gives them)
# and that --list named exactly the rows that ran.
# Usage: smoke.sh HASHBENCH CHECK_RUN_JSON SUITE [CHECKER-OPTION...] -- [HASHBENCH-FLAG...]
set -eu

hashbench=$1 checker=$2 suite=$3
shift 3
checker_options=""
while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do
  checker_options="$checker_options $1"
  shift
done
[ "$#" -gt 0 ] && shift

. "$(dirname "$0")/../lib/expect.sh"

"$hashbench" --list-suites > "$work/suites"
"$hashbench" --suite "$suite" "$@" --list > "$work/list"
rows=$(wc -l < "$work/list")

# --needs FEATURE SUBSTRING checks the rows of an entry this build has. An entry of another CPU
# architecture (x86-64 code in an AArch64 build) has no rows: that check is skipped, and named
# with the reason hbsum (beside hashbench) gives.
needs=$(echo "$checker_options" | sed -n 's/.*--needs [^ ]* \([^ ]*\).*/\1/p')
if [ -n "$needs" ] && ! grep -qF -- "$needs" "$work/list"; then
  why=$("$(dirname "$hashbench")/hbsum" --list 2>/dev/null | sed -n 's/^not in this build: //p' | tr ';' '\n' |
    grep -F -- "$needs" | head -n 1 | sed 's/.*: //')
  skipped "rows of */$needs" "harness.smoke_$suite" "not in this build: ${why:-no such entry}"
  checker_options=$(echo "$checker_options" | sed 's/--needs [^ ]* [^ ]*//')
fi

"$hashbench" --suite "$suite" "$@" --benchmark_min_time=0 --benchmark_repetitions=1 \
  --benchmark_out="$work/run.json" --benchmark_out_format=json > "$work/console" 2>&1 || {
  cat "$work/console"; echo "smoke.sh: hashbench --suite $suite $* failed" >&2; exit 1; }
# shellcheck disable=SC2086 # checker options are single words
"$checker" "$work/run.json" --suite "$suite" --grammar "$work/suites" --rows "$rows" $checker_options
