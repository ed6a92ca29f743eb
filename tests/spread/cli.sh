#!/bin/sh
# cli.sh — hbspread as a user meets it: --help and --version, one clear line and exit 2 for
# every kind of bad input, byte-identical output on a second run (the timing line is on stderr),
# the default keysets in order, the file: keyset, --exit-code-on-fail, and the structure battery
# (alone and beside keysets, its text line, its flags).
# Usage: cli.sh PATH/TO/hbspread
set -eu

bin=$1
. "$(dirname "$0")/../lib/expect.sh"
dir=$work

small="--n 4096 --buckets 1024 --avalanche-keys 200"

# help and version
"$bin" --help >"$dir/help" || fail "--help exit status $?"
grep -q 'file:PATH' "$dir/help" || fail "--help does not describe file:PATH"
grep -q 'empty line is the empty key' "$dir/help" || fail "--help does not say what an empty line is"
grep -q 'number of tests per' "$dir/help" || fail "--help does not say what N is"
"$bin" --version | grep -q '^hbspread (hashbench) ' || fail "--version"

# bad input
: >"$dir/empty"
expect_usage_error "unknown keyset 'bogus'" "$bin" --keys bogus
expect_usage_error "unknown algorithm 'nosuchhash'" "$bin" --algo nosuchhash
expect_usage_error "file:$dir/missing: No such file" "$bin" --keys file:"$dir/missing"
expect_usage_error "file:$dir: is a directory" "$bin" --keys file:"$dir"
expect_usage_error "empty key file" "$bin" --keys file:"$dir/empty"
expect_usage_error "--n: 'abc'" "$bin" --n abc
expect_usage_error "--n: '0'" "$bin" --n 0
expect_usage_error "--n: '2^30'" "$bin" --n 2^30
expect_usage_error "--buckets: '1'" "$bin" --buckets 1
expect_usage_error "--bucketing: 'odd'" "$bin" --bucketing odd
expect_usage_error "--format: 'xml'" "$bin" --format xml
expect_usage_error "--avalanche-keys: '-1'" "$bin" --avalanche-keys -1
expect_usage_error "--threads: '0'" "$bin" --threads 0
expect_usage_error "unknown option '--frobnicate'" "$bin" --frobnicate
expect_usage_error "option '--keys' needs a value" "$bin" --keys
expect_usage_error "unexpected argument 'words'" "$bin" words
expect_usage_error "keyset 'ints:1'" "$bin" --keys ints:1 --n 1000

# deterministic: the same bytes twice, text and JSON; the timing line on stderr
for format in text json; do
    # shellcheck disable=SC2086
    "$bin" --algo xxh3-64,crc32,sha256,fnv1a-32 $small --format $format >"$dir/a.$format" 2>"$dir/a.err" ||
        fail "run 1 ($format) exit status $?"
    # shellcheck disable=SC2086
    "$bin" --algo xxh3-64,crc32,sha256,fnv1a-32 $small --format $format --threads 1 >"$dir/b.$format" 2>/dev/null ||
        fail "run 2 ($format) exit status $?"
    cmp -s "$dir/a.$format" "$dir/b.$format" || fail "two $format runs differ"
    grep -q '^hbspread: hashed [0-9]* keys in [0-9.]* s ([0-9.]* M keys/s' "$dir/a.err" ||
        fail "no timing line on stderr: $(cat "$dir/a.err")"
done
grep -q '"tests_per_algorithm": 13' "$dir/a.json" || fail "JSON does not state N = 13"

# the default run's shape, on small numbers: the classic table first, then the keysets in order
first=$(head -n 1 "$dir/a.text")
[ "$first" = 'spread of 4096 sequential keys "user:N" over 1024 buckets (expected load 4, ideal std dev 2.0)' ] ||
    fail "first line is '$first'"
sed -n 2p "$dir/a.text" | grep -q '^  xxh3-64/inline  *min  *[0-9]*  max  *[0-9]*  std dev  *[0-9.]*$' ||
    fail "second line is '$(sed -n 2p "$dir/a.text")'"
order=$(grep '^keyset ' "$dir/a.text" | cut -d' ' -f2 | tr '\n' ' ')
[ "$order" = "seq: ints:4: rand:16: sparse:32:3: " ] || fail "keysets in order '$order'"
grep -q '^avalanche: 200 random keys per size' "$dir/a.text" || fail "no avalanche table"
grep -q '^  crc32/[a-z0-9-]*  *pass.*FAIL ^[0-9]*  *FAIL$' "$dir/a.text" || fail "crc32 does not FAIL avalanche only"

# every registered name, noop left out
"$bin" --keys seq --n 256 --buckets 16 --avalanche-keys 0 >"$dir/all" 2>/dev/null || fail "all algorithms: exit $?"
grep -q '^  xxh3-128/' "$dir/all" || fail "xxh3-128 missing from the default algorithms"
! grep -q '^  noop/' "$dir/all" || fail "noop is in the default algorithms"

# without seq the first keyset's table comes first
"$bin" --keys ints:2 --n 1000 --buckets 64 --algo xxh3-64 --avalanche-keys 0 >"$dir/ints" 2>/dev/null
head -n 1 "$dir/ints" | grep -q '^spread of 1000 2-byte little-endian integer keys 0..999 over 64 buckets' ||
    fail "without seq, first line is '$(head -n 1 "$dir/ints")'"

