#!/bin/sh
# keys.sh — hashbench --keys: the size:keys rows exist in the suites they should, the context's
# counts and length distribution equal what sort/awk compute from the same file (CRLF endings,
# an empty line, duplicates, bytes that are not UTF-8), bytes per second times time per key is the
# keys' mean length, binary formats (nul, fixed:8) are read, and bad key files exit 2 with one line.
# Usage: keys.sh HASHBENCH
set -eu

hashbench=$1
. "$(dirname "$0")/../lib/expect.sh"

# 300 keys: words of varied lengths, one long key, CRLF on every line, an empty line, 20 repeats.
awk 'BEGIN { for (i = 0; i < 280; i++) { s = "k" i; for (j = 0; j < i % 37; j++) s = s "x"; print s }
             for (i = 0; i < 20; i++) print "k" i; s = ""; for (j = 0; j < 900; j++) s = s "L"; print s }' |
  sed 's/$/\r/' >"$work/keys.txt"
printf '\r\n\377\376\r\n' >>"$work/keys.txt"

json="$work/run.json"
# Rows of 0.5 s: a scheduling slice that falls between the loop's own clock and Google Benchmark's
# timer on a loaded machine (or under an emulator) stays well inside the 2% allowed below.
min_time=0.5
"$hashbench" --keys "$work/keys.txt" --size keys --algo xxh3-64/inline,noop --benchmark_min_time=$min_time \
  --benchmark_repetitions=1 --no-progress \
  --benchmark_format=json >"$json" 2>"$work/log" || fail "hashbench --keys exited $?: $(cat "$work/log")"

context() { sed -n "s/^ *\"$1\": \"\\([^\"]*\\)\".*/\\1/p" "$json" | head -n 1 | sed 's/ (.*//'; }

tr -d '\r' <"$work/keys.txt" >"$work/plain"
lines=$(wc -l <"$work/plain")
expect_same "keys_in_file" "$lines" "$(context keys_in_file)"
expect_same "keys_used" "$lines" "$(context keys_used)"
expect_same "keys_crlf" "$lines" "$(context keys_crlf)"
expect_same "keys_empty" 1 "$(context keys_empty)"
expect_same "keys_not_utf8" 1 "$(context keys_not_utf8)"
expect_same "keys_duplicates" "$((lines - $(LC_ALL=C sort -u "$work/plain" | wc -l)))" "$(context keys_duplicates)"
awk '{ print length($0) }' "$work/plain" | LC_ALL=C sort -n >"$work/lengths"
n=$(wc -l <"$work/lengths")
expect_same "keys_length_min" "$(sed -n 1p "$work/lengths")" "$(context keys_length_min)"
expect_same "keys_length_median" "$(sed -n "$(((n + 1) / 2))p" "$work/lengths")" "$(context keys_length_median)"
expect_same "keys_length_p99" "$(sed -n "$(((n * 99 + 99) / 100))p" "$work/lengths")" "$(context keys_length_p99)"
expect_same "keys_length_max" "$(sed -n "${n}p" "$work/lengths")" "$(context keys_length_max)"
bytes=$(awk '{ s += $1 } END { print s }' "$work/lengths")
expect_same "keys_bytes" "$bytes" "$(context keys_bytes)"

# The rows, and each row's bytes per key: bytes_per_second x real_time equals the mean key length
# (all keys fit the cache walk). The iterations wrap around the shuffled walk, so the last partial
# lap (fewer than n keys, none longer than the longest) can move the mean by up to
# n x longest / iterations: within that, or 2% when that is smaller. The iteration count depends on
# the machine's speed and load, the bound on it does not. On a CPU shared with a busy process, the
# loop's own clock and Google Benchmark's timer have been seen to differ by a few milliseconds (a
# scheduling slice), a quarter of a --quick row; rows of 0.5 s make that 1% at most.
for row in throughput/algo:xxh3-64/impl:inline/size:keys/load:cpu latency/algo:xxh3-64/impl:inline/size:keys \
           baseline/algo:noop/impl:portable/size:keys/load:cpu; do
  grep -q "\"name\": \"$row\"" "$json" || fail "no row $row"
  awk -v row="$row" -v bytes="$bytes" -v n="$n" -v longest="$(sed -n "${n}p" "$work/lengths")" '
    $0 ~ "\"name\": \"" row "\"" { found = 1 }
    found && /"iterations"/ { split($0, f, ": "); it = f[2] + 0 }
    found && /"real_time"/ { split($0, f, ": "); t = f[2] + 0 }
    found && /"bytes_per_second"/ { split($0, f, ": "); b = f[2] + 0; exit }
    END { m = bytes / n; got = b * t / 1e9; slack = it > 0 ? n * longest / it : m; if (slack < 0.02 * m) slack = 0.02 * m
          if (got < m - slack || got > m + slack) {
            printf "%s: %.2f bytes per key, the keys average %.2f (allowed +-%.2f at %d iterations)\n", row, got, m, slack, it; exit 1 } }' "$json" ||
    fail "bytes per key"
