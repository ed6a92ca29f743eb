#!/bin/sh
# bad_flags.sh — every class of bad input (our flags, Google Benchmark's flags, suites, algorithms,
# sizes, files, the RAM pool, an empty selection) ends with exit status 2, exactly one line on
# stderr that starts with "hashbench: " and names the culprit, and nothing on stdout.
# Usage: bad_flags.sh HASHBENCH
set -eu

hashbench=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
failed=0

# expect_bad WORD-THE-MESSAGE-MUST-NAME FLAG...
expect_bad() {
  culprit=$1
  shift
  status=0
  "$hashbench" "$@" > "$work/out" 2> "$work/err" || status=$?
  lines=$(wc -l < "$work/err")
  if [ "$status" -ne 2 ] || [ "$lines" -ne 1 ] || [ -s "$work/out" ] ||
     ! grep -q '^hashbench: ' "$work/err" || ! grep -qF -- "$culprit" "$work/err"; then
    echo "FAIL: hashbench $* -> exit $status, $lines stderr lines (want 2, 1 line naming '$culprit'):" >&2
    cat "$work/err" >&2
    failed=1
  fi
}

# our flags
expect_bad "--frobnicate" --frobnicate
expect_bad "unexpected argument 'extra'" extra
expect_bad "--suite needs a value" --suite
expect_bad "--list takes no value" --list=yes
expect_bad "--align" --align 64
expect_bad "--ram-pool" --ram-pool lots
expect_bad "--load" --load disk
expect_bad "--chunk" --chunk 0
expect_bad "--algo" --algo ""
# Google Benchmark's flags
expect_bad "--benchmark_frobnicate" --benchmark_frobnicate=1
expect_bad "--benchmark_min_time" --benchmark_min_time=0.1s
expect_bad "--benchmark_min_time" --benchmark_min_time 100x
expect_bad "--benchmark_repetitions" --benchmark_repetitions=0
expect_bad "--benchmark_format" --benchmark_format=xml
expect_bad "--benchmark_enable_random_interleaving" --benchmark_enable_random_interleaving=maybe
expect_bad "--benchmark_filter" "--benchmark_filter=(unclosed"
expect_bad "--benchmark_context" --benchmark_context=novalue
expect_bad "--benchmark_out" --benchmark_out="$work/no/such/dir/run.json"
# suites, algorithms, sizes
expect_bad "speed" --suite throughput,speed
expect_bad "sha9" --algo sha9
expect_bad "xxh3-64/avx1024" --algo xxh3-64/avx1024
expect_bad "'0'" --size 0
expect_bad "rand5-2" --size rand5-2
expect_bad "12x" --size 12x
expect_bad "2G" --size 2G
# files
expect_bad "$work/missing" --suite stream --file "$work/missing"
expect_bad "not a regular file" --suite stream --file "$work"
# a pool larger than the memory there is
expect_bad "--ram-pool" --suite baseline --algo noop --size 16 --load ram --ram-pool 1024G
expect_bad "at least" --suite baseline --algo noop --size 1M --load ram --ram-pool 1M
# selections that leave nothing to run
expect_bad "nothing to run" --suite latency --algo noop
expect_bad "--benchmark_filter" --algo crc32 --benchmark_filter=no-such-row

# and the good ones still work
"$hashbench" --help > "$work/help" && grep -q 'default run' "$work/help" || { echo "FAIL: --help" >&2; failed=1; }
"$hashbench" --version | grep -q '^hashbench ' || { echo "FAIL: --version" >&2; failed=1; }
[ -z "$(ls -A "$work/" | grep -v -e '^out$' -e '^err$' -e '^help$')" ] ||
  { echo "FAIL: a rejected run left files behind in $work" >&2; failed=1; }

[ "$failed" -eq 0 ] && echo "bad_flags.sh: every bad input exits 2 with one line"
exit "$failed"
