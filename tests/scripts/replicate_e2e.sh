#!/bin/sh
# replicate_e2e.sh — property: scripts/lib/replicate.sh's hb_replicate runs a hashbench command as
# N processes, process K with --process K, its own JSON (DIR/PREFIX-K.json) and console file, and an
# environment padded by hb_env_pad K (the context's env_pad is that length, different for every K);
# a shell function as the command is called once per process with HB_REPLICATE_PROCESS set (the
# hook a race uses); the first process that fails stops the run with its status and one line naming
# it, the processes after it never start, and HB_ENV_PAD is not left in the caller's environment.
# Usage: replicate_e2e.sh SOURCE_DIR HASHBENCH HBSTAT
set -eu

src=$1 hashbench=$2 hbstat=$3
. "$src/tests/lib/expect.sh"
. "$src/scripts/lib/replicate.sh"

# ---- three real processes of a tiny run
mkdir "$work/runs"
hb_replicate 3 "$work/runs" process "$hashbench" --suite baseline --algo noop --size 16 --no-progress \
  --benchmark_min_time=0 --benchmark_repetitions=2 2>"$work/log" || fail "hb_replicate 3: $(cat "$work/log")"
pads=""
for k in 1 2 3; do
  json=$work/runs/process-$k.json
  [ -s "$json" ] || { fail "no $json"; continue; }
  [ -e "$work/runs/process-$k.txt" ] || fail "no console file of process $k"
  expect_same "process $k's context process" "$k" "$("$hbstat" -context process "$json" 2>/dev/null)"
  pad=$("$hbstat" -context env_pad "$json" 2>/dev/null)
  expect_same "process $k's env_pad" "$(hb_env_pad "$k" | wc -c | tr -d ' ')" "$pad"
  case " $pads " in *" $pad "*) fail "env_pad $pad again for process $k" ;; esac
  pads="$pads $pad"
done
[ ! -e "$work/runs/process-4.json" ] || fail "a fourth process ran"
expect_same "progress lines" 3 "$(grep -c '^replicate_e2e.sh: process [123] of 3' "$work/log")"
[ -z "${HB_ENV_PAD+set}" ] || fail "HB_ENV_PAD left set in the caller"

# ---- the hook: a function as the command, failing in process 2
calls=""
stub() {
  calls="$calls $HB_REPLICATE_PROCESS/$HB_REPLICATE_PROCESSES"
  for arg; do case $arg in --benchmark_out=*) : >"${arg#--benchmark_out=}" ;; esac; done
  if [ "$HB_REPLICATE_PROCESS" = 2 ]; then
    echo "stub: process 2 cannot go on" >&2
    return 3
  fi
}
mkdir "$work/stub"
status=0
hb_replicate 4 "$work/stub" run stub --algo a,b 2>"$work/log" || status=$?
expect_same "exit status of the failed process" 3 "$status"
expect_same "processes started" " 1/4 2/4" "$calls"
grep -q '^stub: process 2 cannot go on$' "$work/log" || fail "the process's own message is not shown: $(cat "$work/log")"
grep -q '^replicate_e2e.sh: process 2 of 4 failed (exit status 3' "$work/log" || fail "no line naming the failed process: $(cat "$work/log")"
[ -e "$work/stub/run-1.json" ] && [ ! -e "$work/stub/run-3.json" ] || fail "files: $(ls "$work/stub")"

expect_done replicate_e2e
