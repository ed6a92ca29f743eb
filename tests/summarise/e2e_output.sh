#!/bin/sh
# e2e_output.sh — hbstat --output FORMAT=FILE. One run writes several formats, each file byte for
# byte what -format FORMAT prints on standard output for the same flags and inputs (the reference
# is hbstat's own single-format output, run separately); standard output stays empty unless
# -format is given, and then is that format's; --fail-on-regression still decides the exit
# status with the files written. Refused with one line and exit 2, nothing written: a value
# without '=', an unknown format, a folder that does not exist, a file named twice, --output with
# -history or -context; a file already there is replaced only once every file is written.
# Usage: e2e_output.sh HBSTAT DATA_DIR
set -eu

if [ "$#" -ne 2 ]; then
	echo "usage: e2e_output.sh HBSTAT DATA_DIR" >&2
	exit 2
fi
hbstat=$1 data=$2
. "$(dirname "$0")/../lib/expect.sh"

inputs="old=$data/gb_old.json new=$data/gb_new.json"
flags="-sample input -adjust holm -detectable"
# shellcheck disable=SC2086  # the flags and inputs are words
{
	for format in text tsv json csv; do
		"$hbstat" $flags -format "$format" $inputs >"$work/expected.$format" 2>/dev/null
	done
	run_status "$hbstat" $flags --output "text=$work/t.txt" --output "tsv=$work/t.tsv" -output="json=$work/t.json" $inputs
}
expect_same "three outputs: exit" 0 "$status"
[ -s "$work/out" ] && fail "three outputs: standard output is not empty"
for format in txt:text tsv:tsv json:json; do
	cmp -s "$work/t.${format%%:*}" "$work/expected.${format#*:}" || fail "--output ${format#*:}: not what -format ${format#*:} prints"
done

# shellcheck disable=SC2086
run_status "$hbstat" $flags -format csv --output "tsv=$work/u.tsv" $inputs
cmp -s "$work/out" "$work/expected.csv" || fail "-format csv with --output: standard output is not the csv"
cmp -s "$work/u.tsv" "$work/expected.tsv" || fail "-format csv with --output: the tsv file differs"

# The gate: exit 1, and the files written all the same.
run_status "$hbstat" --fail-on-regression=5 --output "tsv=$work/gate.tsv" "$data/gb_new.json" "$data/gb_old.json"
expect_same "gate: exit" 1 "$status"
[ -s "$work/gate.tsv" ] || fail "gate: the tsv file was not written"
grep -q "regression beyond 5%" "$work/err" || fail "gate: no regression named on stderr"

# Refusals: one line, exit 2, and the file that was there left as it was.
echo keep >"$work/kept.txt"
expect_usage_error "is not FORMAT=FILE" "$hbstat" --output "$work/kept.txt" "$data/gb_old.json"
expect_usage_error 'the format must be text, csv' "$hbstat" --output "xml=$work/kept.txt" "$data/gb_old.json"
expect_usage_error "does not exist" "$hbstat" --output "tsv=$work/nowhere/t.tsv" "$data/gb_old.json"
expect_usage_error "named twice" "$hbstat" --output "tsv=$work/kept.txt" --output "json=$work/kept.txt" "$data/gb_old.json"
expect_usage_error "-history does not take -output" "$hbstat" -history --output "tsv=$work/kept.txt" a b
expect_usage_error "-context does not take --output" "$hbstat" -context cpu_model --output "tsv=$work/kept.txt" "$data/gb_old.json"
expect_usage_error "gb_missing.json" "$hbstat" --output "tsv=$work/kept.txt" "$data/gb_missing.json"
expect_same "refusals: the file kept" keep "$(cat "$work/kept.txt")"
ls "$work" | grep -q '\.tmp\.' && fail "a temporary file was left behind"

expect_done e2e_output
