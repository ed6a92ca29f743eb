#!/bin/sh
# e2e_ab_options.sh — hbstat's A/B options on inputs whose answers are worked out by hand:
# -sample input (one median per input: old files with repetitions {1,2,9}, {3,4,5}, {10,6,7} ns
# give the samples 2, 4, 7: median 4 ns, n=3, where pooling gives 5 ns, n=9); -adjust holm on
# gb_old/gb_new (raw p 0.00216, 0.695, 0.859 for sec/op: Holm gives 3 x 0.00216 = 0.006, then
# 1 and 1); -detectable only on "~" rows; the gate trips only the worse way and only past PCT;
# -sample paired (a drift that hides a 5% slowdown from the unpaired test, found by the paired
# one; complete pairs only; its detectable effect and gate; an ambiguous pairing); bad values
# exit 2 with one line.
# Usage: e2e_ab_options.sh HBSTAT DATA_DIR
set -eu

if [ "$#" -ne 2 ]; then
	echo "usage: e2e_ab_options.sh HBSTAT DATA_DIR" >&2
	exit 2
fi
hbstat=$1 data=$2
. "$(dirname "$0")/../lib/expect.sh"

# The scripts' reader of tsv by column name (hb_tsv_columns).
. "$(dirname "$0")/../../scripts/lib/common.sh"
# columns NAME...: the columns called NAME of the -format tsv output in $work/out, tab-separated.
columns() {
	hb_tsv_columns "$@" <"$work/out"
}
tab=$(printf '\t')

i=0
for reps in "1 2 9" "3 4 5" "10 6 7"; do
	i=$((i + 1))
	for v in $reps; do echo "BenchmarkHash 1 $v ns/op"; done >"$work/old$i.txt"
	for v in $reps; do echo "BenchmarkHash 1 $((v * 2)) ns/op"; done >"$work/new$i.txt"
done
old="old=$work/old1.txt old=$work/old2.txt old=$work/old3.txt"
new="new=$work/new1.txt new=$work/new2.txt new=$work/new3.txt"

# shellcheck disable=SC2086  # label=path words
run_status "$hbstat" -sample input -format tsv $old $new
expect_same "-sample input: exit" 0 "$status"
columns .file median n | grep -qx "old${tab}4e-09${tab}3" || fail "-sample input: old is not 4 ns over n=3: $(cat "$work/out")"
columns .file median n | grep -qx "new${tab}8e-09${tab}3" || fail "-sample input: new is not 8 ns over n=3"
# shellcheck disable=SC2086
run_status "$hbstat" -format tsv $old $new
columns .file median n | grep -qx "old${tab}5e-09${tab}9" || fail "pooled repetitions: old is not 5 ns over n=9"

# 3 + 3 samples (2, 4, 7 against 4, 8, 14 ns): P(U <= 0) = 1/20 is above 0.025, so no interval
# reaches 0.95; at 0.85 one does (1/20 <= 0.075): from the smallest to the largest of the 9 ratios
# new_j / old_i (4/7 - 1 to 14/2 - 1), around their median 2 (+100%).
# shellcheck disable=SC2086
run_status "$hbstat" -sample input -delta-ci $old $new
grep -q '^Hash .*~ (p=0.300 n=3, shift +100.0% \[too few samples\]) ²$' "$work/out" || fail "-delta-ci 3+3: want too few samples: $(cat "$work/out")"
# shellcheck disable=SC2086
run_status "$hbstat" -sample input -format tsv -confidence 0.85 $old $new
columns .file shift shift_lo shift_hi | awk -F"$tab" '
	function near(a, b) { return a - b < 1e-9 && b - a < 1e-9 }
	$1 == "new" { n++; if (!(near($2, 100) && near($3, -300 / 7) && near($4, 600))) exit 1 } END { exit n != 1 }' ||
	fail "-sample input at 0.85: want shift 100% in [-42.9%, 600%]: $(columns .file shift shift_lo shift_hi)"

run_status "$hbstat" -adjust holm "old=$data/gb_old.json" "new=$data/gb_new.json"
expect_same "-adjust holm: exit" 0 "$status"
grep -q 'crc32c/impl:sse42/size:16/load:cpu .* -9.83% (p=0.006 n=6) *¹$' "$work/out" || fail "holm: p of the changed row is not 0.006: $(cat "$work/out")"
grep -q 'size:1024/load:cpu .* ~ (p=1.000 n=6) *¹$' "$work/out" || fail "holm: p of an unchanged row is not 1"
grep -q '^¹ p adjusted for the 3 comparisons of sec/op (Holm, family-wise error)$' "$work/out" || fail "holm: no footnote naming the method and m"
run_status "$hbstat" -adjust bh -format tsv "old=$data/gb_old.json" "new=$data/gb_new.json"
# BH: 0.00216 x 3 / 1, then min(0.695 x 3 / 2, 0.859) = 0.859 for both others.
columns .fullname unit .file p | grep -q "size:1024/load:cpu${tab}sec/op${tab}new${tab}0\.859307" ||
	fail "bh: p of the 1024 row is not 0.859: $(grep size:1024 "$work/out")"

