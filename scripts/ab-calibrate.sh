#!/bin/sh
# ab-calibrate.sh — measures scripts/ab.sh itself: how often it cries wolf on identical code, and
# how often it sees a slowdown of a known size. Everything runs in a throwaway copy of the
# repository; the slowdown is injected there only (scripts/lib/inject-slowdown.sh).
set -eu

usage() {
  cat <<'EOF'
usage: scripts/ab-calibrate.sh [--runs N] [--gate PCT] [-n PROCS] [-r REPS] [--lock FILE]
                               [--kinds LIST] [--continue DIR] [--unpaired] [--reference]
                               [--hbab PATH] [-- hashbench flags]
       scripts/ab-calibrate.sh --again DIR [--gate PCT] [--unpaired] [--reference] [--hbab PATH]

Measures scripts/ab.sh on this machine, in a throwaway copy of this repository (your checkout is
not touched), and writes ab-calibration.md with the figures and the commands that produced them:

  A/A      N runs of ab.sh comparing a commit with itself (byte-identical binaries), with
           address-space randomisation on (ab.sh's default) and N more with --no-aslr: how many
           runs the gate (--fail-on-regression PCT) tripped, and the share of rows significant
           before and after ab.sh's Holm adjustment, in sec/op (B/s is the same clock).
  power    in the throwaway copy, two commits that make fnv1a-64 2% and 5% slower on long inputs
           (extra dependent steps of the hash's own kind: one xor and one multiply per 50 or 20
           input bytes, on top of its one per byte); N runs of ab.sh each against a commit with
           the same code asking for 0 steps (the amount is a datum, so the binaries differ in
           it alone): in how many runs each fnv1a-64 row is flagged slower (the right sign),
           its measured change, and how many other rows are flagged.
  wall     the wall time of every run (builds are cached across runs, so only the first run of
           a commit pays for its build).

  --runs N         runs of each kind (default 10; 4N ab.sh runs in all); with --continue, 0
                   rewrites the report from the runs already there (after an interrupted run)
  --gate PCT       the gate's threshold in the A/A runs (default 3)
  -n PROCS, -r REPS
                   passed to ab.sh (default: ab.sh's own, 16 processes of 3 repetitions)
  --lock FILE      run each ab.sh under flock FILE (on a machine shared with other measurements)
  --kinds LIST     the kinds of run, comma-separated, from aa-aslr, aa-noaslr, slower-2 and
                   slower-5 (default all four, interleaved run by run)
  --continue DIR   add N more runs of each kind to an earlier calibration's folder DIR (same
                   flags: checked against its first run) and report on all of them
  --again DIR      no new runs: every run of the earlier calibration folder DIR (its processes'
                   JSON kept) is summarised again by this checkout's ab.sh (ab.sh --from) into a
                   new folder with its own report: the same measurements, this checkout's
                   verdicts (after a change to the statistics, or to compare two analyses)
  --unpaired       calibrate ab.sh --unpaired (the U test across processes) instead of its default
  --reference      also copy ab-calibration.md to results/reference/ab-calibration.md
  --hbab PATH      the hbab that tallies the runs and writes the report's tables (default
                   this checkout's build/bin/hbab; it needs tally)
  -h, --help       this help

With nothing after --, ab.sh's default selection is measured (it must include fnv1a-64 at 1 KiB
or more for the power figures to mean what they say). Results: results/<timestamp>-ab-calibration/
(ab-calibration.md, runs-<unit>.tsv, targets-<unit>.tsv and each run's tables, run order,
every process's JSON (gzipped) and the machine's CPU counters before and after, in
runs/<kind>-<run>/).
exit status: 0 done, 1 a run failed, 2 bad usage
EOF
}

die() { echo "ab-calibrate.sh: $*" >&2; exit 2; }
is_count() {
  case "$1" in ''|*[!0-9]*) return 1 ;; esac
  [ "$1" -gt 0 ] 2>/dev/null
}

