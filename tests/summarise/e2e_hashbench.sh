#!/bin/sh
# e2e_hashbench.sh — hbstat on JSON written by hashbench itself: two runs of a small selection
# (crc32c and xxh64 at 16 and 1024 bytes, 3 repetitions each) compared as A and B. Checks that the
# context becomes config lines, that every benchmark of the selection has its row with a
# comparison, and that three samples get benchstat's footnotes.
# Usage: e2e_hashbench.sh HASHBENCH HBSTAT
set -eu

if [ "$#" -ne 2 ]; then
	echo "usage: e2e_hashbench.sh HASHBENCH HBSTAT" >&2
	exit 2
fi
hashbench=$1 hbstat=$2

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM

for run in a b; do
	"$hashbench" --suite throughput --algo crc32c,xxh64 --size 16,1024 --load cpu --benchmark_min_time=0 \
		--benchmark_repetitions=3 --benchmark_out="$tmp/$run.json" --benchmark_out_format=json >/dev/null 2>&1
done

fail() {
	echo "e2e_hashbench: $1"
	echo "--- hbstat output:"
	cat "$tmp/out"
	exit 1
}

"$hbstat" A="$tmp/a.json" B="$tmp/b.json" >"$tmp/out" 2>"$tmp/err" || fail "hbstat exited with $? ($(cat "$tmp/err"))"
for key in host_name num_cpus cpu_model; do
	grep -q "^$key: " "$tmp/out" || fail "no '$key: ' config line"
done
grep -q '│ *A *│ *B *│' "$tmp/out" || fail "no A/B column header"
grep -q 'vs base' "$tmp/out" || fail "no 'vs base' header"
for algo in crc32c xxh64; do
	for size in 16 1024; do
		pattern="^throughput/algo:$algo/impl:[^/ ]*/size:$size/load:cpu .*(p=[0-9.]* n=3)"
		grep -q "$pattern" "$tmp/out" || fail "no compared row for $algo at $size bytes"
	done
done
grep -q '^¹ need >= 6 samples for confidence interval at level 0.95$' "$tmp/out" || fail "no footnote for 3 samples"
grep -q '^geomean ' "$tmp/out" || fail "no geomean row"

"$hbstat" -format csv A="$tmp/a.json" B="$tmp/b.json" >"$tmp/csv" 2>/dev/null || fail "csv: hbstat exited with $?"
grep -q '^,A,,B,,,$' "$tmp/csv" || fail "csv: no A/B header"
echo "e2e_hashbench: ok"
