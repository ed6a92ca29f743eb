#!/bin/sh
# e2e_counted_tools.sh — what hbstat's other outputs make of counted inputs (hashbench_measure:
# instructions), checked against the counts' own arithmetic: a history of four runs counting
# 4620 instructions per call and three counting 4623 has exactly one change, at run 4, of
# 4623/4620 - 1, with no p-value; its other series have none. A history mixing counted and timed
# runs is refused. gab-json gives each count as its value, in instructions/op. The geomean of an
# exact table leaves out a not-repeatable row: with only the 16-byte row left, it is that row's
# count.
# Usage: e2e_counted_tools.sh HBSTAT DATA_DIR
set -eu

if [ "$#" -ne 2 ]; then
	echo "usage: e2e_counted_tools.sh HBSTAT DATA_DIR" >&2
	exit 2
fi
hbstat=$1 data=$2
. "$(dirname "$0")/../lib/expect.sh"
. "$(dirname "$0")/../../scripts/lib/common.sh"
tab=$(printf '\t')
long=throughput/algo:fnv1a-64/impl:portable/size:1024/load:cpu

# The series: runs 0-3 as counted_a.json, runs 4-6 with its 1 KiB row at 4623 (a test input made
# by editing the one counter).
for i in 0 1 2 3; do cp "$data/counted_a.json" "$work/r$i.json"; done
for i in 4 5 6; do
	sed 's/"instructions\/op": 4620,/"instructions\/op": 4623,/' "$data/counted_a.json" >"$work/r$i.json"
done
grep -q '"instructions/op": 4623,' "$work/r4.json" || fail "the stepped run was not made"
runs="$work/r0.json $work/r1.json $work/r2.json $work/r3.json $work/r4.json $work/r5.json $work/r6.json"

# shellcheck disable=SC2086  # a list of paths
run_status "$hbstat" -history -format tsv $runs
expect_same "-history tsv: exit" 0 "$status"
# Each run's piece median is the run's own count: 4620 before the step, 4623 from it.
want=$(printf '%s\n' 0 1 2 3 | sed "s/\$/${tab}4620/"; printf '%s\n' 4 5 6 | sed "s/\$/${tab}4623/")
got=$(hb_tsv_columns name unit run piece_median <"$work/out" | grep -F "$long${tab}instructions/op${tab}" | cut -f3,4)
expect_same "-history tsv: the 1 KiB series' pieces" "$want" "$got"
# Every run's value is its piece's median: each stretch is one count, nothing in between.
moved=$(hb_tsv_columns value piece_median <"$work/out" | awk -F "$tab" '$1 != $2' | wc -l)
expect_same "-history tsv: values off their piece median" 0 "$moved"

# shellcheck disable=SC2086
run_status "$hbstat" -history $runs
expect_same "-history: exit" 0 "$status"
delta=$(awk 'BEGIN { printf "%+.2f%%", 100 * (4623 / 4620 - 1) }')
rows=$(grep -c "(exact n=4+3)" "$work/out" || true)
expect_same "-history: change rows" 1 "$rows"
grep -F "$long" "$work/out" | grep -qF "$delta (exact n=4+3)" ||
	fail "-history: no change of $delta at the 1 KiB row: $(cat "$work/out")"
grep -q "p=" "$work/out" && fail "-history: a p-value for exact counts: $(cat "$work/out")"
grep -q "^instructions/op: 1 change point in 1 of 2 series" "$work/out" ||
	fail "-history: not one change in instructions/op: $(cat "$work/out")"
grep -q "^instructions/B: no change point" "$work/out" ||
	fail "-history: instructions/B changed, though only instructions/op was edited: $(cat "$work/out")"

# shellcheck disable=SC2086
run_status "$hbstat" -history -format json $runs
expect_same "-history json: exit" 0 "$status"
grep -q '"p": null' "$work/out" || fail "-history json: p is not null: $(cat "$work/out")"
grep -q '"exact": true' "$work/out" || fail "-history json: not marked exact"

# Counted and timed runs in one history: refused.
expect_usage_error "is counted" "$hbstat" -history "$work/r0.json" "$work/r1.json" "$data/gb_variation.json"
expect_usage_error "gb_variation.json" "$hbstat" -history "$data/gb_variation.json" "$work/r0.json" "$work/r1.json"

# gab-json: the count is the value, the unit instructions/op.
run_status "$hbstat" -format gab-json "$data/counted_a.json" "$work/r4.json"
expect_same "gab-json: exit" 0 "$status"
for pair in "counted_a.json 4620" "r4.json 4623"; do
	file=${pair% *} count=${pair#* }
	grep -A3 -F "\"name\": \"$long [" "$work/out" | grep -A3 -F "$file] (instructions/op)" >"$work/entry" || true
	grep -qF '"unit": "instructions/op",' "$work/entry" && grep -qF "\"value\": $count," "$work/entry" ||
		fail "gab-json: $file's 1 KiB entry is not $count instructions/op: $(cat "$work/entry")"
done

# The geomean of an exact table without its not-repeatable row (1 KiB: the new side counted 4623
# and 4625): the 16-byte row alone, 95 instructions/op on both sides, 5.9375 instructions/B,
# 101.5 estimated cycles.
run_status "$hbstat" -format csv "old=$data/counted_a.json" "old=$data/counted_a2.json" \
	"new=$data/counted_b.json" "new=$data/counted_b2_differs.json"
expect_same "geomean: exit" 0 "$status"
gm=$(grep '^geomean,' "$work/out" | cut -d, -f2,4 | tr '\n' ' ')
# A geomean of one value is that value up to exp(log(x)) rounding.
ok=$(echo "$gm" | awk -v want="95 5.9375 101.5" '{ split(want, w, " "); for (i = 1; i <= 3; i++) { split($i, v, ","); for (j = 1; j <= 2; j++) if (v[j] - w[i] > 1e-9 * w[i] || w[i] - v[j] > 1e-9 * w[i]) { print "no"; exit } } print "yes" }')
[ "$ok" = yes ] || fail "geomean: not the 16-byte row's counts alone: $gm"
run_status "$hbstat" "old=$data/counted_a.json" "old=$data/counted_a2.json" \
	"new=$data/counted_b.json" "new=$data/counted_b2_differs.json"
grep -q "geomean leaves out 1 not-repeatable row" "$work/out" || fail "geomean: no footnote: $(cat "$work/out")"

[ "$failures" -eq 0 ] || exit 1