done
# The keys' cache lines (20 KiB) fit any last-level cache: no load:ram row, unless its size is
# unknown (llc_bytes 0: no cache sizes in /sys, sysconf or cpuid), when the row runs and says why.
if [ "$(context llc_bytes)" = 0 ]; then
  grep -q '"name": "throughput.*size:keys/load:ram' "$json" || fail "no load:ram row with the cache size unknown"
  skipped "no load:ram row for keys that fit" harness.keys "the last-level cache's size is unknown here"
else
  grep -q '"name": "throughput.*size:keys/load:ram' "$json" && fail "a load:ram row although the keys fit the cache"
fi

# Binary keys: NUL-separated and fixed-width 64-bit integers.
printf 'x\000yy\000\000zz' >"$work/nul.bin"
"$hashbench" --keys "$work/nul.bin" --keys-format nul --size keys --algo fnv1a-64 --quick --no-progress \
  --benchmark_format=json >"$json" 2>/dev/null || fail "nul keys exited $?"
expect_same "nul keys_in_file" 4 "$(context keys_in_file)"
expect_same "nul keys_empty" 1 "$(context keys_empty)"
awk 'BEGIN { for (i = 0; i < 1000; i++) printf "%c%c%c%c%c%c%c%c", i % 256, int(i / 256), 0, 0, 0, 0, 0, 0 }' |
  LC_ALL=C tr -d '' >"$work/ints.bin" 2>/dev/null || true
if [ "$(wc -c <"$work/ints.bin")" -eq 8000 ]; then
  "$hashbench" --keys "$work/ints.bin" --keys-format fixed:8 --size keys --algo fnv1a-64 --quick --no-progress \
    --benchmark_format=json >"$json" 2>/dev/null || fail "fixed:8 keys exited $?"
  expect_same "fixed:8 keys_in_file" 1000 "$(context keys_in_file)"
  expect_same "fixed:8 keys_duplicates" 0 "$(context keys_duplicates)"
  expect_same "fixed:8 keys_length_max" 8 "$(context keys_length_max)"
else
  echo "keys: skipped fixed:8 (this awk cannot write NUL bytes)"
fi

# Keys across the reader's 1 MiB reads: 300000 numbers and a 2 MiB key, without a last newline.
seq 1 300000 >"$work/many"
awk 'BEGIN { s = "0123456789abcdef"; while (length(s) < 2097152) s = s s; printf "%s", s }' >>"$work/many"
"$hashbench" --keys "$work/many" --size keys --algo fnv1a-64 --quick --no-progress \
  --benchmark_format=json >"$json" 2>/dev/null || fail "many keys exited $?"
expect_same "many keys_in_file" 300001 "$(context keys_in_file)"
expect_same "many keys_length_max" 2097152 "$(context keys_length_max)"
expect_same "many keys_bytes" "$(($(tr -d '\n' <"$work/many" | wc -c)))" "$(context keys_bytes)"

: >"$work/empty"
printf 'abcdefghijklm' >"$work/odd"
expect_usage_error "--keys: $work/missing: No such file" "$hashbench" --keys "$work/missing"
expect_usage_error "empty key file" "$hashbench" --keys "$work/empty"
expect_usage_error "not a whole number of 8-byte keys" "$hashbench" --keys "$work/odd" --keys-format fixed:8
expect_usage_error "is a directory" "$hashbench" --keys "$work"
expect_usage_error "--keys-format" "$hashbench" --keys "$work/odd" --keys-format csv
expect_usage_error "--size keys: needs --keys" "$hashbench" --size keys

[ "$failures" -eq 0 ] || exit 1
echo "keys: ok"