run_status "$hbstat" -detectable -format tsv "old=$data/gb_old.json" "new=$data/gb_new.json"
expect_same "-detectable: a figure on each '~' comparison" 4 "$(columns significant detectable | grep -c "^false${tab}[0-9]")"
columns significant detectable | grep -q "^true${tab}." && fail "-detectable: a significant row has a detectable effect"
run_status "$hbstat" -detectable "old=$data/gb_old.json" "new=$data/gb_new.json"
grep -q '~ (p=0.695 n=6, ≥[0-9.]*%)' "$work/out" || fail "-detectable: no '≥x%' after a '~': $(cat "$work/out")"

# The gate: the faster side as new passes, as old it fails; past 15% nothing trips.
run_status "$hbstat" --fail-on-regression 5 "old=$data/gb_old.json" "new=$data/gb_new.json"
expect_same "gate on an improvement: exit" 0 "$status"
run_status "$hbstat" --fail-on-regression 5 "old=$data/gb_new.json" "new=$data/gb_old.json"
expect_same "gate on a regression: exit" 1 "$status"
# One family for the gate: the 7 comparisons of all units (3 sec/op, 3 B/s, 1 cycles/B), counted
# here from the tsv table; Holm's smallest adjusted p is then 7 x the raw 0.0021645 (three ties).
run_status "$hbstat" -format tsv "old=$data/gb_new.json" "new=$data/gb_old.json"
expect_same "comparisons in the table" 7 "$(columns p | grep -c '^[0-9]')"
run_status "$hbstat" --fail-on-regression 5 "old=$data/gb_new.json" "new=$data/gb_old.json"
grep -q "sec/op +10.90% (p=0.0152 adjusted by Holm over the gate's 7 comparisons, raw p=0.00216)" "$work/err" || fail "gate: no adjusted p over every unit: $(cat "$work/err")"
run_status "$hbstat" --fail-on-regression 15 "old=$data/gb_new.json" "new=$data/gb_old.json"
expect_same "gate past 15%: exit" 0 "$status"

# -sample paired on a drifting machine: round k (1..16) runs old at 98 + 2k ns (two repetitions,
# the second 0.5 ns slower) and new 5% slower in the same round (5.01% to 5.16%: ratios that are
# all exactly 1.05 would tie, or not, by the rounding of their logarithms, and ties take the
# normal approximation). Unpaired, the drift (100 to 130 ns) hides the 5% (U test p above 0.1);
# paired, every round says new is slower: 16 of 16 pairs, exact p = 2/2^16. "same" is new at old's level with a scatter of +-0.1k% per round, alternating in
# sign: "~" either way, but the pairs' spread (under 1%) is what limits the paired test, so the
# change it could detect is far smaller than the unpaired one.
old="" slow="" same=""
for k in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
	awk -v k="$k" 'BEGIN { b = 98 + 2 * k; printf "BenchmarkHash 1 %s ns/op\nBenchmarkHash 1 %s ns/op\n", b, b + 0.5 }' >"$work/drift_old$k.txt"
	awk -v k="$k" 'BEGIN { b = (98 + 2 * k) * (1.05 + 0.0001 * k); printf "BenchmarkHash 1 %.6f ns/op\nBenchmarkHash 1 %.6f ns/op\n", b, b + 0.525 }' >"$work/drift_slow$k.txt"
	awk -v k="$k" 'BEGIN { s = k % 2 ? 1 : -1; printf "BenchmarkHash 1 %.4f ns/op\n", (98.25 + 2 * k) * (1 + s * k * 0.001) }' >"$work/drift_same$k.txt"
	old="$old old=$work/drift_old$k.txt" slow="$slow new=$work/drift_slow$k.txt" same="$same new=$work/drift_same$k.txt"
done
# shellcheck disable=SC2086  # label=path words
run_status "$hbstat" -sample input $old $slow
grep -q '^Hash .* ~ (p=0\.[1-9][0-9]* n=16)$' "$work/out" || fail "-sample input on drift: want '~ (p>0.1 n=16)': $(cat "$work/out")"
# shellcheck disable=SC2086
run_status "$hbstat" -sample paired $old $slow
expect_same "-sample paired: exit" 0 "$status"
grep -q '^Hash .* +5.[01][0-9]% (p=0.000 n=16) ¹$' "$work/out" || fail "-sample paired on drift: want '+5.xx% (p=0.000 n=16) ¹': $(cat "$work/out")"
grep -q "^¹ Wilcoxon signed-rank test on pairs (the k-th input of each label with the baseline's k-th)" "$work/out" ||
	fail "-sample paired: no footnote naming the test"
