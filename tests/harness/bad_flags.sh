#!/bin/sh
# bad_flags.sh — every class of bad input (our flags, Google Benchmark's flags, suites, algorithms,
# sizes, files, the RAM pool, an empty selection) ends with exit status 2, exactly one line on
# stderr that starts with "hashbench: " and names the culprit, and nothing on stdout.
# Usage: bad_flags.sh HASHBENCH
set -eu

hashbench=$1
. "$(dirname "$0")/../lib/expect.sh"

# expect_bad WORD-THE-MESSAGE-MUST-NAME FLAG...
expect_bad() {
  culprit=$1
  shift
  expect_usage_error "$culprit" "$hashbench" "$@"
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
expect_bad "--process" --process 0
expect_bad "--process" --process 2x
expect_bad "--process" --process -1
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
expect_bad "is a directory" --suite stream --file "$work"
# a pool larger than the memory there is
expect_bad "--ram-pool" --suite baseline --algo noop --size 16 --load ram --ram-pool 1024G
expect_bad "at least" --suite baseline --algo noop --size 1M --load ram --ram-pool 1M
# selections that leave nothing to run
expect_bad "nothing to run" --suite latency --algo noop
expect_bad "--benchmark_filter" --algo crc32 --benchmark_filter=no-such-row

# and the good ones still work
"$hashbench" --help > "$work/help" && grep -q 'default run' "$work/help" || fail "--help"
"$hashbench" --version | grep -q '^hashbench ' || fail "--version"
[ -z "$(ls -A "$work/" | grep -v -e '^out$' -e '^err$' -e '^help$')" ] || fail "a rejected run left files behind in $work"

expect_done bad_flags.sh
