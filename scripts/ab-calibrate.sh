#!/bin/sh
# ab-calibrate.sh — measures scripts/ab.sh itself: how often it cries wolf on identical code, and
# how often it sees a slowdown of a known size, in sequential rounds and in duet rounds side by
# side. Everything runs in a throwaway copy of the repository; the slowdown is injected there only
# (scripts/lib/inject-slowdown.sh).
set -eu

usage() {
  cat <<'EOF'
usage: scripts/ab-calibrate.sh [--runs N] [--gate PCT] [-n PROCS] [-r REPS] [--lock FILE]
                               [--kinds LIST] [--slowdown PCT] [--continue DIR] [--unpaired]
                               [--reference] [--hbab PATH] [--build-cache DIR]
                               [-- hashbench flags]
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

and, with --kinds duet, sequential rounds against duet rounds (ab.sh --duet) at the same wall
time (a duet round runs both sides at once, so a duet run has twice the processes):

  aa-seq, aa-duet      A/A on identical code, sequential and duet: runs with any row flagged
                       after adjustment (family-wise, at most 5% expected), rows flagged, and the
                       median of ab.sh's smallest detectable change at 16 B and at 1 KiB
  slow-seq, slow-duet  crc32c/vpclmul-avx512 (a kernel valgrind cannot run) made PCT% slower at
                       1 KiB (--slowdown, default 3) by a few dependent crc32 instructions a call:
                       the number is measured first (a short ab.sh run of 32 against 0), then
                       each run compares that commit with 0 steps: in how many runs the row is
                       flagged slower, its measured change, and other rows flagged

  --runs N         runs of each kind (default 10; 4N ab.sh runs in all); with --continue, 0
                   rewrites the report from the runs already there (after an interrupted run)
  --gate PCT       the gate's threshold in the A/A runs (default 3)
  -n PROCS, -r REPS
                   passed to ab.sh (default: ab.sh's own, 16 processes of 3 repetitions); duet
                   runs get 2 x PROCS processes, the same wall time
  --lock FILE      run each ab.sh under flock FILE (on a machine shared with other measurements)
  --kinds LIST     the kinds of run, comma-separated, from aa-aslr, aa-noaslr, slower-2,
                   slower-5, aa-seq, aa-duet, slow-seq and slow-duet, or fnv (the first four,
                   the default) and duet (the last four); interleaved run by run
  --slowdown PCT   the slowdown slow-seq and slow-duet inject at 1 KiB (default 3)
  --continue DIR   add N more runs of each kind to an earlier calibration's folder DIR (same
                   flags: checked against its first run) and report on all of them
  --again DIR      no new runs: every run of the earlier calibration folder DIR (its processes'
                   JSON kept) is summarised again by this checkout's ab.sh (ab.sh --from) into a
                   new folder with its own report: the same measurements, this checkout's
                   verdicts (after a change to the statistics, or to compare two analyses)
  --unpaired       calibrate ab.sh --unpaired (the U test across processes) instead of its default
  --reference      also copy ab-calibration.md to results/reference/ab-calibration.md (with
                   only the duet kinds, to results/reference/ab-calibration-duet.md)
  --hbab PATH      the hbab that tallies the runs and writes the report's tables (default
                   this checkout's build/bin/hbab; it needs tally)
  --build-cache DIR
                   keep the builds of the throwaway copy's commits in DIR (ab.sh --build-cache), so
                   that a later calibration of the same sources builds nothing; default: built
                   afresh and removed at the end
  -h, --help       this help

With nothing after --, ab.sh's default selection is measured (it must include fnv1a-64 at 1 KiB
or more for the power figures to mean what they say); with only the duet kinds,
  --suite throughput --size 16,1024 --load cpu --benchmark_min_time=0.01
(crc32c/vpclmul-avx512 at 1 KiB must be in it). Results: results/<timestamp>-ab-calibration/
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