# shellcheck disable=SC2086
run_status "$hbstat" -sample paired -format tsv $old $slow
columns .file p test pairs significant | grep -qx "new${tab}3.0517578125e-05${tab}signed-rank${tab}16${tab}true" ||
	fail "-sample paired tsv: want p = 2/2^16 over 16 pairs: $(cat "$work/out")"
# The shift and its interval: paired, the Walsh averages of 16 log ratios that all lie between
# ln 1.0501 and ln 1.0516 lie there too, so estimate and bounds are within 5.01-5.17%; unpaired,
# the interval that inverts the U test holds 0 exactly when the test finds nothing (p > 0.05).
# shellcheck disable=SC2086
run_status "$hbstat" -sample paired -format tsv $old $slow
columns .file shift_lo shift shift_hi | awk -F"$tab" '$1 == "new" { n++; if (!(5.01 <= $2 && $2 < $3 && $3 < $4 && $4 <= 5.17)) exit 1 } END { exit n != 1 }' ||
	fail "-sample paired: shift and interval not within 5.01-5.17%: $(columns .file shift_lo shift shift_hi)"
# shellcheck disable=SC2086
run_status "$hbstat" -sample input -format tsv $old $slow
columns .file shift_lo shift_hi | awk -F"$tab" '$1 == "new" { n++; if (!($2 < 0 && 0 < $3)) exit 1 } END { exit n != 1 }' ||
	fail "-sample input on drift: the interval does not hold 0: $(columns .file shift_lo shift_hi)"
# shellcheck disable=SC2086
run_status "$hbstat" -delta-ci -sample paired $old $slow
grep -q '^Hash .* +5.[01][0-9]% (p=0.000 n=16, shift +5.[01][0-9]*% \[+5.[01][0-9]*, +5.[01][0-9]*\]) ¹$' "$work/out" ||
	fail "-delta-ci: want the shift and its interval after p and n: $(cat "$work/out")"
# shellcheck disable=SC2086
run_status "$hbstat" -sample paired $old $slow
grep -q 'shift' "$work/out" && fail "text without -delta-ci shows the shift: $(cat "$work/out")"
for format in csv markdown html json; do
	# shellcheck disable=SC2086
	run_status "$hbstat" -sample paired -format "$format" $old $slow
	grep -q 'Wilcoxon signed-rank test on pairs' "$work/out" "$work/err" || fail "-sample paired -format $format: no note naming the test"
done
# Only complete pairs count: without new's 16th input, 15 pairs.
# shellcheck disable=SC2086
run_status "$hbstat" -sample paired $old ${slow% new=*}
grep -q ' +[0-9.]*% (p=0.000 n=15) ¹$' "$work/out" || fail "-sample paired, 16 old and 15 new: want n=15: $(cat "$work/out")"
# The gate trips on the paired result and not on the unpaired one.
# shellcheck disable=SC2086
run_status "$hbstat" -sample paired --fail-on-regression 3 $old $slow
expect_same "gate on a paired regression: exit" 1 "$status"
grep -q 'regression beyond 3%: Hash \[new\] sec/op +5.[01][0-9]% (p=' "$work/err" || fail "paired gate: row not named: $(cat "$work/err")"
# shellcheck disable=SC2086
run_status "$hbstat" -sample input --fail-on-regression 3 $old $slow
expect_same "gate on the same inputs unpaired: exit" 0 "$status"
# -detectable on a paired "~": its figure is below 1%, the unpaired one above 5%.
# shellcheck disable=SC2086
run_status "$hbstat" -sample paired -detectable $old $same
paired_figure=$(sed -n 's/^Hash .* ~ (p=[0-9.]* n=16, ≥\([0-9.]*\)%) ¹$/\1/p' "$work/out")
# shellcheck disable=SC2086
run_status "$hbstat" -sample input -detectable $old $same
unpaired_figure=$(sed -n 's/^Hash .* ~ (p=[0-9.]* n=16, ≥\([0-9.]*\)%)$/\1/p' "$work/out")
awk -v p="$paired_figure" -v u="$unpaired_figure" 'BEGIN { exit !(p != "" && u != "" && p + 0 < 1 && u + 0 > 5) }' ||
	fail "-detectable: paired '$paired_figure', unpaired '$unpaired_figure' (want below 1% and above 5%)"
