#!/bin/sh
# e2e_long_line.sh — a Go text line longer than 1 MiB (here 3 MB, with no line break for the
# reader to find) is skipped with a note naming its line, and the lines around it still count:
# memory stays bounded whatever the text holds.
# Usage: e2e_long_line.sh HBSTAT
set -eu

if [ "$#" -ne 1 ]; then
	echo "usage: e2e_long_line.sh HBSTAT" >&2
	exit 2
fi
hbstat=$1

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM

{
	printf 'BenchmarkA 1 10 ns/op\nBenchmarkLong '
	head -c 3000000 /dev/zero | tr '\0' 'x'
	printf ' 1 5 ns/op\nBenchmarkA 1 12 ns/op\n'
} >"$tmp/long.txt"

"$hbstat" -format csv "$tmp/long.txt" >"$tmp/out" 2>"$tmp/err"
grep -q '^A,1.1000000000000001e-08,∞$' "$tmp/out" || { echo "e2e_long_line: expected row A with median 11 ns:"; cat "$tmp/out"; exit 1; }
grep -q 'long.txt:2: line longer than 1 MiB; skipped' "$tmp/err" || { echo "e2e_long_line: no note:"; cat "$tmp/err"; exit 1; }
if grep -q Long "$tmp/out"; then
	echo "e2e_long_line: the overlong line was read"
	exit 1
fi
echo "e2e_long_line: ok"
