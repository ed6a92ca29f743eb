#!/bin/sh
# advise_e2e.sh SOURCE_DIR — the advisor's rules on made-up inputs (no timing: each rule is
# checked on an entry built to trip it), and its bad-input contract: a missing, unreadable or
# empty key file, a bad --need or --buckets, a --from folder that is no advice: exit 2, one line.
set -eu
src=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

tab=$(printf '\t')
# registry: name impl family kind bits seeded dos output version needs linkage provider runs-here
cat >"$tmp/registry" <<EOF_R
name${tab}impl${tab}family${tab}kind${tab}bits${tab}seeded${tab}dos${tab}output${tab}version${tab}needs${tab}linkage${tab}provider${tab}runs here
fast32${tab}c${tab}f${tab}non-crypto${tab}32${tab}32-bit${tab}seeded${tab}frozen${tab}-${tab}-${tab}builtin${tab}v${tab}yes, default
fast64${tab}c${tab}f${tab}non-crypto${tab}64${tab}64-bit${tab}seeded${tab}frozen${tab}-${tab}-${tab}builtin${tab}v${tab}yes
fast64${tab}avx9${tab}f${tab}non-crypto${tab}64${tab}64-bit${tab}seeded${tab}frozen${tab}-${tab}-${tab}builtin${tab}v${tab}no
unseeded${tab}c${tab}f${tab}non-crypto${tab}64${tab}no${tab}seeded${tab}frozen${tab}-${tab}-${tab}builtin${tab}v${tab}yes
skewed${tab}c${tab}f${tab}non-crypto${tab}128${tab}64-bit${tab}seeded${tab}frozen${tab}-${tab}-${tab}builtin${tab}v${tab}yes
wide${tab}c${tab}f${tab}non-crypto${tab}128${tab}64-bit${tab}seeded${tab}frozen${tab}-${tab}-${tab}builtin${tab}v${tab}yes
crc${tab}c${tab}crc${tab}checksum${tab}32${tab}no${tab}seeded${tab}frozen${tab}-${tab}-${tab}builtin${tab}v${tab}yes
md5${tab}c${tab}md${tab}crypto${tab}128${tab}no${tab}seeded${tab}frozen${tab}-${tab}-${tab}builtin${tab}v${tab}yes
sha256${tab}c${tab}sha2${tab}crypto${tab}256${tab}no${tab}seeded${tab}frozen${tab}-${tab}-${tab}builtin${tab}v${tab}yes
noop${tab}portable${tab}baseline${tab}baseline${tab}64${tab}64-bit${tab}seeded${tab}frozen${tab}-${tab}-${tab}builtin${tab}v${tab}yes
EOF_R
# timings: suite algo impl load median lo hi (seconds per key); avx9 has none (cannot run)
cat >"$tmp/timings" <<EOF_T
throughput${tab}fast32${tab}c${tab}cpu${tab}1e-9${tab}0.9e-9${tab}1.1e-9
throughput${tab}skewed${tab}c${tab}cpu${tab}1.5e-9${tab}1.4e-9${tab}1.6e-9
throughput${tab}fast64${tab}c${tab}cpu${tab}2e-9${tab}1.9e-9${tab}2.1e-9
throughput${tab}unseeded${tab}c${tab}cpu${tab}2.5e-9${tab}2.4e-9${tab}2.6e-9
throughput${tab}crc${tab}c${tab}cpu${tab}3e-9${tab}2.9e-9${tab}3.1e-9
throughput${tab}wide${tab}c${tab}cpu${tab}4e-9${tab}3e-9${tab}5e-9
throughput${tab}md5${tab}c${tab}cpu${tab}50e-9${tab}49e-9${tab}51e-9
throughput${tab}sha256${tab}c${tab}cpu${tab}60e-9${tab}59e-9${tab}61e-9
baseline${tab}noop${tab}portable${tab}cpu${tab}0.5e-9${tab}-${tab}-
EOF_T
# spread: name impl bits buckets collisions low32 avalanche pairs expected
cat >"$tmp/spread" <<EOF_S
fast32${tab}c${tab}32${tab}pass${tab}pass${tab}pass${tab}pass${tab}100${tab}116
fast64${tab}c${tab}64${tab}pass${tab}pass${tab}pass${tab}pass${tab}0${tab}0
unseeded${tab}c${tab}64${tab}pass${tab}pass${tab}pass${tab}pass${tab}0${tab}0
skewed${tab}c${tab}128${tab}FAIL${tab}pass${tab}pass${tab}pass${tab}0${tab}0
wide${tab}c${tab}128${tab}pass${tab}pass${tab}pass${tab}pass${tab}0${tab}0
crc${tab}c${tab}32${tab}pass${tab}pass${tab}pass${tab}FAIL${tab}100${tab}116
md5${tab}c${tab}128${tab}pass${tab}pass${tab}pass${tab}pass${tab}0${tab}0
sha256${tab}c${tab}256${tab}pass${tab}pass${tab}pass${tab}pass${tab}0${tab}0
EOF_S
printf 'need\tall\nbuckets\t1048576\nkeys_distinct\t1000000\nkeys_in_file\t1000000\nkeys_used\t1000000\nkeys_duplicates\t0\n' \
  >"$tmp/facts"