# the user's own keys
printf 'alpha beta\n\nalpha beta\ngamma\r\nlast' >"$dir/keys.txt"
"$bin" --keys "file:$dir/keys.txt" --buckets 4 --algo xxh3-64 --avalanche-keys 0 >"$dir/file" 2>/dev/null ||
    fail "file: keyset exit $?"
grep -q "^spread of 4 keys from $dir/keys.txt over 4 buckets" "$dir/file" || fail "file: headline '$(head -n 1 "$dir/file")'"
grep -q '^  5 lines, 1 repeated lines left out$' "$dir/file" || fail "file: line counts"

# --exit-code-on-fail: 1 only when something FAILs, and the report is still printed
status=0
"$bin" --algo noop --keys seq --n 1000 --buckets 64 --avalanche-keys 50 --exit-code-on-fail >"$dir/noop" 2>/dev/null ||
    status=$?
[ "$status" -eq 1 ] || fail "--exit-code-on-fail with noop: exit $status, expected 1"
grep -q '^  noop/portable .*FAIL$' "$dir/noop" || fail "noop is not FAIL in the verdicts"
"$bin" --algo noop --keys seq --n 1000 --buckets 64 --avalanche-keys 50 >/dev/null 2>&1 ||
    fail "a FAIL without --exit-code-on-fail: exit $?"
"$bin" --algo xxh3-64 --keys seq --n 1000 --buckets 64 --avalanche-keys 50 --exit-code-on-fail >/dev/null 2>&1 ||
    fail "--exit-code-on-fail with a good hash: exit $?"

# the structure battery: alone without --keys, beside the keysets with them; bad values refused
grep -q 'The structure battery (--battery)' "$dir/help" || fail "--help does not describe the battery"
expect_usage_error "--battery-max-buckets: '1000' is not a power of 2" "$bin" --battery --battery-max-buckets 1000
expect_usage_error "--battery-max-buckets: '2^25'" "$bin" --battery --battery-max-buckets 2^25
expect_usage_error "--battery-max-buckets: '2^7'" "$bin" --battery --battery-max-buckets 2^7
expect_usage_error "--battery-max-buckets: only with --battery" "$bin" --battery-max-buckets 2^10
expect_usage_error "--n: the battery alone reads no keysets" "$bin" --battery --n 100
expect_usage_error "option '--battery-max-buckets' needs a value" "$bin" --battery --battery-max-buckets
status=0
"$bin" --battery --battery-max-buckets 2^10 --algo crc32c,xxh3-64 --exit-code-on-fail >"$dir/bat" 2>/dev/null ||
    status=$?
[ "$status" -eq 1 ] || fail "--battery --exit-code-on-fail with crc32c: exit $status, expected 1"
head -n 1 "$dir/bat" | grep -q '^structure battery: keys i\*2^s .* tables of 2^8 to 2^10 buckets' ||
    fail "battery alone: first line is '$(head -n 1 "$dir/bat")'"
grep -q '^  crc32c/[a-z0-9-]*  *yes 96/96 .*FAIL, linear: first s=0, 2^8 buckets, top7$' "$dir/bat" ||
    fail "crc32c's battery line does not name its first failure: $(grep crc32c "$dir/bat")"
grep -q '^  xxh3-64/[a-z0-9-]*  *no 0/96  *pass  *pass  *pass  *pass  *pass  *pass  *pass  *pass  *pass$' "$dir/bat" ||
    fail "xxh3-64's battery line: $(grep xxh3-64 "$dir/bat")"
! grep -q '^keyset \|^verdicts:' "$dir/bat" || fail "the battery alone ran keysets"
# without --battery-max-buckets the largest table holds a file's keys: 917,505 need 2^21 buckets
seq 917505 >"$dir/many.txt"
"$bin" --battery --algo noop --keys file:"$dir/many.txt" --avalanche-keys 0 --buckets 64 >"$dir/many" 2>/dev/null ||
    fail "--battery with a file of 917505 keys: exit $?"
grep -q '^structure battery: keys i\*2^s .* tables of 2^8 to 2^21 buckets' "$dir/many" ||
    fail "the battery's largest table for 917505 file keys: $(grep '^structure battery' "$dir/many")"
"$bin" --battery --battery-max-buckets 2^9 --algo crc32 --keys seq --n 1000 --buckets 64 --avalanche-keys 0 \
    --format json >"$dir/bat.json" 2>/dev/null || fail "--battery with --keys: exit $?"
grep -q '"keyset": "seq"' "$dir/bat.json" || fail "--battery with --keys: no keyset results"
grep -q '"battery": {' "$dir/bat.json" || fail "--battery with --keys: no battery member"
"$bin" --battery --battery-max-buckets 2^9 --algo crc32 --threads 1 --format json >"$dir/bat1.json" 2>/dev/null
"$bin" --battery --battery-max-buckets 2^9 --algo crc32 --threads 2 --format json >"$dir/bat2.json" 2>/dev/null
cmp -s "$dir/bat1.json" "$dir/bat2.json" || fail "the battery's JSON differs with the thread count"

expect_done cli.sh
