#!/bin/sh
# rank_agreement_e2e.sh SOURCE_DIR — property: scripts/rank-agreement.sh compares the fastest sets
# of bench.sh runs table by table. Three hand-made replicated runs of four processes (Go benchmark
# text, one table at 16 bytes): in A and B, a and c tie at 10 ns and b takes 20 ns, so both sets are
# {a, c}; in D, b takes 5 ns and is alone in its set. A and B agree in every respect, A and D in none
# (their sets do not meet, so neither holds the other's pick), B and D likewise; the summary
# counts 3 cells, 1 that intersects, 1 identical, 1 that holds both picks, and none whose two sets
# are within a third of the 3 rows ranked (a, c and D's b: 2 and 1 of 3). A folder without
# runs/run-2.json is refused with one line and exit 2.
set -eu
src=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
fail() { echo "FAIL: $*" >&2; exit 1; }

# run DIR A_NS B_NS C_NS: one process per argument triple "a b c" in nanoseconds.
run() {
  dir=$1
  shift
  mkdir -p "$dir/runs"
  k=1
  for values; do
    set -f
    # shellcheck disable=SC2086  # three numbers
    set -- $values
    set +f
    {
      echo "Benchmarkthroughput/algo=a/impl=x/size=16/load=cpu 1000 $1 ns/op"
      echo "Benchmarkthroughput/algo=b/impl=x/size=16/load=cpu 1000 $2 ns/op"
      echo "Benchmarkthroughput/algo=c/impl=x/size=16/load=cpu 1000 $3 ns/op"
    } >"$dir/runs/run-$k.json"
    k=$((k + 1))
  done
}
run "$tmp/A" "10.0 20.0 9.8" "10.2 20.4 10.5" "9.9 19.8 10.0" "10.1 20.2 10.1"
run "$tmp/B" "10.1 20.1 9.9" "10.0 20.3 10.4" "10.0 19.9 10.1" "10.2 20.0 10.0"
run "$tmp/D" "10.0 5.0 9.8" "10.2 5.1 10.5" "9.9 4.9 10.0" "10.1 5.05 10.1"

script=$src/scripts/rank-agreement.sh
"$script" "$tmp/A" "$tmp/B" "$tmp/D" >"$tmp/out" 2>"$tmp/err" || fail "rank-agreement.sh: $(cat "$tmp/err")"
expected=$(printf '%s\n' \
  "table	a	b	set_a	set_b	pick_a	pick_b	size_a	size_b	ranked_a	ranked_b	intersect	identical	picks_held" \
  "16 cpu sec/op	1	2	a/x,c/x	a/x,c/x	a/x	a/x	2	2	3	3	true	true	true" \
  "16 cpu sec/op	1	3	a/x,c/x	b/x	a/x	b/x	2	1	3	3	false	false	false" \
  "16 cpu sec/op	2	3	a/x,c/x	b/x	a/x	b/x	2	1	3	3	false	false	false")
[ "$(cat "$tmp/out")" = "$expected" ] || fail "rank-agreement.sh printed
$(cat "$tmp/out")
want
$expected"
"$script" --summary "$tmp/A" "$tmp/B" "$tmp/D" >"$tmp/out" 2>"$tmp/err" || fail "--summary: $(cat "$tmp/err")"
[ "$(cat "$tmp/out")" = "$(printf 'cells\tintersect\tidentical\tpicks_held\twithin_a_third\n3\t1\t1\t1\t0')" ] ||
  fail "--summary printed $(cat "$tmp/out")"

mkdir -p "$tmp/one/runs"
cp "$tmp/A/runs/run-1.json" "$tmp/one/runs/"
status=0
"$script" "$tmp/A" "$tmp/one" >"$tmp/out" 2>"$tmp/err" || status=$?
[ "$status" = 2 ] && [ "$(wc -l <"$tmp/err")" = 1 ] && [ ! -s "$tmp/out" ] ||
  fail "a folder with one process: exit $status, $(cat "$tmp/err")"
echo "rank_agreement_e2e: all checks passed"
