#!/bin/sh
# e2e_hbab.sh — hbab's commands from the outside. run-order: one line "ROUND REVISION" per
# process, (N + 1) x K lines, the same for the same seed (its design is checked in
# design/test_balanced_order.c). duet-order: two lines "ROUND REVISION SLOT" per round, the two
# revisions on the two slots, swapped every round (design/test_duet_order.c checks the rest).
# pairs-needed: 8 pairs for one row and 16 for 150 rows under Holm at 0.05 (10 / 2^14 = 0.00061
# is above 0.05 / 150 = 0.00033, 10 / 2^16 is below), but 8 for 150 rows without adjustment
# (design/test_bisect_pairs.c enumerates the rest). verdict (the verdict of a bisection step) on
# inputs whose answers are worked out by hand. Eight rounds of three benchmarks: Slow 11%, 12% ... 18% slower
# in rounds 1..8, Fast as much faster, Same +1%, -2%, +3% ... -8% (the |log ratios| rise with the
# round, so the signed-rank sums are 16 and 20: far from significant). Slow's and Fast's pairs all
# move one way: exact p = 2 / 2^8 = 0.0078125, and Holm over the three rows gives 3 x 0.0078125 =
# 0.0234375 ("p=0.0234"). So at verdict 0: one row slower, one faster; at verdict 15 (above
# Slow's change of about 14.5%) none slower, and the summary names the faster row and Same's
# detectable change. Three rounds cannot reach 0.05 (the least p is 2 / 2^3): nothing detectable.
# A row with three pairs beside Same: "none in 1". Counted inputs: 4620 against 4623
# instructions, 3/4620 = +0.0649%, exact. The changes and detectable figures are also read from
# hbstat -format tsv of the same inputs, to check that the summary shows them as the tables do.
# Bad values exit 2 with one line.
# Usage: e2e_hbab.sh HBAB HBSTAT DATA_DIR
set -eu

if [ "$#" -ne 3 ]; then
	echo "usage: e2e_hbab.sh HBAB HBSTAT DATA_DIR" >&2
	exit 2
fi
hbab=$1 hbstat=$2 data=$3
. "$(dirname "$0")/../lib/expect.sh"
. "$(dirname "$0")/../../scripts/lib/common.sh"
tab=$(printf '\t')

run_status "$hbab" run-order -seed 7 -revisions 3 -processes 5
expect_same "run-order: exit" 0 "$status"
expect_same "run-order: lines" 18 "$(grep -c '^[0-5] [1-3]$' "$work/out")"
expect_same "run-order: rounds in order" "0 0 0 1 1 1 2 2 2 3 3 3 4 4 4 5 5 5" "$(cut -d' ' -f1 "$work/out" | paste -sd' ' -)"
cp "$work/out" "$work/order7"
run_status "$hbab" run-order -seed 7 -revisions 3 -processes 5
cmp -s "$work/out" "$work/order7" || fail "run-order: seed 7 gave two orders"
run_status "$hbab" run-order -seed 8 -revisions 3 -processes 5
cmp -s "$work/out" "$work/order7" && fail "run-order: seeds 7 and 8 gave one order"
expect_usage_error "run-order needs -processes" "$hbab" run-order -seed 7 -revisions 2
expect_usage_error "-seed must be a whole number" "$hbab" run-order -seed 18446744073709551616 -revisions 2 -processes 4
expect_usage_error "-revisions must be a whole number" "$hbab" run-order -seed 1 -revisions 0 -processes 4
expect_usage_error "-processes must be a whole number" "$hbab" run-order -seed 1 -revisions 2 -processes 2.5
expect_usage_error "run-order does not take -alpha" "$hbab" run-order -seed 1 -revisions 2 -processes 4 -alpha 0.1
expect_usage_error "run-order reads no files" "$hbab" run-order -seed 1 -revisions 2 -processes 4 "$data/gb_old.json"
expect_usage_error 'invalid value "x" for -processes' "$hbab" run-order -seed 1 -revisions 2 -processes x
expect_usage_error "flag needs an argument: -seed" "$hbab" run-order -revisions 2 -processes 4 -seed
expect_usage_error "flag provided but not defined: -seed" "$hbstat" -seed 1 "$data/gb_old.json"
expect_usage_error 'unknown command "frobnicate"' "$hbab" frobnicate
expect_usage_error "no command" "$hbab"