runs=10 gate=3 procs="" reps="" lock="" reference=no continue_dir="" again="" run_flags="" unpaired="" hbab=""
kinds="aa-aslr,aa-noaslr,slower-2,slower-5"
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --runs|--gate|-n|-r|--lock|--continue|--kinds|--again)
      [ $# -ge 2 ] || die "$1 needs a value (try --help)"
      [ "$1" = --gate ] || [ "$1" = --again ] || run_flags="$run_flags $1"
      case "$1" in
        --runs) case "$2" in ''|*[!0-9]*) die "--runs: '$2' is not a whole number" ;; esac; runs=$2 ;;
        --gate) case "$2" in ''|.|*[!0-9.]*|*.*.*) die "--gate: '$2' is not a percentage" ;; esac; gate=$2 ;;
        -n) is_count "$2" || die "-n: '$2' is not a positive whole number"; procs=$2 ;;
        -r) is_count "$2" || die "-r: '$2' is not a positive whole number"; reps=$2 ;;
        --lock) [ -n "$2" ] || die "--lock needs a file"; command -v flock >/dev/null 2>&1 || die "--lock: no flock here"; lock=$2 ;;
        --kinds)
          for k in $(echo "$2" | tr ',' ' '); do
            case "$k" in aa-aslr|aa-noaslr|slower-2|slower-5) ;; *) die "--kinds: unknown kind '$k' (aa-aslr, aa-noaslr, slower-2, slower-5)" ;; esac
          done
          [ -n "$(echo "$2" | tr -d ',')" ] || die "--kinds: no kind given"
          kinds=$2 ;;
        --continue) [ -f "$2/runs-sec_op.tsv" ] && [ "$(wc -l <"$2/runs-sec_op.tsv")" -gt 1 ] ||
            die "--continue: '$2' is not an earlier calibration's folder (no runs in runs-sec_op.tsv)"
          continue_dir=$2 ;;
        --again) [ -f "$2/runs-sec_op.tsv" ] && ls "$2"/runs/*/processes/*.json.gz >/dev/null 2>&1 ||
            die "--again: '$2' is not a calibration folder with its processes' JSON (runs/*/processes/)"
          ls "$2"/runs/*/manifest.tsv >/dev/null 2>&1 ||
            die "--again: '$2' has no runs/*/manifest.tsv (a calibration from before ab.sh wrote one)"
          again=$(cd "$2" && pwd -P) ;;
      esac
      shift 2 ;;
    --hbab)
      [ $# -ge 2 ] || die "--hbab needs a path (try --help)"
      [ -f "$2" ] && [ -x "$2" ] || die "--hbab: '$2' is not an executable file"
      case "$2" in /*) hbab=$2 ;; *) hbab=$PWD/$2 ;; esac
      shift 2 ;;
    --reference) reference=yes; shift ;;
    --unpaired) unpaired=--unpaired; shift ;;
    --) shift; break ;;
    *) die "unknown argument '$1' (try --help)" ;;
  esac
done
if [ -n "$again" ]; then
  [ -z "$run_flags" ] || die "--again: ${run_flags# } would make new runs; --again only summarises $again's again"
  [ $# -eq 0 ] || die "--again: no hashbench flags (the runs are those of $again)"
  runs=0
fi
[ "$runs" -gt 0 ] || [ -n "$continue_dir" ] || [ -n "$again" ] || die "--runs: 0 runs only with --continue (which then rewrites the report)"

top=$(git rev-parse --show-toplevel 2>/dev/null) || die "run it inside the hashbench git repository"
cd "$top"
. scripts/lib/common.sh
. scripts/lib/manifest.sh
. scripts/lib/inject-slowdown.sh
# The tallies and the report's tables come from hbab tally: checked now, before any run.
hbab=${hbab:-$top/build/bin/hbab}
"$hbab" tally cpu-busy /dev/null >/dev/null 2>&1 ||
  die "'$hbab' has no tally (build this checkout's: cmake --build build --target hbab; or name one with --hbab)"
# again_runs: the earlier calibration's runs, "KIND<tab>RUN" in its order.
again_runs() { hb_tsv_columns kind run <"$again/runs-sec_op.tsv"; }
if [ -n "$again" ]; then
  again_runs | while IFS='	' read -r k r; do
    ls "$again/runs/$k-$r"/processes/*.json.gz >/dev/null 2>&1 || die "--again: $again/runs/$k-$r has no processes' JSON"
    [ -f "$again/runs/$k-$r/manifest.tsv" ] || die "--again: $again/runs/$k-$r has no manifest.tsv"
  done || exit 2
fi

# The power figures need fnv1a-64 in the selection: checked now rather than after hours of runs.
if [ -x build/bin/hashbench ]; then
  if [ $# -gt 0 ]; then
    listed=$(build/bin/hashbench "$@" --list 2>/dev/null) || die "the hashbench flags are not valid: $*"
  else
    listed=$(build/bin/hashbench --suite throughput --size 16,1024,65536 --load cpu --list 2>/dev/null)
  fi
  printf '%s\n' "$listed" | grep -q 'algo:fnv1a-64/' || die "the selection has no fnv1a-64 row to slow down"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/hb-ab-calibrate.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
# facts: hbab's KEY<tab>VALUE lines about the folder $out's runs (first_run, last_run, runs of each
# kind, the machine, power runs without fnv1a-64 rows), read by fact KEY.
facts() { "$hbab" tally calibration-facts "$out" >"$work/facts.tsv" || exit 2; }
fact() { hb_manifest_get "$work/facts.tsv" "$1"; }
if [ -n "$continue_dir" ]; then
  out=$continue_dir
  facts
  [ -f "$out/runs/$(fact first_run)/manifest.tsv" ] ||
    die "--continue: $out's runs have no manifest.tsv (a calibration from before ab.sh wrote one)"
  first=$(fact last_run)
elif [ -n "$again" ]; then
  out=$(hb_new_run_dir "results/" "-ab-calibration")
  cp "$again/tree.txt" "$out/" 2>/dev/null || true
  cp "$again/commands.txt" "$out/commands.txt"
  first=0
else
  out=$(hb_new_run_dir "results/" "-ab-calibration")
  first=0
fi

# The throwaway repository: the project as it is now (base), and commits off it (not needed when
# --runs 0 only rewrites the report).
if [ "$runs" -gt 0 ]; then
  repo="$work/repo"
  hb_throwaway_repo "$top" "$repo"
  base=$(git -C "$repo" rev-parse HEAD)
  # Runs added with --continue must measure the same sources: the throwaway copy's tree is recorded.
  tree=$(git -C "$repo" rev-parse 'HEAD^{tree}')
  if [ -n "$continue_dir" ]; then
    [ "$(cat "$out/tree.txt" 2>/dev/null)" = "$tree" ] ||
      die "--continue: $out measured other sources (its tree.txt is not this checkout's tree $tree)"
  else
    echo "$tree" >"$out/tree.txt"
  fi
  # The power runs compare slower-2 and slower-5 with slower-0: all three have the extra steps'
  # code, and differ only in how many steps a datum asks for (0, 2% and 5%), so that the changed
  # code's layout is not measured as part of the slowdown.
  git -C "$repo" checkout -q -b slower-0 "$base"
  hb_inject_slowdown "$repo" 0
  git -C "$repo" commit -qam "fnv1a-64 with the extra steps' code, 0 steps"
  for pct in 2 5; do
    git -C "$repo" checkout -q -b "slower-$pct" slower-0
    hb_inject_slowdown "$repo" $((pct * 10))
    git -C "$repo" commit -qam "fnv1a-64 $pct% slower on long inputs"
  done
  git -C "$repo" checkout -q --detach "$base"
fi
stamp="$(date -u +%Y-%m-%dT%H:%M:%SZ) at $(git rev-parse --short HEAD)$(git diff --quiet HEAD 2>/dev/null || echo ' with uncommitted changes')"
if [ -n "$again" ]; then
  echo "$stamp: scripts/ab-calibrate.sh --again $again --gate $gate${unpaired:+ $unpaired}" >>"$out/commands.txt"
else
  echo "$stamp: scripts/ab-calibrate.sh --runs $runs --gate $gate${procs:+ -n $procs}${reps:+ -r $reps}${lock:+ --lock $lock} --kinds $kinds${continue_dir:+ --continue $continue_dir}${unpaired:+ $unpaired}${*:+ -- $*}" >>"$out/commands.txt"
fi

ab_flags="--build-cache $work/cache${procs:+ -n $procs}${reps:+ -r $reps}${unpaired:+ $unpaired}"
selection="$*"
# One line per run in runs-sec_op.tsv and one per fnv1a-64 row in targets-sec_op.tsv (hbab tally
# calibration-run and calibration-targets). sec/op only: B/s is bytes over the same
# wall-clock time, and cycles are that time converted by each process's clock calibration; the
# gate looks at sec/op.
if [ -z "$continue_dir" ]; then
  echo "kind	run	row	delta	significant" >"$out/targets-sec_op.tsv"
  echo "kind	run	exit	wall_s	rows	significant_raw	significant_adjusted	target_rows	target_slower	target_faster	target_deltas	others_flagged" >"$out/runs-sec_op.tsv"
fi
# first_run: the folder of the calibration's first run, whose settings the others must share.
first_run() { fact first_run; }
# The manifest keys that make runs comparable: continued runs must share them with the first run
# (the seed, the gate, address-space randomisation and the revisions differ by design).
same_keys="processes warmup repetitions hashbench_flags order sample adjust alpha"
# settings_of MANIFEST: those keys' lines.
settings_of() {
  for key in $same_keys; do
    printf '%s\t%s\n' "$key" "$(hb_manifest_get "$1" "$key" || true)"
  done
}
# same_settings MANIFEST: the run's settings are those of the folder's first run.
same_settings() {
  [ "$(settings_of "$1")" = "$(settings_of "$out/runs/$(first_run)/manifest.tsv")" ]
}

# summarise_run KIND RUN STATUS WALL TABLE_TSV: the run's line of runs-sec_op.tsv and its lines of
# targets-sec_op.tsv, from its rows in the "new" column (docs/ab.md says what each counts).
summarise_run() {
  "$hbab" tally calibration-run "$@" >>"$out/runs-sec_op.tsv"
  "$hbab" tally calibration-targets "$1" "$2" "$5" >>"$out/targets-sec_op.tsv"
}

# keep_tables: after an ab.sh run into $result (exit $status, its stderr in $work/ab.err) for $kind
# and $run, copies its tables, manifest, settings and order to runs/KIND-RUN/; stops the
# calibration when ab.sh failed.
keep_tables() {
  if [ "$status" -gt 1 ] || [ ! -f "$result/manifest.tsv" ] || [ ! -s "$result/table.tsv" ]; then
    cat "$work/ab.err" >&2
    echo "ab-calibrate.sh: ab.sh failed ($kind run $run, exit $status)" >&2
    exit 1
  fi
  mkdir -p "$out/runs/$kind-$run"
  for f in table.txt table.tsv table.json manifest.tsv settings.txt order.txt; do
    cp "$result/$f" "$out/runs/$kind-$run/"
  done
}

# one_run KIND RUN [ab.sh flags and revisions]: one ab.sh run in the throwaway repository, its
# tables kept in runs/KIND-RUN/.
one_run() {
  kind=$1 run=$2
  shift 2
  echo "ab-calibrate.sh: $kind run $run of $((first + runs))" >&2
  status=0
  # The machine's CPU counters before and after, to tell a disturbed run from a noisy method.
  { date -u +%H:%M:%S; grep '^cpu' /proc/stat 2>/dev/null; cat /proc/loadavg 2>/dev/null; } >"$work/stat-before"
  result="$work/run"
  # shellcheck disable=SC2086  # ab_flags and selection are word lists
  (cd "$repo" && ${lock:+flock "$lock"} scripts/ab.sh --out "$result" $ab_flags "$@" ${selection:+-- $selection}) \
    >"$work/ab.out" 2>"$work/ab.err" || status=$?
  keep_tables
  # Each process's own JSON, so that a run's verdict can be traced to the processes behind it.
  mkdir -p "$out/runs/$kind-$run/processes"
  for f in "$result"/*-[0-9]*.json; do
    gzip -c "$f" >"$out/runs/$kind-$run/processes/${f##*/}.gz"
  done
  # ab.sh's own wall time: from its start to its table, builds included, waiting for the lock not.
  wall=$(hb_manifest_get "$out/runs/$kind-$run/manifest.tsv" wall_seconds)
  if [ -n "$continue_dir" ] && ! same_settings "$out/runs/$kind-$run/manifest.tsv"; then
    echo "ab-calibrate.sh: $kind run $run was not run with the settings of $out's first run:" >&2
    settings_of "$out/runs/$(first_run)/manifest.tsv" >"$work/settings-first"
    settings_of "$out/runs/$kind-$run/manifest.tsv" >"$work/settings-now"
    diff "$work/settings-first" "$work/settings-now" >&2 || true
    exit 2
  fi
  cp "$work/ab.err" "$out/runs/$kind-$run/ab.log"
  { cat "$work/stat-before"; date -u +%H:%M:%S; grep '^cpu' /proc/stat 2>/dev/null; cat /proc/loadavg 2>/dev/null; } \
    >"$out/runs/$kind-$run/machine.txt"
  rm -rf "$result"
  summarise_run "$kind" "$run" "$status" "$wall" "$out/runs/$kind-$run/table.tsv"
}

