#!/bin/sh
# e2e_long_line.sh — a Go text line longer than 1 MiB (here 3 MB, with no line break for the
# reader to find) is refused with one line naming its line number and the limit, exit 2, once the
# limit is crossed: memory stays bounded whatever the text holds. The limit is exact: the line
# before it (1 MiB exactly, its '\r\n' not counted) is read.
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

status=0
(ulimit -v 262144 && exec "$hbstat" -format csv "$tmp/long.txt") >"$tmp/out" 2>"$tmp/err" || status=$?
[ "$status" -eq 2 ] || { echo "e2e_long_line: exit $status, expected 2"; exit 1; }
[ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q 'long.txt:2: line longer than 1048576 bytes (1 MiB), the longest line allowed' "$tmp/err" ||
	{ echo "e2e_long_line: expected one line naming line 2 and the limit:"; cat "$tmp/err"; exit 1; }
[ ! -s "$tmp/out" ] || { echo "e2e_long_line: output despite the refusal:"; cat "$tmp/out"; exit 1; }

# 1048576 bytes exactly: "BenchmarkB 1 7 ns/op " and padding up to the limit (a config-like
# tail is not a measurement, so the row is still B = 7 ns).
{
	printf 'BenchmarkA 1 10 ns/op\n'
	printf 'BenchmarkB 1 7 ns/op '
	head -c $((1048576 - 21)) /dev/zero | tr '\0' 'x'
	printf '\r\nBenchmarkA 1 12 ns/op\n'
} >"$tmp/exact.txt"
"$hbstat" -format csv "$tmp/exact.txt" >"$tmp/out" 2>"$tmp/err" ||
	{ echo "e2e_long_line: a line of exactly 1 MiB was refused:"; cat "$tmp/err"; exit 1; }
grep -q '^A,1.1000000000000001e-08,∞$' "$tmp/out" || { echo "e2e_long_line: expected row A with median 11 ns:"; cat "$tmp/out"; exit 1; }
echo "e2e_long_line: ok"
