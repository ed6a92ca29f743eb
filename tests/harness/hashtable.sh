#!/bin/sh
# hashtable.sh — the hashtable suite end to end: --keys gives keys:file rows at the count of
# distinct keys (repeats dropped with one note on stderr, the empty key held like any other); a
# tiny --table-cap turns every row of a run into an error row starting "capped:" while the
# default cap leaves the same rows measured; --designs narrows the designs and --list-designs names
# them with their views; bad values exit 2 with one line.
# Usage: hashtable.sh HASHBENCH
set -eu

hashbench=$1
. "$(dirname "$0")/../lib/expect.sh"

quick="--quick --benchmark_min_time=0 --no-progress"
designs=$("$hashbench" --list-designs | wc -l)
[ "$designs" -ge 7 ] || fail "--list-designs names $designs designs"
"$hashbench" --list-designs | grep -qx 'absl absl-h1 absl-h2' || fail "--list-designs: absl's views: $("$hashbench" --list-designs)"

# 203 lines, 3 of them repeats, one of them the empty key.
awk 'BEGIN { for (i = 0; i < 200; i++) print "key-" i; print ""; print "key-7"; print "key-9"; print "key-9" }' \
  >"$work/keys.txt"
distinct=$(LC_ALL=C sort -u "$work/keys.txt" | wc -l)
run_status "$hashbench" --suite hashtable --keys "$work/keys.txt" --size keys --algo xxh3-64/inline --list
[ "$status" -eq 0 ] || fail "--keys --list exited $status: $(cat "$work/err")"
expect_same "keys:file rows" $((designs * 3)) "$(grep -c "/keys:file/count:$distinct\$" "$work/out" || true)"
expect_same "rows in all" $((designs * 3)) "$(wc -l <"$work/out")"
grep -q "3 keys repeat an earlier one" "$work/err" || fail "no note of the repeated keys: $(cat "$work/err")"

# The empty key (twice) alone: one key, stored and found.
printf '\n\n' >"$work/empty.txt"
# shellcheck disable=SC2086 # $quick is several flags
run_status "$hashbench" --suite hashtable --keys "$work/empty.txt" --size keys --algo fnv1a-64 $quick
[ "$status" -eq 0 ] || fail "the empty key: exit $status: $(cat "$work/err")"
expect_same "empty-key rows" $((designs * 3)) "$(grep -c '/keys:file/count:1 ' "$work/out" || true)"
! grep -q 'ERROR OCCURRED' "$work/out" || fail "the empty key: error rows: $(grep 'ERROR' "$work/out")"

# The cap: with 1 probe per key every build counted probe by probe is stopped (Boost counts none:
# at 7/8 load its keys mostly stay in their home group), with the default none is.
counted=absl,uthash,open-addressing,std-unordered,glib
# shellcheck disable=SC2086
run_status "$hashbench" --suite hashtable --algo xxh3-64/inline --size 300 --table-cap 1 --designs "$counted" $quick
[ "$status" -eq 0 ] || fail "--table-cap 1 exited $status: $(cat "$work/err")"
expect_same "rows capped at --table-cap 1" 30 "$(grep -c "ERROR OCCURRED: 'capped: " "$work/out" || true)"
# Boost is held to its keys' home groups: a 32-bit hash declared avalanching sends every key to
# group 0 (its group is the high bits), so 10000 keys are stopped before the build; Boost's mixer
# spreads the same hash.
# shellcheck disable=SC2086
run_status "$hashbench" --suite hashtable --algo murmur3-32 --size 10000 --designs boost-flat,boost-flat-avalanching $quick
expect_same "32-bit hash declared avalanching: rows capped" 6 \
  "$(grep -c "design:boost-flat-avalanching/.*ERROR OCCURRED: 'capped: the 10000 keys of the boost-flat-avalanching table crowd their home groups" "$work/out" || true)"
expect_same "32-bit hash through Boost's mixer: rows measured" 6 "$(grep -c '^hashtable/.*design:boost-flat/.* ns ' "$work/out" || true)"
# shellcheck disable=SC2086
run_status "$hashbench" --suite hashtable --algo xxh3-64/inline --size 300 $quick
expect_same "rows capped at the default cap" 0 "$(grep -c "capped: " "$work/out" || true)"
expect_same "rows measured at the default cap" $((designs * 6)) "$(grep -c '^hashtable/.* ns ' "$work/out" || true)"

# --designs: only the designs named, in every row.
run_status "$hashbench" --suite hashtable --algo xxh3-64/inline --size 300 --designs std-unordered,glib --list
expect_same "--designs rows" 12 "$(wc -l <"$work/out")"
expect_same "--designs other rows" 0 "$(grep -cv '/design:\(std-unordered\|glib\)/' "$work/out" || true)"
expect_usage_error "--designs: unknown design 'hopscotch'" "$hashbench" --suite hashtable --designs absl,hopscotch --list

expect_usage_error "--table-cap" "$hashbench" --suite hashtable --table-cap 0
expect_usage_error "--table-cap" "$hashbench" --suite hashtable --table-cap many
expect_usage_error "rand1-8" "$hashbench" --suite hashtable --size rand1-8 --list
expect_usage_error "5000000" "$hashbench" --suite hashtable --size 5000000 --list

expect_done hashtable.sh