# -pair-block 2 on a duet whose two CPUs differ for the whole run: round k runs old on CPU A
# (odd k) or B (even k) and new on the other, B 30% slower than A, new 2% slower than old (and
# 0.01k% more, so that no two ratios tie). Pair by pair the ratios swing between +29% and -22%:
# 8 up, 8 down, "~". Two rounds a pair, the CPU cancels: 8 pairs, all +2.0x%, exact p = 2/2^8.
old="" new=""
for k in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
	awk -v k="$k" 'BEGIN { printf "BenchmarkHash 1 %.6f ns/op\n", 100 * (k % 2 ? 1 : 1.3) }' >"$work/duet_old$k.txt"
	awk -v k="$k" 'BEGIN { printf "BenchmarkHash 1 %.6f ns/op\n", 100 * 1.02 * (1 + 0.0001 * k) * (k % 2 ? 1.3 : 1) }' >"$work/duet_new$k.txt"
	old="$old old=$work/duet_old$k.txt" new="$new new=$work/duet_new$k.txt"
done
# shellcheck disable=SC2086  # label=path words
run_status "$hbstat" -sample paired $old $new
grep -q '^Hash .* ~ (p=[0-9.]* n=16) ¹$' "$work/out" || fail "-sample paired, a CPU 30% slower each other round: want '~ (n=16)': $(cat "$work/out")"
# shellcheck disable=SC2086
run_status "$hbstat" -sample paired -pair-block 2 -format tsv $old $new
columns .file p pairs significant | grep -qx "new${tab}0.0078125${tab}8${tab}true" ||
	fail "-pair-block 2: want p = 2/2^8 over 8 pairs: $(cat "$work/out")"
# shellcheck disable=SC2086
run_status "$hbstat" -sample paired -pair-block 2 -format tsv $old $new
columns .file shift | awk -F"$tab" '$1 == "new" { n++; if (!(2.0 < $2 && $2 < 2.2)) exit 1 } END { exit n != 1 }' ||
	fail "-pair-block 2: the shift is not the 2% the code added: $(columns .file shift)"
# shellcheck disable=SC2086
run_status "$hbstat" -sample paired -pair-block 2 $old $new
grep -q "each 2 consecutive pairs averaged into one (-pair-block)" "$work/out" || fail "-pair-block 2: no note saying so: $(cat "$work/out")"
# A block missing a pair is dropped: without new's 16th input, 7 pairs.
# shellcheck disable=SC2086
run_status "$hbstat" -sample paired -pair-block 2 -format tsv $old ${new% new=*}
columns .file pairs | grep -qx "new${tab}7" || fail "-pair-block 2, 16 old and 15 new: want 7 pairs: $(cat "$work/out")"
# shellcheck disable=SC2086
run_status "$hbstat" -sample paired -pair-block 0 $old $new
expect_same "-pair-block 0: exit" 2 "$status"
# shellcheck disable=SC2086
run_status "$hbstat" -sample input -pair-block 2 $old $new
expect_same "-pair-block without -sample paired: exit" 2 "$status"
grep -q "needs -sample paired" "$work/err" || fail "-pair-block without paired: $(cat "$work/err")"
# Five pairs can never reach 0.05 (2/2^5 = 0.0625).
run_status "$hbstat" -sample paired -detectable "old=$work/drift_old1.txt" "old=$work/drift_old2.txt" "old=$work/drift_old3.txt" \
	"old=$work/drift_old4.txt" "old=$work/drift_old5.txt" "new=$work/drift_slow1.txt" "new=$work/drift_slow2.txt" \
	"new=$work/drift_slow3.txt" "new=$work/drift_slow4.txt" "new=$work/drift_slow5.txt"
grep -q '~ (p=0.062 n=5, none detectable)' "$work/out" || fail "five pairs: want 'p=0.062 n=5, none detectable': $(cat "$work/out")"
grep -q 'need >= 6 pairs to detect a difference at alpha level 0.05' "$work/out" || fail "five pairs: no 'need >= 6 pairs' footnote"
# A column holding two inputs that are both the first of their label cannot be paired.
expect_usage_error '-sample paired: row "*", column "Hash" (sec/op) gets values from two inputs that are both input 1' \
	"$hbstat" -sample paired -col .name "old=$work/drift_old1.txt" "new=$work/drift_slow1.txt"

expect_usage_error '-adjust must be none, holm or bh' "$hbstat" -adjust bonferroni "$data/gb_old.json"
expect_usage_error '-sample must be repetition, input or paired' "$hbstat" -sample process "$data/gb_old.json"
expect_usage_error 'invalid value "1.2.3" for -fail-on-regression' "$hbstat" --fail-on-regression 1.2.3 "$data/gb_old.json"
expect_done e2e_ab_options