# duet-order: rounds 0..5, two lines each, both revisions once per round, the slots swapped from
# one round to the next; the same seed gives the same rounds.
run_status "$hbab" duet-order -seed 7 -processes 5
expect_same "duet-order: exit" 0 "$status"
expect_same "duet-order: lines" 12 "$(grep -c '^[0-5] [12] [12]$' "$work/out")"
expect_same "duet-order: rounds in order" "0 0 1 1 2 2 3 3 4 4 5 5" "$(cut -d' ' -f1 "$work/out" | paste -sd' ' -)"
expect_same "duet-order: both revisions a round" "3 3 3 3 3 3" \
	"$(awk '{ s[$1] += $2 } END { for (r = 0; r <= 5; r++) printf "%s%d", r ? " " : "", s[r] }' "$work/out")"
expect_same "duet-order: both slots a round" "3 3 3 3 3 3" \
	"$(awk '{ s[$1] += $3 } END { for (r = 0; r <= 5; r++) printf "%s%d", r ? " " : "", s[r] }' "$work/out")"
expect_same "duet-order: revision 1's slot swaps every round" 5 \
	"$(awk '$2 == 1 { if (seen && $3 != last) swaps++; seen = 1; last = $3 } END { print swaps + 0 }' "$work/out")"
cp "$work/out" "$work/duet7"
run_status "$hbab" duet-order -seed 7 -processes 5
cmp -s "$work/out" "$work/duet7" || fail "duet-order: seed 7 gave two orders"
expect_usage_error "duet-order does not take -revisions" "$hbab" duet-order -seed 1 -processes 4 -revisions 2
expect_usage_error "duet-order needs -seed" "$hbab" duet-order -processes 4

run_status "$hbab" pairs-needed -rows 1 -alpha 0.05 -adjust holm
expect_same "pairs-needed, one row" "0 8" "$status $(cat "$work/out")"
run_status "$hbab" pairs-needed -rows 150 -alpha 0.05 -adjust holm
expect_same "pairs-needed, 150 rows, Holm" "0 16" "$status $(cat "$work/out")"
run_status "$hbab" pairs-needed -rows 150 -alpha 0.05
expect_same "pairs-needed, 150 rows, no adjustment" "0 8" "$status $(cat "$work/out")"
expect_usage_error "pairs-needed needs -rows" "$hbab" pairs-needed
expect_usage_error "-rows must be a whole number" "$hbab" pairs-needed -rows 0
expect_usage_error "pairs-needed does not take -sample" "$hbab" pairs-needed -rows 2 -sample paired
expect_usage_error "-adjust must be none, holm or bh" "$hbab" pairs-needed -rows 2 -adjust sidak
expect_usage_error "no number of pairs up to 1000" "$hbab" pairs-needed -rows 3 -alpha 1e-300

old="" new="" old3="" new3=""
k=0
for e in 1 -2 3 -4 5 -6 7 -8; do
	k=$((k + 1))
	base=$((10000 + 700 * k))
	{
		echo "BenchmarkSlow 1 $base ns/op"
		echo "BenchmarkFast 1 $base ns/op"
		echo "BenchmarkSame 1 $base ns/op"
		[ "$k" -gt 3 ] || echo "BenchmarkShort 1 $base ns/op"
	} >"$work/old$k.txt"
	{
		echo "BenchmarkSlow 1 $((base * (110 + k) / 100)) ns/op"
		echo "BenchmarkFast 1 $((base * (90 - k) / 100)) ns/op"
		echo "BenchmarkSame 1 $((base * (100 + e) / 100)) ns/op"
		[ "$k" -gt 3 ] || echo "BenchmarkShort 1 $((base * 101 / 100)) ns/op"
	} >"$work/new$k.txt"
	old="$old good=$work/old$k.txt" new="$new new=$work/new$k.txt"
	[ "$k" -gt 3 ] || old3="$old3 good=$work/old$k.txt" new3="$new3 new=$work/new$k.txt"
done
stats="-sample paired -adjust holm -detectable"

# field NAME: the column NAME of the verdict's one record in $work/out.
field() {
	hb_tsv_columns "$1" <"$work/out"
}
# tsv_of ROW NAME FLAGS...: column NAME of the tsv format's line for ROW's new cell.
tsv_of() {
	row=$1 name=$2
	shift 2
	"$hbstat" -format tsv "$@" 2>/dev/null | hb_tsv_columns .fullname .file "$name" |
		grep "^$row${tab}new${tab}" | cut -f3
}
# shellcheck disable=SC2086  # the flags and inputs are words
{
	slow_delta=$(printf '%+.2f' "$(tsv_of Slow delta $stats -filter '.unit:sec/op -.name:Short' $old $new)")
	same_detectable=$(tsv_of Same detectable $stats -filter '.unit:sec/op -.name:Short' $old $new)
}
same_pct=$(printf '%.1f' "$same_detectable") # between 1 and 10 for this spread: one decimal
same_max=$(printf '%.6g' "$same_detectable")