runs=10 gate=3 procs="" reps="" lock="" reference=no continue_dir="" again="" run_flags="" unpaired="" hbab="" cache=""
kinds="aa-aslr,aa-noaslr,slower-2,slower-5" slowdown=3
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --runs|--gate|-n|-r|--lock|--continue|--kinds|--again|--slowdown)
      [ $# -ge 2 ] || die "$1 needs a value (try --help)"
      [ "$1" = --gate ] || [ "$1" = --again ] || run_flags="$run_flags $1"
      case "$1" in
        --runs) case "$2" in ''|*[!0-9]*) die "--runs: '$2' is not a whole number" ;; esac; runs=$2 ;;
        --gate) case "$2" in ''|.|*[!0-9.]*|*.*.*) die "--gate: '$2' is not a percentage" ;; esac; gate=$2 ;;
        -n) is_count "$2" || die "-n: '$2' is not a positive whole number"; procs=$2 ;;
        -r) is_count "$2" || die "-r: '$2' is not a positive whole number"; reps=$2 ;;
        --lock) [ -n "$2" ] || die "--lock needs a file"; command -v flock >/dev/null 2>&1 || die "--lock: no flock here"; lock=$2 ;;
        --kinds)
          kinds=$(echo "$2" | tr ',' '\n' |
            sed 's/^fnv$/aa-aslr,aa-noaslr,slower-2,slower-5/; s/^duet$/aa-seq,aa-duet,slow-seq,slow-duet/' | paste -sd , -)
          for k in $(echo "$kinds" | tr ',' ' '); do
            case "$k" in aa-aslr|aa-noaslr|slower-2|slower-5|aa-seq|aa-duet|slow-seq|slow-duet) ;;
              *) die "--kinds: unknown kind '$k' (aa-aslr, aa-noaslr, slower-2, slower-5, aa-seq, aa-duet, slow-seq, slow-duet, fnv, duet)" ;;
            esac
          done
          [ -n "$(echo "$2" | tr -d ',')" ] || die "--kinds: no kind given" ;;
        --slowdown) case "$2" in ''|.|*[!0-9.]*|*.*.*) die "--slowdown: '$2' is not a percentage" ;; esac; slowdown=$2 ;;
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
    --build-cache)
      [ $# -ge 2 ] || die "--build-cache needs a folder (try --help)"
      [ -d "$2" ] && [ -w "$2" ] || die "--build-cache: '$2' is not a writable folder"
      cache=$(cd "$2" && pwd -P)
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
. scripts/lib/ab-rounds.sh
. scripts/lib/ab-calibration-report.sh
# has_kinds PATTERN: some kind asked for matches the case PATTERN.
has_kinds() {
  for k in $(echo "$kinds" | tr ',' ' '); do
    # shellcheck disable=SC2254  # PATTERN is a case pattern
    case "$k" in $1) return 0 ;; esac
  done
  return 1
}
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