# again_run KIND RUN: the run KIND-RUN of the folder $again, its processes summarised again by this
# checkout's ab.sh (--from), with the gate it ran with; its tables and processes kept in runs/.
again_run() {
  kind=$1 run=$2 from="$work/$1-$2"
  echo "ab-calibrate.sh: $kind run $run, summarised again" >&2
  mkdir -p "$from"
  for f in order.txt manifest.tsv settings.txt; do
    cp "$again/runs/$kind-$run/$f" "$from/" 2>/dev/null || [ "$f" = settings.txt ]
  done
  for f in "$again/runs/$kind-$run"/processes/*.json.gz; do
    f=${f##*/}
    gzip -dc "$again/runs/$kind-$run/processes/$f" >"$from/${f%.gz}"
  done
  gate_flags=""
  case "$kind" in aa-*) gate_flags="--fail-on-regression $gate" ;; esac
  status=0
  result="$work/again-run"
  # shellcheck disable=SC2086  # gate_flags is a word list
  scripts/ab.sh --from "$from" --out "$result" $gate_flags $unpaired </dev/null >"$work/ab.out" 2>"$work/ab.err" || status=$?
  keep_tables
  cp "$work/ab.err" "$out/runs/$kind-$run/ab.log"
  cp -r "$again/runs/$kind-$run/processes" "$again/runs/$kind-$run/machine.txt" "$out/runs/$kind-$run/" 2>/dev/null || true
  rm -rf "$from" "$result"
  # The run's own wall time, which the manifest of a summary again keeps.
  wall=$(hb_manifest_get "$out/runs/$kind-$run/manifest.tsv" wall_seconds || echo "-")
  summarise_run "$kind" "$run" "$status" "$wall" "$out/runs/$kind-$run/table.tsv"
}

