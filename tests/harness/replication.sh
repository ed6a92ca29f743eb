#!/bin/sh
# replication.sh — property: two processes of a replicated run (--process K) differ in what they
# record and in the order they run, and the same K gives the same again. --list prints the rows
# in the order they are registered: the same rows for every K, in another order for K = 1 and 2,
# in the same order for K = 2 twice, in the unreplicated order without --process. A run's rows
# appear in its JSON in that order (interleaving off), and its context holds process,
# buffer_offset, heap_shift, row_order and env_pad (HB_ENV_PAD's length), read back with hbstat
# -context; a run without --process has none of them.
# Usage: replication.sh HASHBENCH HBSTAT
set -eu

hashbench=$1 hbstat=$2
. "$(dirname "$0")/../lib/expect.sh"

rows="--suite throughput --algo crc32,fnv1a-64,xxh3-64 --size 16,64 --load cpu"
# shellcheck disable=SC2086  # rows is a list of flags
list() { "$hashbench" $rows --list "$@" 2>/dev/null; }

list >"$work/none" || fail "--list without --process"
list --process 1 >"$work/p1" || fail "--list --process 1"
list --process 2 >"$work/p2" || fail "--list --process 2"
list --process 2 >"$work/p2again" || fail "--list --process 2, again"
[ "$(wc -l <"$work/none")" -ge 6 ] || fail "the selection has fewer than 6 rows: $(cat "$work/none")"
sort "$work/none" >"$work/none.sorted"
for k in p1 p2; do
  sort "$work/$k" | cmp -s - "$work/none.sorted" || fail "--process ${k#p} lists other rows than the run without it"
done
cmp -s "$work/p1" "$work/p2" && fail "--process 1 and 2 register the rows in the same order"
cmp -s "$work/p2" "$work/p2again" || fail "--process 2 registers the rows in another order the second time"
cmp -s "$work/none" "$work/p1" && fail "--process 1 registers the rows as the run without it does"
"$hashbench" $rows --list --process 0 >/dev/null 2>&1 && fail "--process 0 accepted"

# run NAME FLAG...: a run into NAME.json, one repetition per row, rows in registration order,
# HB_ENV_PAD set to $pad.
run() {
  name=$1
  shift
  # shellcheck disable=SC2086
  HB_ENV_PAD=$pad "$hashbench" $rows --no-progress --benchmark_min_time=0 --benchmark_repetitions=1 \
    --benchmark_enable_random_interleaving=false --benchmark_out="$work/$name.json" "$@" >/dev/null 2>"$work/err" ||
    fail "hashbench $*: $(cat "$work/err")"
}
context() { "$hbstat" -context "$2" "$work/$1.json" 2>/dev/null || echo "(none)"; }
order() {
  "$hbstat" -format tsv -row .fullname -filter .unit:sec/op "$work/$1.json" 2>/dev/null |
    awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == ".fullname") c = i; next } { print $c }'
}

pad=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx # 39 characters
run r1 --process 1
run r2 --process 2
pad=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx # 72 characters
run r2again --process 2
run plain

for key in buffer_offset heap_shift; do
  [ "$(context r1 $key)" != "$(context r2 $key)" ] || fail "processes 1 and 2 both record $key $(context r1 $key)"
  expect_same "process 2's $key, twice" "$(context r2 $key)" "$(context r2again $key)"
  expect_same "$key without --process" "(none)" "$(context plain $key)"
done
expect_same "process recorded" "2" "$(context r2 process)"
expect_same "env_pad of process 1" "39" "$(context r1 env_pad)"
expect_same "env_pad of process 2's second run" "72" "$(context r2again env_pad)"
expect_same "row_order without --process" "(none)" "$(context plain row_order)"
case $(context r2 row_order) in *"seeded from the process (2)"*) ;; *) fail "row_order: $(context r2 row_order)" ;; esac
order r1 >"$work/r1.order"
order r2 >"$work/r2.order"
order plain >"$work/plain.order"
# A row listed may not run on this CPU (an implementation whose feature it lacks, as under qemu's
# cortex-a53 without CRC32): the rows that ran are compared with the list's rows that ran, in the
# list's order, and at least four must have run.
listed_that_ran() { grep -Fx -f "$work/$1.order" "$work/$2" || true; }
for k in r1:p1:"process 1" r2:p2:"process 2" plain:none:"the run without --process"; do
  ran=${k%%:*} rest=${k#*:}
  listed=${rest%%:*} what=${rest#*:}
  [ "$(wc -l <"$work/$ran.order")" -ge 4 ] || fail "$what ran fewer than 4 rows: $(cat "$work/$ran.order")"
  listed_that_ran "$ran" "$listed" | cmp -s - "$work/$ran.order" ||
    fail "$what ran its rows in another order than it lists"
done

expect_done replication