# With only the duet kinds, the rows their figures are of: 16 B and 1 KiB.
if [ $# -eq 0 ] && [ -z "$again" ] && ! has_kinds 'aa-aslr|aa-noaslr|slower-*'; then
  set -- --suite throughput --size 16,1024 --load cpu --benchmark_min_time=0.01
fi
# The power figures need fnv1a-64 in the selection, the duet's its kernel at 1 KiB: checked now
# rather than after hours of runs; so are the CPU's kernel and the duet's two CPUs.
kernel_row="algo:${HB_KERNEL_TARGET%/*}/impl:${HB_KERNEL_TARGET#*/}/size:1024/"
if [ -x build/bin/hashbench ] && [ -z "$again" ]; then
  if [ $# -gt 0 ]; then
    listed=$(build/bin/hashbench "$@" --list 2>/dev/null) || die "the hashbench flags are not valid: $*"
  else
    listed=$(build/bin/hashbench --suite throughput --size 16,1024,65536 --load cpu --list 2>/dev/null)
  fi
  ! has_kinds 'slower-*' || printf '%s\n' "$listed" | grep -q 'algo:fnv1a-64/' ||
    die "the selection has no fnv1a-64 row to slow down"
  ! has_kinds 'slow-*' || printf '%s\n' "$listed" | grep -q "$kernel_row" ||
    die "the selection has no $HB_KERNEL_TARGET row at 1 KiB to slow down"
fi
if has_kinds 'slow-*' && [ -z "$again" ]; then
  [ -x build/bin/hbsum ] || die "slow-seq and slow-duet need this checkout's hbsum to tell what this CPU runs (cmake --build build --target hbsum)"
  build/bin/hbsum --list --format tsv | hb_tsv_columns name impl 'runs here' |
    awk -F'\t' -v e="$HB_KERNEL_TARGET" '$1 "/" $2 == e && $3 ~ /^yes/ { found = 1 } END { exit !found }' ||
    die "slow-seq and slow-duet slow down $HB_KERNEL_TARGET, which this CPU does not run (hbsum --list)"
fi
if has_kinds '*-duet' && [ -z "$again" ]; then
  hb_duet_cpus >/dev/null || die "aa-duet and slow-duet need two CPUs to run the sides at once; this machine lets it use $(hb_usable_cpus | wc -w)"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/hb-ab-calibrate.XXXXXX")
trap 'rm -rf "$work"' EXIT
cache=${cache:-$work/cache}
mkdir -p "$cache"
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

# kernel_steps: the steps that make HB_KERNEL_TARGET --slowdown percent slower at 1 KiB, from a
# short ab.sh run in the throwaway repository of 32 steps against slow-0's none (sequential, 8
# pairs, the one row); the probe's figures go to kernel-steps.txt. Status 1 when the run fails or
# finds no slowdown to scale.
kernel_steps() {
  probe=32
  git -C "$repo" checkout -q -b slow-probe slow-0
  hb_inject_kernel_steps "$repo" "$probe"
  git -C "$repo" commit -qam "$HB_KERNEL_TARGET with $probe extra steps"
  echo "ab-calibrate.sh: measuring what $probe extra steps cost $HB_KERNEL_TARGET at 1 KiB" >&2
  (cd "$repo" && scripts/ab.sh --out "$work/probe" --build-cache "$cache" -n 8 slow-0 slow-probe -- \
    --suite throughput --algo "$HB_KERNEL_TARGET" --size 1024 --load cpu --benchmark_min_time=0.01) \
    >"$work/probe.out" 2>&1 || { cat "$work/probe.out" >&2; echo "ab-calibrate.sh: the probe failed" >&2; return 1; }
  delta=$(hb_tsv_columns unit .file delta <"$work/probe/table.tsv" | awk -F'\t' '$1 == "sec/op" && $2 == "new" { print $3 }')
  awk -v d="$delta" 'BEGIN { exit !(d > 0) }' ||
    { echo "ab-calibrate.sh: $probe extra steps did not make $HB_KERNEL_TARGET slower (${delta:-no} change)" >&2; return 1; }
  n=$(awk -v d="$delta" -v p="$probe" -v want="$slowdown" 'BEGIN { n = int(p * want / d + 0.5); print n < 1 ? 1 : n }')
  printf 'probe_steps\t%s\nprobe_change\t%s\nslowdown\t%s\nsteps\t%s\n' "$probe" "$delta" "$slowdown" "$n" \
    >"$out/kernel-steps.txt"
  rm -rf "$work/probe"
  git -C "$repo" checkout -q --detach "$base"
  echo "$n"
}

# The throwaway repository: the project as it is now (base), and commits off it (not needed when
# --runs 0 only rewrites the report).
if [ "$runs" -gt 0 ]; then
  repo="$work/repo"
  hb_throwaway_repo "$top" "$repo"
  # ab.sh summarises with the hbstat and hbab of the checkout it runs in; the copy's sources are
  # this checkout's, so its built ones serve (linked, not built again in the copy).
  mkdir -p "$repo/build/bin"
  for tool in hbstat hbab; do
    [ ! -x "$top/build/bin/$tool" ] || ln -s "$top/build/bin/$tool" "$repo/build/bin/$tool"
  done
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
  # The duet's slowdown likewise: slow-0 asks for no extra steps, slow-N for the steps that make
  # the kernel --slowdown percent slower at 1 KiB on this CPU, measured now (a short run of 32
  # steps against 0) unless an earlier run of this folder measured them (kernel-steps.txt).
  if has_kinds 'slow-*'; then
    git -C "$repo" checkout -q -b slow-0 "$base"
    hb_inject_kernel_steps "$repo" 0
    git -C "$repo" commit -qam "$HB_KERNEL_TARGET with the extra steps' code, 0 steps"
    if [ -f "$out/kernel-steps.txt" ]; then
      steps=$(hb_manifest_get "$out/kernel-steps.txt" steps)
    else
      steps=$(kernel_steps) || exit 1
    fi
    git -C "$repo" checkout -q -b slow-n slow-0
    hb_inject_kernel_steps "$repo" "$steps"
    git -C "$repo" commit -qam "$HB_KERNEL_TARGET $slowdown% slower at 1 KiB ($steps steps)"
  fi
  git -C "$repo" checkout -q --detach "$base"
fi
stamp="$(date -u +%Y-%m-%dT%H:%M:%SZ) at $(git rev-parse --short HEAD)$(git diff --quiet HEAD 2>/dev/null || echo ' with uncommitted changes')"
if [ -n "$again" ]; then
  echo "$stamp: scripts/ab-calibrate.sh --again $again --gate $gate${unpaired:+ $unpaired}" >>"$out/commands.txt"
else
  echo "$stamp: scripts/ab-calibrate.sh --runs $runs --gate $gate${procs:+ -n $procs}${reps:+ -r $reps}${lock:+ --lock $lock} --kinds $kinds$(has_kinds 'slow-*' && echo " --slowdown $slowdown")${continue_dir:+ --continue $continue_dir}${unpaired:+ $unpaired}${*:+ -- $*}" >>"$out/commands.txt"
fi

ab_flags="--build-cache $cache${procs:+ -n $procs}${reps:+ -r $reps}${unpaired:+ $unpaired}"
# A duet round takes one process's time where a sequential round takes two: at the same wall time,
# twice the processes.
duet_procs=$((2 * ${procs:-16}))
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
# first_of_kind KIND: the folder of the folder's first run of KIND, whose settings the others of
# that kind must share (a duet run has other processes and another order than a sequential one).
first_of_kind() {
  hb_tsv_columns kind run <"$out/runs-sec_op.tsv" | awk -F'\t' -v k="$1" '$1 == k { print $1 "-" $2; exit }'
}
# same_settings KIND MANIFEST: the run's settings are those of the folder's first run of KIND.
same_settings() {
  [ "$(settings_of "$2")" = "$(settings_of "$out/runs/$(first_of_kind "$1")/manifest.tsv")" ]
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
  if [ -n "$continue_dir" ] && [ -n "$(first_of_kind "$kind")" ] && ! same_settings "$kind" "$out/runs/$kind-$run/manifest.tsv"; then
    echo "ab-calibrate.sh: $kind run $run was not run with the settings of $out's first run of its kind:" >&2
    settings_of "$out/runs/$(first_of_kind "$kind")/manifest.tsv" >"$work/settings-first"
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
      aa-seq) one_run aa-seq "$i" --fail-on-regression "$gate" "$base" "$base" ;;
      aa-duet) one_run aa-duet "$i" --duet -n "$duet_procs" --fail-on-regression "$gate" "$base" "$base" ;;
      slow-seq) one_run slow-seq "$i" slow-0 slow-n ;;
      slow-duet) one_run slow-duet "$i" --duet -n "$duet_procs" slow-0 slow-n ;;
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
# The families of runs the folder holds, each with its prose and tables (docs/ab.md).
ran=" $(fact runs | tr -d ',') "
{
  echo "# ab.sh calibration"
  echo
  echo "Measured on ${cpu:-this machine} (${cpus:-?} CPUs), runs: $(fact runs); by (UTC time, commit):"
  echo
  echo '```'
  cat "$out/commands.txt"
  echo '```'
  echo
  case "$ran" in *" aa-aslr "*|*" aa-noaslr "*|*" slower-2 "*|*" slower-5 "*)
    hb_calibration_fnv_prose "$out/runs/$(first_run)/manifest.tsv" "$gate"
    # The tables: false alarms, power and every run, with their figures.
    "$hbab" tally calibration-tables "$out" ;;
  esac
  case "$ran" in *" aa-seq "*|*" aa-duet "*|*" slow-seq "*|*" slow-duet "*)
    hb_calibration_duet_prose "$out" "$gate"
    "$hbab" tally duet-tables "$out" "$kernel_row" ;;
  esac
} >"$out/ab-calibration.md"
echo "ab-calibrate.sh: $out/ab-calibration.md" >&2
if [ "$reference" = yes ]; then
  case "$ran" in
    *" aa-aslr "*|*" aa-noaslr "*|*" slower-2 "*|*" slower-5 "*) reference_copy=results/reference/ab-calibration.md ;;
    *) reference_copy=results/reference/ab-calibration-duet.md ;;
  esac
  cp "$out/ab-calibration.md" "$reference_copy"
  echo "ab-calibrate.sh: copied to $reference_copy" >&2
fi
