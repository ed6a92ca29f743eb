#!/bin/sh
# noise-check.sh — how far a default run can be trusted on this machine, for two hashbench
# binaries side by side (a build of main and of a branch, say): each runs its own default run,
# pinned as bench.sh pins it, in rounds of both (the order alternating, so neither always runs
# first), and hbab says for each run how noisy it came out. Orchestration only: the numbers come
# from hbab (noise, hbstat's tables judged, and tally for the shares, the busy CPUs from the
# /proc/stat counters recorded around each run, and the medians over the rounds).
set -eu

usage() {
  cat <<'EOF'
usage: scripts/noise-check.sh [--rounds N] [--lock FILE] [--hbab PATH] BEFORE AFTER [-- hashbench flags]

Runs the default run of two hashbench binaries, BEFORE and AFTER (paths; each with its own
defaults, plus any hashbench flags after --), pinned to one CPU as bench.sh pins it, in N rounds
(default 2): BEFORE then AFTER in odd rounds, AFTER then BEFORE in even ones. For every run it
records the wall time, the load average and /proc/stat before and after, and asks hbab (hbab
noise: hbstat's tables with 90% intervals, as bench.sh's) for:

  noisy_cv5       share of time-per-hash rows whose coefficient of variation exceeds 5%
                  (hbstat -noisy 5: bench.sh's footnote before the machine variation)
  uncertain5      share of rows whose median's interval reaches beyond ±5% (hbstat
                  -uncertain 5: bench.sh's footnote now)
  median_reach    the median over rows of the ± figure (interval half-width, %)
  same_code_ratio xxh3-64 inline, inline-sse2, inline-avx2 and inline-avx512 at 16 B in cache
                  run the same scalar code: their largest median over their smallest
  same_code_tied  whether those four intervals share a point (an overlap, which ranks nothing:
                  hbstat -ranks says which rows could be the fastest)
  machine_var     the run's machine variation (its reference row; "-" for a binary without one)
  other_cpu_busy  how busy the CPUs other than the benchmark's were (%), from /proc/stat
  load            the 1-minute load average before the run

  --rounds N    rounds of both binaries (default 2)
  --lock FILE   run each binary under flock FILE (a machine shared with other measurements)
  --hbab PATH   the hbab that summarises (default this checkout's build/bin/hbab; it needs noise
                and tally)
  -h, --help    this help

Results in results/<UTC timestamp>-noise-check/: each run's JSON (before-1.json, after-1.json,
...), its console output, machine.txt (time, /proc/stat and load before and after), and
noise.tsv (one line per run, the columns above); the script prints noise.tsv and each binary's
medians over its runs. Build BEFORE from another revision in its own worktree, e.g.
  git worktree add /tmp/hb-main main && cmake -S /tmp/hb-main -B /tmp/hb-main/build \
    -DCMAKE_BUILD_TYPE=Release && cmake --build /tmp/hb-main/build -j --target hashbench
  scripts/noise-check.sh --lock /tmp/measure.lock /tmp/hb-main/build/bin/hashbench build/bin/hashbench
exit status: 0 done, 1 a run failed, 2 bad usage
EOF
}

die() { echo "noise-check.sh: $*" >&2; exit 2; }

rounds=2 lock="" hbab=""
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --rounds)
      [ $# -ge 2 ] || die "--rounds needs a value (try --help)"
      case "$2" in ''|*[!0-9]*|0) die "--rounds: '$2' is not a positive whole number" ;; esac
      rounds=$2; shift 2 ;;
    --lock)
      [ $# -ge 2 ] && [ -n "$2" ] || die "--lock needs a file (try --help)"
      command -v flock >/dev/null 2>&1 || die "--lock: no flock on this machine"
      lock=$2; shift 2 ;;
    --hbab)
      [ $# -ge 2 ] || die "--hbab needs a path (try --help)"
      hbab=$2; shift 2 ;;
    --) break ;;
    -*) die "unknown option '$1' (try --help)" ;;
    *) break ;;
  esac
