#!/bin/sh
# machine_variation.sh — a run with baseline rows measures the machine's variation and puts it in
# the JSON context written after the run: the value agrees with the reference row's repetitions
# in the file (check_run_json --variation, a second implementation of the statistic); the file
# and the JSON on stdout are Google Benchmark JSON that hbstat reads and heads with the line;
# fewer than five repetitions say "not measured"; a run without the reference row has no key;
# a CSV output is unaffected; the last line on stderr says the figure.
# Usage: machine_variation.sh HASHBENCH HBSTAT CHECK_RUN_JSON
set -eu

hashbench=$1 hbstat=$2 checker=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
fail() { echo "FAIL: $*" >&2; exit 1; }

row=baseline/algo:reference/impl:portable/size:16/load:cpu
"$hashbench" --list-suites >"$work/suites"
quick="--suite baseline --algo noop --size 16 --load cpu --benchmark_min_time=0"

# shellcheck disable=SC2086  # quick is a list of flags
"$hashbench" $quick --benchmark_repetitions=7 --benchmark_out="$work/run.json" >"$work/console" 2>"$work/err" ||
  fail "hashbench failed: $(cat "$work/err")"
grep -q "^$row " "$work/console" || fail "the console has no $row row"
"$checker" "$work/run.json" --suite baseline --grammar "$work/suites" --variation "$row" \
  --context machine_variation_definition --context machine_variation_samples
tail -n 1 "$work/err" | grep -q '^hashbench: this machine varied [0-9.]*% during the run' ||
  fail "stderr does not end with the variation: $(tail -n 1 "$work/err")"
"$hbstat" "$work/run.json" >"$work/table" 2>/dev/null || fail "hbstat cannot read the file"
head -n 1 "$work/table" | grep -q '^this machine varied [0-9.]*% during the run (' ||
  fail "hbstat's first line is not the variation: $(head -n 1 "$work/table")"

# JSON on stdout: held to the end of the run as the file is.
# shellcheck disable=SC2086
"$hashbench" $quick --benchmark_repetitions=6 --benchmark_format=json >"$work/stdout.json" 2>/dev/null ||
  fail "hashbench --benchmark_format=json failed"
"$checker" "$work/stdout.json" --suite baseline --grammar "$work/suites" --variation "$row"

# Too few repetitions: the key says why, hbstat prints no line.
# shellcheck disable=SC2086
"$hashbench" $quick --benchmark_repetitions=2 --benchmark_out="$work/two.json" >/dev/null 2>"$work/err2" ||
  fail "hashbench with 2 repetitions failed"
"$checker" "$work/two.json" --suite baseline --grammar "$work/suites" --variation "$row"
tail -n 1 "$work/err2" | grep -q "^hashbench: the machine's variation was not measured: " ||
  fail "2 repetitions: stderr ends with: $(tail -n 1 "$work/err2")"
"$hbstat" "$work/two.json" 2>/dev/null | head -n 1 | grep -q '^host_name: ' || fail "hbstat prints a line for 2 repetitions"

# Without the reference row, no key and no line.
# shellcheck disable=SC2086
"$hashbench" $quick --benchmark_repetitions=6 --benchmark_filter=noop --benchmark_out="$work/none.json" \
  >/dev/null 2>"$work/err3" || fail "hashbench without the reference row failed"
if grep -q machine_variation "$work/none.json" || grep -q 'machine varied' "$work/err3"; then
  fail "a run without the reference row reports a variation"
fi

# CSV out: Google Benchmark's own reporter, unchanged.
# shellcheck disable=SC2086
"$hashbench" $quick --benchmark_repetitions=6 --benchmark_out="$work/run.csv" --benchmark_out_format=csv \
  >/dev/null 2>&1 || fail "hashbench with a CSV output failed"
grep -q "^\"$row\"" "$work/run.csv" || fail "the CSV output has no $row row"
echo "machine_variation.sh: the variation is measured, written after the run and read back"