awk -f "$src/scripts/lib/advise.awk" "$tmp/registry" "$tmp/timings" "$tmp/spread" "$tmp/facts" >"$tmp/advice" ||
  fail "advise.awk exited $?"
pick() { sed -n '/^Recommendation per need:/,$p' "$tmp/advice" | awk -v n="$1" '$1 == n { print $2 }'; }
[ "$(pick table)" = "fast32/c" ] || fail "table: $(pick table) (want fast32/c: seeded, passes, fastest)"
[ "$(pick checksum)" = "fast32/c" ] || fail "checksum: $(pick checksum) (want fast32/c)"
# at 10 x 1e6 keys 32 bits expect 1.2e4 colliding pairs and 64 bits 2.7e-6 (> 1e-6); skewed fails
# its buckets: so wide, the 128-bit one
[ "$(pick fingerprint)" = "wide/c" ] || fail "fingerprint: $(pick fingerprint) (want wide/c)"
grep -q "left out, too few output bits (64).*2.7e-06 colliding pairs: .*fast64" "$tmp/advice" ||
  fail "fingerprint: fast64 not left out for its 64 bits at 1e7 keys"
[ "$(pick crypto)" = "sha256/c" ] || fail "crypto: $(pick crypto) (want sha256/c: md5 is broken)"
grep -q "left out, no seed.*unseeded" "$tmp/advice" || fail "table: unseeded not left out for its missing seed"
grep -q "left out, too few output bits (32).*fast32" "$tmp/advice" || fail "fingerprint: fast32 not left out for its bits"
grep -q "left out, failed spread on these keys: buckets FAIL: skewed" "$tmp/advice" || fail "skewed not left out for its buckets"
grep -q "left out, collisions can be made on purpose.*md5" "$tmp/advice" || fail "md5 not left out of crypto"
grep -q "avx9" "$tmp/advice" && fail "fast64/avx9 (cannot run here) was listed"
grep -q "noop takes 0.50 ns" "$tmp/advice" || fail "the noop floor is not stated"
# wide's interval overlaps nothing above it; fast32's does not overlap skewed's
grep -q "1   fast32/c .*fastest that qualifies; 33% less time per key than skewed" "$tmp/advice" ||
  grep -q "1   fast32/c .*fastest that qualifies; 50% less time per key than fast64" "$tmp/advice" ||
  fail "the first entry's why: $(grep '^  1 ' "$tmp/advice" | head -n 1)"
awk -v json=1 -f "$src/scripts/lib/advise.awk" "$tmp/registry" "$tmp/timings" "$tmp/spread" "$tmp/facts" >"$tmp/json"
grep -q '"recommendation": "sha256/c"' "$tmp/json" || fail "advice.json lacks the crypto recommendation"

# bad input
expect2() {
  status=0
  "$src/scripts/advise.sh" "$@" >"$tmp/out" 2>"$tmp/err" || status=$?
  [ "$status" = 2 ] && [ "$(wc -l <"$tmp/err")" = 1 ] && [ ! -s "$tmp/out" ] ||
    fail "advise.sh $* -> exit $status, stderr: $(cat "$tmp/err")"
}
: >"$tmp/empty"
expect2 "$tmp/missing"
expect2 "$tmp"
expect2 "$tmp/empty"
expect2 "$tmp/facts" --need speed
expect2 "$tmp/facts" --buckets 1
expect2 --from "$tmp"
[ "$failures" = 0 ] || exit 1
echo "advise_e2e: all checks passed"
