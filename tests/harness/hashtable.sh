#!/bin/sh
# hashtable.sh — the hashtable suite end to end: --keys gives keys:file rows at the count of
# distinct keys (repeats dropped with one note on stderr, the empty key held like any other); a
# tiny --table-cap turns every row of a run into an error row starting "capped:" while the
# default cap leaves the same rows measured; bad values exit 2 with one line.
# Usage: hashtable.sh HASHBENCH
set -eu

hashbench=$1
. "$(dirname "$0")/../lib/expect.sh"

quick="--quick --benchmark_min_time=0 --no-progress"

# 203 lines, 3 of them repeats, one of them the empty key.
awk 'BEGIN { for (i = 0; i < 200; i++) print "key-" i; print ""; print "key-7"; print "key-9"; print "key-9" }' \
  >"$work/keys.txt"
distinct=$(LC_ALL=C sort -u "$work/keys.txt" | wc -l)
run_status "$hashbench" --suite hashtable --keys "$work/keys.txt" --size keys --algo xxh3-64/inline --list
[ "$status" -eq 0 ] || fail "--keys --list exited $status: $(cat "$work/err")"
expect_same "keys:file rows" 9 "$(grep -c "/keys:file/count:$distinct\$" "$work/out" || true)"
expect_same "rows in all" 9 "$(wc -l <"$work/out")"
grep -q "3 keys repeat an earlier one" "$work/err" || fail "no note of the repeated keys: $(cat "$work/err")"

# The empty key (twice) alone: one key, stored and found.
printf '\n\n' >"$work/empty.txt"
# shellcheck disable=SC2086 # $quick is several flags
run_status "$hashbench" --suite hashtable --keys "$work/empty.txt" --size keys --algo fnv1a-64 $quick
[ "$status" -eq 0 ] || fail "the empty key: exit $status: $(cat "$work/err")"
expect_same "empty-key rows" 9 "$(grep -c '/keys:file/count:1 ' "$work/out" || true)"
! grep -q 'ERROR OCCURRED' "$work/out" || fail "the empty key: error rows: $(grep 'ERROR' "$work/out")"

# The cap: with 1 probe per key every build is stopped, with the default none is.
# shellcheck disable=SC2086
run_status "$hashbench" --suite hashtable --algo xxh3-64/inline --size 300 --table-cap 1 $quick
[ "$status" -eq 0 ] || fail "--table-cap 1 exited $status: $(cat "$work/err")"
expect_same "rows capped at --table-cap 1" 18 "$(grep -c "ERROR OCCURRED: 'capped: " "$work/out" || true)"
# shellcheck disable=SC2086
run_status "$hashbench" --suite hashtable --algo xxh3-64/inline --size 300 $quick
expect_same "rows capped at the default cap" 0 "$(grep -c "capped: " "$work/out" || true)"
expect_same "rows measured at the default cap" 18 "$(grep -c '^hashtable/.* ns ' "$work/out" || true)"

expect_usage_error "--table-cap" "$hashbench" --suite hashtable --table-cap 0
expect_usage_error "--table-cap" "$hashbench" --suite hashtable --table-cap many
expect_usage_error "rand1-8" "$hashbench" --suite hashtable --size rand1-8 --list
expect_usage_error "5000000" "$hashbench" --suite hashtable --size 5000000 --list

expect_done hashtable.sh
