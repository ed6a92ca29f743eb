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

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

"$hashbench" --list-suites > "$work/suites"
"$hashbench" --suite "$suite" "$@" --list > "$work/list"
rows=$(wc -l < "$work/list")
"$hashbench" --suite "$suite" "$@" --benchmark_min_time=0 --benchmark_repetitions=1 \
  --benchmark_out="$work/run.json" --benchmark_out_format=json > "$work/console" 2>&1 || {
  cat "$work/console"; echo "smoke.sh: hashbench --suite $suite $* failed" >&2; exit 1; }
# shellcheck disable=SC2086 # checker options are single words
"$checker" "$work/run.json" --suite "$suite" --grammar "$work/suites" --rows "$rows" $checker_options