# shellcheck disable=SC2086
run_status "$hbab" verdict 0 $stats -filter '.unit:sec/op -.name:Short' $old $new
expect_same "verdict 0: exit" 0 "$status"
expect_same "verdict 0: header" "verdict${tab}rows${tab}rows_slower${tab}rows_faster${tab}detectable_max${tab}summary" \
	"$(head -n 1 "$work/out")"
expect_same "verdict 0: records" 2 "$(wc -l <"$work/out")"
expect_same "verdict 0: tallies" "slower${tab}3${tab}1${tab}1${tab}$same_max" \
	"$(hb_tsv_columns verdict rows rows_slower rows_faster detectable_max <"$work/out")"
expect_same "verdict 0: summary" "slower than good:\\n    Slow  $slow_delta% (p=0.0234)" "$(field summary)"

# shellcheck disable=SC2086
run_status "$hbab" verdict 15 $stats -filter '.unit:sec/op -.name:Short' $old $new
expect_same "verdict 15: tallies" "not-slower${tab}3${tab}0${tab}1${tab}$same_max" \
	"$(hb_tsv_columns verdict rows rows_slower rows_faster detectable_max <"$work/out")"
expect_same "verdict 15: summary" "not slower (1 of 3 rows faster; detectable ≥$same_pct%)" "$(field summary)"

# shellcheck disable=SC2086
run_status "$hbab" verdict 0 $stats -filter '.unit:sec/op .name:(Slow OR Fast OR Same)' $old3 $new3
expect_same "three rounds" "not-slower${tab}3${tab}0${tab}0${tab}0${tab}not slower (nothing detectable at these sizes)" \
	"$(hb_tsv_columns verdict rows rows_slower rows_faster detectable_max summary <"$work/out")"

# shellcheck disable=SC2086
run_status "$hbab" verdict 0 $stats -filter '.unit:sec/op .name:(Same OR Short)' $old $new
short_pct=$(printf '%.1f' "$(tsv_of Same detectable $stats -filter '.unit:sec/op .name:(Same OR Short)' $old $new)")
expect_same "a row without enough pairs" \
	"not slower (detectable ≥$short_pct% to ≥$short_pct% over 1 rows, none in 1)" "$(field summary)"

run_status "$hbab" verdict 0 -filter .unit:instructions/op "old=$data/counted_a.json" "new=$data/counted_b.json"
expect_same "counted" "slower${tab}2${tab}1${tab}0${tab}0${tab}slower than old:\\n    throughput/algo:fnv1a-64/impl:portable/size:1024/load:cpu  +0.0649% (exact)" \
	"$(hb_tsv_columns verdict rows rows_slower rows_faster detectable_max summary <"$work/out")"
run_status "$hbab" verdict 0.1 -filter .unit:instructions/op "old=$data/counted_a.json" "new=$data/counted_b.json"
expect_same "counted, beyond the change" "not-slower${tab}0${tab}not slower" \
	"$(hb_tsv_columns verdict rows_slower summary <"$work/out")"

expect_usage_error "verdict's PCT must be a percentage >= 0, not \"-1\"" "$hbab" verdict -1 "$data/gb_old.json"
expect_usage_error "verdict's PCT must be a percentage >= 0, not \"x\"" "$hbab" verdict x "$data/gb_old.json"
expect_usage_error "verdict needs PCT" "$hbab" verdict
expect_usage_error "verdict does not take -format" "$hbab" verdict 1 -format tsv "$data/gb_old.json"
expect_usage_error "verdict does not take -history" "$hbab" verdict 1 -history a b
expect_usage_error "verdict does not take -fail-on-regression" "$hbab" verdict 1 --fail-on-regression 3 "$data/gb_old.json"
expect_usage_error "no input files" "$hbab" verdict 1 -sample paired
expect_usage_error "flag provided but not defined: -verdict" "$hbstat" -verdict 1 "$data/gb_old.json"
expect_usage_error "gb_missing.json" "$hbab" verdict 0 "$data/gb_missing.json"
expect_usage_error "noise does not take -format" "$hbab" noise -format tsv "$data/gb_old.json"
expect_usage_error "tally needs a MODE" "$hbab" tally

expect_done e2e_hbab