if [ -n "$again" ]; then
  again_runs >"$work/again-runs"
  while IFS='	' read -r kind run; do
    again_run "$kind" "$run"
  done <"$work/again-runs"
fi
i=$first
while [ "$i" -lt $((first + runs)) ]; do
  i=$((i + 1))
  for kind in $(echo "$kinds" | tr ',' ' '); do
    case "$kind" in
      aa-aslr) one_run aa-aslr "$i" --fail-on-regression "$gate" "$base" "$base" ;;
      aa-noaslr) one_run aa-noaslr "$i" --no-aslr --fail-on-regression "$gate" "$base" "$base" ;;
      slower-*) one_run "$kind" "$i" slower-0 "$kind" ;;
    esac
  done
done
facts
[ "$(fact power_runs_without_targets)" = 0 ] ||
  echo "ab-calibrate.sh: the selection has no fnv1a-64 rows, so the power figures are empty" >&2
# The machine as the first run's table has it (its config columns); the CPU count is the machine's
# as the runs recorded it (nproc here would count only the CPUs this process may use).
cpu=$(fact cpu_model)
cpus=$(fact num_cpus)
first_manifest="$out/runs/$(first_run)/manifest.tsv"
settings="processes per revision: $(hb_manifest_get "$first_manifest" processes) (+$(hb_manifest_get "$first_manifest" warmup) warm-up, discarded); repetitions per process: $(hb_manifest_get "$first_manifest" repetitions)"
flags=$(hb_manifest_get "$first_manifest" hashbench_flags)
# The test behind the verdicts.
case "$(hb_manifest_get "$first_manifest" sample)" in
  paired) test="the Wilcoxon signed-rank test over rounds (one pair = one round's two processes; ab.sh's default)" ;;
  *) test="the Mann-Whitney U test across processes (ab.sh --unpaired)" ;;