done
[ $# -ge 2 ] || die "needs two hashbench binaries, BEFORE and AFTER (try --help)"
before=$1 after=$2
shift 2
if [ $# -gt 0 ]; then
  [ "$1" = -- ] || die "unexpected argument '$1' after BEFORE and AFTER (hashbench flags go after --)"
  shift
fi
# absolute PATH: PATH as seen from the directory the script was started in.
absolute() {
  case "$1" in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac
}
for bin in "$before" "$after" ${hbab:+"$hbab"}; do
  [ -f "$bin" ] && [ -x "$bin" ] || die "'$bin' is not an executable file"
done
before=$(absolute "$before") after=$(absolute "$after")
[ -z "$hbab" ] || hbab=$(absolute "$hbab")

cd "$(dirname "$0")/.."
hbab=${hbab:-$PWD/build/bin/hbab}
[ -x "$hbab" ] || die "'$hbab' is not executable (build it: cmake --build build --target hbab)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
# Asked of it on a one-line benchmark in Go's text format: what it cannot do, it refuses.
printf 'BenchmarkProbe 1 1 ns/op\n' | "$hbab" noise - >/dev/null 2>&1 ||
  die "'$hbab' has no noise table (build this checkout's hbab, or name one with --hbab)"
. scripts/lib/common.sh
out=$(hb_new_run_dir results/ -noise-check)
runner=$(hb_runner)

# The rows that run the same scalar code at 16 bytes (xxh3-64's dispatch takes its scalar path
# below 129 bytes on every instruction set).
same_code='.name:throughput .unit:sec/op /algo:xxh3-64 /size:16 /load:cpu /impl:(inline OR inline-sse2 OR inline-avx2 OR inline-avx512)'
# The rows bench.sh's time-per-hash tables show, which both binaries have.
rows='.name:(throughput OR baseline) .unit:sec/op -/algo:reference'

# one_run NAME BINARY [FLAGS]: the binary's default run into $out/NAME.json, timed inside the lock.
one_run() {
  name=$1 bin=$2
  shift 2
  echo "noise-check.sh: $name ($bin)" >&2
  # shellcheck disable=SC2016,SC2086  # the inner script expands its own arguments; runner is a prefix
  ${lock:+flock "$lock"} sh -c '
    machine=$1; shift
    { date -u +%H:%M:%S; grep "^cpu" /proc/stat; cat /proc/loadavg; } >"$machine.before"
    date +%s >"$machine.start"
    "$@"; status=$?
    date +%s >"$machine.end"
    { date -u +%H:%M:%S; grep "^cpu" /proc/stat; cat /proc/loadavg; } >"$machine.after"
    exit $status' sh "$tmp/$name" $runner "$bin" --no-progress "$@" --benchmark_out="$out/$name.json" \
    --benchmark_out_format=json >"$out/$name.console" 2>"$out/$name.log" ||
    { echo "noise-check.sh: $name failed; its log is $out/$name.log" >&2; exit 1; }
  cat "$tmp/$name.before" "$tmp/$name.after" >"$out/$name.machine.txt"
  wall=$(( $(cat "$tmp/$name.end") - $(cat "$tmp/$name.start") ))
  [ -s "$out/$name.json" ] || { echo "noise-check.sh: $name wrote no JSON; its log is $out/$name.log" >&2; exit 1; }
  stat="$hbab noise -confidence 0.9"
  { $stat -noisy 5 -filter "$rows" "$name=$out/$name.json" >"$tmp/cv.tsv" &&
    $stat -uncertain 5 -filter "$rows" "$name=$out/$name.json" >"$tmp/ci.tsv" &&
    $stat -filter "$same_code" "$name=$out/$name.json" >"$tmp/same.tsv"; } 2>"$out/$name.hbstat.log" ||
    { echo "noise-check.sh: hbab could not summarise $name; see $out/$name.hbstat.log" >&2; exit 1; }
  # The columns from rows to machine_var from the three tables, then how busy the other CPUs
  # were and the load average before the run (the first field of /proc/loadavg's line).
  figures=$("$hbab" tally noise-run "$tmp/cv.tsv" "$tmp/ci.tsv" "$tmp/same.tsv")
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "${name%-*}" "$wall" "$figures" \
    "$("$hbab" tally cpu-busy "$out/$name.machine.txt")" "$(cut -d ' ' -f 1 "$tmp/$name.before" | sed -n '$p')" \
    >>"$out/noise.tsv"
}

printf 'run\tbuild\twall_s\trows\tnoisy_cv5\tuncertain5\tmedian_reach\tsame_code_ratio\tsame_code_tied\tmachine_var\tother_cpu_busy\tload\n' \
  >"$out/noise.tsv"
round=1
while [ "$round" -le "$rounds" ]; do
  if [ $((round % 2)) = 1 ]; then
    one_run "before-$round" "$before" "$@"
    one_run "after-$round" "$after" "$@"
  else
    one_run "after-$round" "$after" "$@"
    one_run "before-$round" "$before" "$@"
  fi
  round=$((round + 1))
done

column -t -s "$(printf '\t')" "$out/noise.tsv" 2>/dev/null || cat "$out/noise.tsv"
echo
echo "medians over the rounds (same_code_tied: runs whose four intervals share a point, of all):"
"$hbab" tally noise-rounds "$out/noise.tsv"
echo "noise-check.sh: results in $out" >&2
