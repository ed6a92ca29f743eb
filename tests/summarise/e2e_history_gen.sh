#!/bin/sh
# e2e_history_gen.sh — the generator of hbstat -history's benchmark (hbstat_history_gen), small, and
# hbstat -history on what it writes: 60 gzipped runs of 20 benchmarks with 5 repetitions, the even
# benchmarks 10% slower from run 20, a machine change at run 45. hbstat must read every run, say
# where the machine changed, and place each slower benchmark's step at run 19-21 (read from the tsv
# format: the median of the stretch a run is in). Not a timing: the timed benchmark is the same
# generator at 1000 runs of 500 benchmarks (docs/history.md, "Speed").
# Usage: e2e_history_gen.sh HBSTAT_HISTORY_GEN HBSTAT
set -eu

if [ "$#" -ne 2 ]; then
	echo "usage: e2e_history_gen.sh HBSTAT_HISTORY_GEN HBSTAT" >&2
	exit 2
fi
gen=$1 hbstat=$2

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM

"$gen" -z -s 20:10:2 -m 45 "$tmp/runs" 60 20 5
"$hbstat" -history "$tmp"/runs/* >"$tmp/report.txt" 2>"$tmp/stderr.txt"
if [ -s "$tmp/stderr.txt" ] || ! grep -q '^60 runs, ' "$tmp/report.txt" ||
	! grep -q '^configuration changed at run 45 (v1.0-45-g' "$tmp/report.txt"; then
	echo "e2e_history_gen: the report lacks the runs or the machine change at run 45:" >&2
	cat "$tmp/report.txt" "$tmp/stderr.txt" >&2
	exit 1
fi

# For each benchmark, the first run whose stretch median differs from run 0's (before the machine
# change): run 19-21 for the even ones, none for the odd ones.
"$hbstat" -history -format tsv -filter '.unit:sec/op' "$tmp"/runs/* >"$tmp/series.tsv"
awk -F '\t' '
NR > 1 && $6 == 0 {
	if (!($3 in first)) first[$3] = $7
	else if ($7 != first[$3] && !($3 in moved)) moved[$3] = $1
	names[$3] = 1
}
END {
	bad = 0
	for (name in names) {
		even = 0
		# The generator names benchmark i after algos[i % 10]; the even ones are 10% slower.
		if (name ~ /algo:(crc32c|xxh3-64|murmur3-32|sha256|wyhash)\//) even = 1
		if (even && !(name in moved && moved[name] >= 19 && moved[name] <= 21)) {
			print "e2e_history_gen: " name ": no step at run 19-21 (first move: " (name in moved ? moved[name] : "none") ")"
			bad = 1
		}
		if (!even && name in moved) {
			print "e2e_history_gen: " name ": a step at run " moved[name] ", where none was made"
			bad = 1
		}
	}
	exit bad
}' "$tmp/series.tsv"