esac
{
  echo "# ab.sh calibration"
  echo
  echo "Measured on ${cpu:-this machine} (${cpus:-?} CPUs), runs: $(fact runs); by (UTC time, commit):"
  echo
  echo '```'
  cat "$out/commands.txt"
  echo '```'
  echo
  echo "Every run: \`scripts/ab.sh\` with $settings;"
  echo "hashbench flags \`$flags\`; verdicts from $test. A/A runs compare one commit with itself (one build, byte-identical"
  echo "binaries) with the gate \`--fail-on-regression $gate\` (the gate looks at every unit). The power"
  echo "runs give fnv1a-64, in commits of the throwaway copy, extra steps of its own kind (one xor and"
  echo "one dependent 64-bit multiply, as its loop does per byte): 2% and 5% of its work on long inputs"
  echo "on any CPU; at 16 B the fixed cost of a call dilutes it and rounding up to whole steps inflates"
  echo "it. They compare with a commit asking for 0 steps: the number of steps is read from a volatile"
  echo "variable, so the three binaries have the same machine code and differ in that datum alone. \"Before adjustment\" is raw p <= 0.05, \"after\" is ab.sh's verdict"
  echo "(Holm over each unit's rows at family-wise 0.05; the gate's Holm is over all units together); \"measured change\" is ab.sh's own change for"
  echo "the row, median over the runs. Wall time is ab.sh's, builds included (each commit is built"
  echo "once, in the first run that needs it), waiting for the lock not."
  echo
  echo "sec/op is the wall-clock time of each row's timed loop (B/s is bytes over the same time, so"
  echo "it gives the same verdicts); it counts the time slices that other processes take on the benchmark's CPU,"
  echo "and a busy machine shows as wide ± and as A/A rows that move together. In the power runs the"
  echo "two binaries have the same code and differ in one datum, so rows other than fnv1a-64 flagged"
  echo "there are false alarms, to compare with the A/A rate."
  echo
  # The tables: false alarms, power and every run, with their figures.
  "$hbab" tally calibration-tables "$out"
} >"$out/ab-calibration.md"
echo "ab-calibrate.sh: $out/ab-calibration.md" >&2
if [ "$reference" = yes ]; then
  cp "$out/ab-calibration.md" results/reference/ab-calibration.md
  echo "ab-calibrate.sh: copied to results/reference/ab-calibration.md" >&2
fi
