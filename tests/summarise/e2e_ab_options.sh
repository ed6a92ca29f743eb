#!/bin/sh
# e2e_ab_options.sh — hbstat's A/B options on inputs whose answers are worked out by hand:
# -sample input (one median per input: old files with repetitions {1,2,9}, {3,4,5}, {10,6,7} ns
# give the samples 2, 4, 7: median 4 ns, n=3, where pooling gives 5 ns, n=9); -adjust holm on
# gb_old/gb_new (raw p 0.00216, 0.695, 0.859 for sec/op: Holm gives 3 x 0.00216 = 0.006, then
# 1 and 1); -detectable only on "~" rows; the gate trips only the worse way and only past PCT;
# bad values exit 2 with one line.
# Usage: e2e_ab_options.sh HBSTAT DATA_DIR
set -eu

if [ "$#" -ne 2 ]; then
	echo "usage: e2e_ab_options.sh HBSTAT DATA_DIR" >&2
	exit 2
fi
hbstat=$1 data=$2
. "$(dirname "$0")/../lib/expect.sh"

i=0
for reps in "1 2 9" "3 4 5" "10 6 7"; do
	i=$((i + 1))
	for v in $reps; do echo "BenchmarkHash 1 $v ns/op"; done >"$work/old$i.txt"
	for v in $reps; do echo "BenchmarkHash 1 $((v * 2)) ns/op"; done >"$work/new$i.txt"
done
old="old=$work/old1.txt old=$work/old2.txt old=$work/old3.txt"
new="new=$work/new1.txt new=$work/new2.txt new=$work/new3.txt"

# shellcheck disable=SC2086  # label=path words
run_status "$hbstat" -sample input -format json $old $new
expect_same "-sample input: exit" 0 "$status"
grep -q '"column": "old", "median": 4e-09, .*"n": 3' "$work/out" || fail "-sample input: old is not 4 ns over n=3: $(cat "$work/out")"
grep -q '"column": "new", "median": 8e-09, .*"n": 3' "$work/out" || fail "-sample input: new is not 8 ns over n=3"
# shellcheck disable=SC2086
run_status "$hbstat" -format json $old $new
grep -q '"column": "old", "median": 5e-09, .*"n": 9' "$work/out" || fail "pooled repetitions: old is not 5 ns over n=9"

run_status "$hbstat" -adjust holm "old=$data/gb_old.json" "new=$data/gb_new.json"
expect_same "-adjust holm: exit" 0 "$status"
grep -q 'crc32c/impl:sse42/size:16/load:cpu .* -9.83% (p=0.006 n=6) *¹$' "$work/out" || fail "holm: p of the changed row is not 0.006: $(cat "$work/out")"
grep -q 'size:1024/load:cpu .* ~ (p=1.000 n=6) *¹$' "$work/out" || fail "holm: p of an unchanged row is not 1"
grep -q '^¹ p adjusted for the 3 comparisons of sec/op (Holm, family-wise error)$' "$work/out" || fail "holm: no footnote naming the method and m"
run_status "$hbstat" -adjust bh -format json "old=$data/gb_old.json" "new=$data/gb_new.json"
# BH: 0.00216 x 3 / 1, then min(0.695 x 3 / 2, 0.859) = 0.859 for both others.
grep -q 'size:1024/load:cpu", "unit": "sec/op", "column": "new", .*"p": 0.859307' "$work/out" ||
	fail "bh: p of the 1024 row is not 0.859: $(grep size:1024 "$work/out")"

run_status "$hbstat" -detectable -format json "old=$data/gb_old.json" "new=$data/gb_new.json"
[ "$(grep -c '"detectable": [0-9]' "$work/out")" = 4 ] || fail "-detectable: want a figure on the 4 '~' comparisons: $(cat "$work/out")"
grep '"significant": true' "$work/out" | grep -q detectable && fail "-detectable: a significant row has a detectable effect"
run_status "$hbstat" -detectable "old=$data/gb_old.json" "new=$data/gb_new.json"
grep -q '~ (p=0.695 n=6, ≥[0-9.]*%)' "$work/out" || fail "-detectable: no '≥x%' after a '~': $(cat "$work/out")"

# The gate: the faster side as new passes, as old it fails; past 15% nothing trips.
run_status "$hbstat" --fail-on-regression 5 "old=$data/gb_old.json" "new=$data/gb_new.json"
expect_same "gate on an improvement: exit" 0 "$status"
run_status "$hbstat" --fail-on-regression 5 "old=$data/gb_new.json" "new=$data/gb_old.json"
expect_same "gate on a regression: exit" 1 "$status"
# One family for the gate: the 7 comparisons of all units (3 sec/op, 3 B/s, 1 cycles/B), counted
# here from the JSON table; Holm's smallest adjusted p is then 7 x the raw 0.0021645 (three ties).
run_status "$hbstat" -format json "old=$data/gb_new.json" "new=$data/gb_old.json"
expect_same "comparisons in the table" 7 "$(grep -c '"p": [0-9]' "$work/out")"
run_status "$hbstat" --fail-on-regression 5 "old=$data/gb_new.json" "new=$data/gb_old.json"
grep -q "sec/op +10.90% (p=0.0152 adjusted by Holm over the gate's 7 comparisons, raw p=0.00216)" "$work/err" || fail "gate: no adjusted p over every unit: $(cat "$work/err")"
run_status "$hbstat" --fail-on-regression 15 "old=$data/gb_new.json" "new=$data/gb_old.json"
expect_same "gate past 15%: exit" 0 "$status"

expect_usage_error '-adjust must be none, holm or bh' "$hbstat" -adjust bonferroni "$data/gb_old.json"
expect_usage_error '-sample must be repetition or input' "$hbstat" -sample process "$data/gb_old.json"
expect_usage_error 'invalid value "1.2.3" for -fail-on-regression' "$hbstat" --fail-on-regression 1.2.3 "$data/gb_old.json"
expect_done e2e_ab_options
