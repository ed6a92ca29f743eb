#!/bin/sh
# tables_e2e.sh HBFIDELITY — property: hbfidelity --tables runs hashbench and hbtableref on a tiny
# key set, reads both, and judges each ratio by its band: a band no run can meet reads MISSED on
# every row, one every measured ratio meets reads met, and each row's ratio is its two figures'
# quotient. hbtableref finds every key it stores in every design, and refuses bad input. No speed
# is asserted.
set -eu
hbfidelity=$1
tableref=$(dirname "$hbfidelity")/fidelity/hbtableref
. "$(dirname "$0")/../lib/expect.sh"

# every row of a summary: "design entry a b ratio pairs goal...: verdict"
check_rows() { # FILE VERDICT ROWS
  rows=$(grep -c "$2\$" "$1" || true)
  expect_same "$1: rows reading $2" "$3" "$rows"
  awk -v f="$1" '/: (met|MISSED)$/ {
      if (!($3 > 0 && $4 > 0)) { print f ": no figures: " $0; bad = 1 }
      q = $3 / $4; if ($5 < q * 0.99 - 0.001 || $5 > q * 1.01 + 0.001) { print f ": ratio is not a/b: " $0; bad = 1 }
    } END { exit bad }' "$1" >&2 || fail "$1: figures"
}

mkdir "$work/missed" "$work/met"
run_status "$hbfidelity" --tables --out "$work/missed" --rounds 1 --table-keys 2000 --designs open-addressing \
  --table-min-time 0.01 --table-band 0.001,0.002
expect_same "--table-band 0.001,0.002: exit" 0 "$status"
check_rows "$work/missed/summary.txt" MISSED 1
grep -q '^open-addressing xxh3-64/inline ' "$work/missed/summary.txt" || fail "no open-addressing row"
run_status "$hbfidelity" --tables --out "$work/met" --rounds 2 --table-keys 2000 --designs absl \
  --table-min-time 0.01 --table-band 0,1000000
expect_same "--table-band 0,1000000: exit" 0 "$status"
check_rows "$work/met/summary.txt" met 2
[ -s "$work/met/tableref-absl-xxh3-2.tsv" ] && [ -s "$work/met/hashbench-absl-default-2.json" ] ||
  fail "the rounds' raw outputs are missing"

keys=$work/met/table-keys.bin
for d in absl std-unordered boost-flat glib uthash open-addressing; do
  for h in default xxh3; do
    case "$d/$h" in uthash/default|open-addressing/default) continue ;; esac
    run_status "$tableref" --design "$d" --hash "$h" --keys "$keys" --min-time 0.001
    [ "$status" -eq 0 ] && [ "$(cut -f3 "$work/out" | tail -n 1)" = 2000 ] ||
      fail "hbtableref $d $h: exit $status, $(cat "$work/err")"
  done
done
printf 'abc' >"$work/short.bin"
expect_usage_error "not a whole number of 8-byte keys" "$tableref" --design absl --hash xxh3 --keys "$work/short.bin"
expect_usage_error "'nope'" "$tableref" --design nope --hash xxh3 --keys "$keys"
expect_usage_error "'default' is not one of xxh3" "$tableref" --design uthash --hash default --keys "$keys"
expect_usage_error "$work/none" "$tableref" --design absl --hash xxh3 --keys "$work/none"
expect_usage_error "--min-time" "$tableref" --design absl --hash xxh3 --keys "$keys" --min-time 0

mkdir "$work/empty"
expect_usage_error "'5'" "$hbfidelity" --tables --out "$work/empty" --table-keys 5
expect_usage_error "'absl,nope'" "$hbfidelity" --tables --out "$work/empty" --designs absl,nope
expect_usage_error "'2,1'" "$hbfidelity" --tables --out "$work/empty" --table-band 2,1
expect_usage_error "--table-min-time needs a value" "$hbfidelity" --tables --out "$work/empty" --table-min-time
expect_usage_error "--table-keys belongs to the table check" "$hbfidelity" --out "$work/empty" --table-keys 5000
[ -z "$(ls -A "$work/empty")" ] || fail "a bad invocation wrote into --out"
expect_done hbfidelity_tables
