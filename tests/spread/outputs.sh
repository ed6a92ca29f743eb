#!/bin/sh
# shellcheck disable=SC2086  # $small is a list of flags
# outputs.sh — hbspread --output FORMAT=FILE: one run writes text and json files byte-identical
# to what two single-format runs print, standard output as asked; bad --output values get one
# line and exit 2 before any hashing, and a file already there is left as it was.
# Usage: outputs.sh PATH/TO/hbspread
set -eu

bin=$1
. "$(dirname "$0")/../lib/expect.sh"
dir=$work

small="--algo xxh3-64,crc32c,fnv1a-64 --n 2048 --buckets 512 --avalanche-keys 200"
"$bin" $small >"$dir/one.txt" 2>/dev/null || fail "--format text: exit $?"
"$bin" $small --format json >"$dir/one.json" 2>/dev/null || fail "--format json: exit $?"
"$bin" $small --output "json=$dir/multi.json" --output "text=$dir/multi.txt" >"$dir/stdout" 2>/dev/null ||
  fail "--output twice: exit $?"
"$bin" $small --format json --output "text=$dir/both.txt" >"$dir/both.json" 2>/dev/null ||
  fail "--format json --output text: exit $?"
cmp -s "$dir/one.txt" "$dir/multi.txt" || fail "--output text=FILE differs from --format text"
cmp -s "$dir/one.json" "$dir/multi.json" || fail "--output json=FILE differs from --format json"
expect_same "--output FILE's mode (a redirection's)" "$(stat -c %a "$dir/one.txt")" "$(stat -c %a "$dir/multi.txt")"
[ ! -s "$dir/stdout" ] || fail "--output without --format wrote to standard output"
cmp -s "$dir/one.txt" "$dir/both.txt" || fail "--output text=FILE beside --format json differs"
cmp -s "$dir/one.json" "$dir/both.json" || fail "--format json beside --output: standard output differs"
"$bin" --help | grep -q -- '--output FORMAT=FILE' || fail "--help does not describe --output"

# bad values, each before any hashing; the file already there is kept
echo kept >"$dir/old.txt"
expect_usage_error "--output: 'xml' is not text or json" "$bin" --output "xml=$dir/old.txt"
expect_usage_error "the folder '$dir/nowhere' does not exist" "$bin" --output "text=$dir/nowhere/a.txt"
expect_usage_error "$dir/./old.txt: named twice" "$bin" --output "text=$dir/old.txt" --output "json=$dir/./old.txt"
expect_usage_error "'text' is not FORMAT=FILE" "$bin" --output text
expect_usage_error "'=$dir/a' is not FORMAT=FILE" "$bin" --output "=$dir/a"
expect_usage_error "$dir: is a folder" "$bin" --output "text=$dir"
expect_usage_error "unknown keyset 'bogus'" "$bin" --keys bogus --output "text=$dir/old.txt"
expect_same "a file named by a failed run" kept "$(cat "$dir/old.txt")"
# an existing file is replaced, as a shell redirection would, and no temporary is left
"$bin" $small --output "text=$dir/old.txt" 2>/dev/null || fail "--output over an existing file: exit $?"
cmp -s "$dir/one.txt" "$dir/old.txt" || fail "--output did not replace the existing file"
leftover=$(find "$dir" -name '*.tmp.*' | head -n 1)
expect_same "temporary files left" "" "$leftover"

expect_done outputs.sh
