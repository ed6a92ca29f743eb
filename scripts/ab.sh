#!/bin/sh
# ab.sh — did my change make it faster? Builds hashbench at two or more git revisions, each in its
# own worktree, runs the binaries as separate processes in rounds and compares every later revision
# with the first: one sample per process (the median of its repetitions), the processes of one
# round paired, p-values adjusted for the number of rows, and for every "~" the smallest change it
# could have seen. A round runs its processes one after the other in a balanced seeded order, or
# with --duet two revisions at the same moment, one per CPU. The revisions are one TSV file
# (scripts/lib/ab-revisions.sh); --bisect and --counts hand the results folder and that file to
# scripts/lib/ab-bisect.sh and scripts/lib/ab-counts.sh. The numbers come from hbab (the run
# design) and hbstat (the tables).
set -eu

usage() {
  cat <<'EOF'
usage: scripts/ab.sh [options] REV1 REV2 [REV3...] [-- hashbench flags]
       scripts/ab.sh --duet [options] REV1 REV2 [-- hashbench flags]
       scripts/ab.sh --from DIR [--unpaired] [--adjust M] [--alpha A] [--fail-on-regression PCT]
       scripts/ab.sh --bisect [options] GOOD BAD [-- hashbench flags]
       scripts/ab.sh --counts [--exact-change PCT] [--fail-on-regression PCT] [--bisect] REV1 REV2...
                     [-- hbcount flags]

Compare hashbench results between git revisions: every later revision against the first (one
column each, as hbstat compares files). A revision is anything git rev-parse accepts (a commit, a
branch, HEAD~3), or "." for the working tree with its uncommitted changes. Each revision's
hashbench is built (Release, same compiler and flags) in a temporary git worktree, never touching
your checkout; revisions built from the same sources (the same commit given twice, or commits
that differ only in docs/, results/, scripts/ or tests/) share one binary, so an A/A run compares
identical binaries.

One sample is one process: each revision's binary runs as PROCS separate processes, each doing
REPS repetitions of every benchmark; the median of a process's repetitions is its one value per
row. Repetitions inside one process share its memory layout and machine state, so they are not
independent samples. The processes run in rounds (each revision once per round), in an order
drawn from a recorded seed and balanced: every revision runs first (second, ...) in equally many
rounds (for two revisions, blocks of two rounds: "old new, new old" or the reverse), so running
first is no advantage to either side. One discarded warm-up process per revision comes first.
Each process runs from a fresh copy of its binary, pinned to one CPU (taskset), with address-space
randomisation on, so that layout luck becomes noise on both sides rather than a difference
between them. A round's processes run within a minute of each other, so they are compared as a
pair: the Wilcoxon signed-rank test on the ratios new/old of the PROCS rounds (hbstat -sample
paired). A machine that drifts for minutes (a shared host, a busy neighbour) moves both halves of
a pair alike, and the pairs cancel it where a test across all processes would lose the change in
the drift. --unpaired compares all processes of one side with all of the other instead (the
Mann-Whitney U test, hbstat -sample input).

--duet runs the two revisions of each round at the same moment, each pinned to a CPU of its own,
the sides swapping CPUs every round (hbab duet-order): whatever disturbs the machine meanwhile
falls on both halves of the pair, so the pairs see changes that sequential rounds lose in the
noise (docs/ab.md, "Duet runs": when it is valid, and how rows that share the memory system show
it). Two consecutive rounds, each side once on each CPU, make one pair (hbstat -pair-block 2), so
that a CPU faster for the whole run cancels. Both sides run the rows in the same order (no random
interleaving), so that the same row runs on both CPUs at about the same time. A round takes about
one process's time instead of two: at the same wall time a duet run has twice the rounds and as
many pairs, each of two rounds. It needs two CPUs that are idle but for it
(refused, exit 2, with fewer than two usable CPUs) and exactly two revisions. --cgroup puts each
side in a cgroup of its own, pinned to its CPU, where the machine lets this user make one (a
writable cpuset controller, cgroup v2 or v1); refused where it cannot.

With nothing after --, the selection is
  --suite throughput --size 16,1024,65536 --load cpu --benchmark_min_time=0.01
(every algorithm); with the defaults a two-revision run takes under 5 minutes on 2 cores once built.

Prints the revisions and the hbstat table (columns "old" and "new", or "old", "new1", "new2"...):
p= is adjusted for the table's rows (Holm, unless --adjust); "~" = no significant difference,
followed by the smallest change this run would have detected with 80% power, e.g.
"~ (p=1.000 n=16, ≥1.8%)"; n counts pairs. The results folder (results/ab/<sha1>-<sha2>...-
<timestamp>/, or --out DIR) keeps the build logs, every process's JSON, the run order, the
tables (table.txt; table.tsv and table.json for programs) and manifest.tsv: the run's settings
and facts as KEY<tab>VALUE lines (docs/ab.md lists the keys).

--from DIR summarises the processes of an earlier run's folder DIR again, with this checkout's
hbstat and the given --unpaired, --adjust, --alpha and --fail-on-regression, into a new folder
beside it (DIR-again-<timestamp>/, or --out); nothing is built or run.

--bisect GOOD BAD finds the first commit after GOOD, on the way to BAD, whose selected rows are
slower than GOOD's: halving the commits between them like git bisect, each step an A/B of a
commit against GOOD as above (Holm over the selected rows, at --alpha), and the answer
confirmed by an A/B against its parent. GOOD must be an ancestor of BAD, and both must build
before anything is measured; a commit between them that does not build is skipped. Commits
with the same sources as one already built (docs-only commits) are neither rebuilt nor measured
again. Prints each step's verdict and ends with "first slower commit: <sha> <subject>", or with
what the search could have detected when no commit was slower. Results: results/ab/bisect-
<good>-<bad>-<timestamp>/ (manifest.tsv, steps.tsv, one A/B folder per step), or --out.

  -n PROCS                   processes per revision (default 16, 32 with --duet: the same wall
                             time; --duet: even, two rounds a pair; at least 6 pairs for the
                             test to be able to reach alpha 0.05 before
                             adjustment). --bisect: by default the fewest (even, at least 8) with
                             which a slowdown seen in all rounds but one clears --adjust over the
                             selected rows (hbab pairs-needed; under Holm 8 for one row, 10 for 2
                             to 5, 16 for the default selection)
  -r REPS                    repetitions per process (default 3)
  --seed N                   seed of the run order (default: drawn; always recorded)
  --no-aslr                  turn address-space randomisation off (setarch -R)
  --duet                     run the two revisions of a round at once, one per CPU (above)
  --cgroup                   --duet: each side in a cgroup of its own (above)
  --unpaired                 the U test across processes instead of the signed-rank test over rounds
  --adjust METHOD            holm (default: family-wise error), bh (false discovery rate) or none
  --alpha A                  significance level (default 0.05)
  --fail-on-regression PCT   exit 1 when a change significant after adjustment goes the worse way
                             by more than PCT % (Holm unless --adjust); the rows are named on stderr
  --build-cache DIR          keep each build in DIR/<id of its sources> and reuse it next time
                             (for repeated runs such as scripts/ab-calibrate.sh; "." is never cached)
  --out DIR                  the results folder to write (must not exist; its parents are made)
  --from DIR                 summarise an earlier run's folder again (above); no revisions
  --bisect                   find the first slower commit between GOOD and BAD (above)
  --min-change PCT           --bisect: a commit is slower when a row is slower by more than PCT %,
                             significant after adjustment (default 0: any significant slowdown)
  --full                     --bisect: every commit between GOOD and BAD, as git bisect does;
                             by default only BAD's first-parent line, a merge being one step
                             (as git bisect --first-parent)
  --counts                   compare instruction counts instead of times (below)
  --exact-change PCT         --counts: a row is a change when its count moves by more than PCT %
                             (default: hbstat's -exact-change, 0.02 %)
  -h, --help                 this help

--counts builds hbcount beside hashbench and counts, under valgrind's callgrind, the instructions
each hash call executes (docs/counts.md): each revision is counted twice, in two processes, and a
row whose two counts differ is reported as "not repeatable", not compared. Counts repeat exactly
and do not move with the machine's load, so a change of a few instructions is seen on a busy
machine where the clock sees nothing; they say nothing of latency or ports and cannot run AVX-512,
SHA-NI or 256/512-bit VPCLMULQDQ kernels (left out, or refused when named). The flags after --
are hbcount's (--algo, --size, --align, --calls); by default every countable entry at 16, 1024 and
65536 bytes in cache. The results folder is the same (table.txt, table.tsv, table.json,
manifest.tsv; the counts as <label>-1.json and <label>-2.json). --fail-on-regression PCT exits 1
when a row is a change with more instructions by more than PCT %; --bisect finds the first commit
whose counts rose beyond --exact-change. -n, -r, --seed, --no-aslr, --duet, --unpaired, --adjust
and --alpha mean nothing to counts and are refused with it; so is --from.

Every flag and revision is checked before anything is built.
exit status: 0 done (for --bisect: whatever it found), 1 a build or run failed or a regression
beyond PCT, 2 bad usage or revision (for --bisect also GOOD not an ancestor of BAD, or GOOD or
BAD not building; for --duet fewer than two usable CPUs)
EOF
}

die() { echo "ab.sh: $*" >&2; exit 2; }

# is_count VALUE: a positive whole number.
is_count() {
  case "$1" in ''|*[!0-9]*) return 1 ;; esac
  [ "$1" -gt 0 ] 2>/dev/null
}
# is_decimal VALUE: digits with at most one decimal point (1, 2.5, .5).
is_decimal() {
  case "$1" in ''|.|*[!0-9.]*|*.*.*) return 1 ;; esac
}

procs="" reps=3 seed="" aslr=yes adjust=holm alpha=0.05 fail_pct="" cache="" from="" run_flags="" sample=paired
out_arg="" bisect=no min_change=0 path_mode=first-parent bisect_flags="" counts=no exact_change="" duet=no cgroup=no
count_refused=""
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    -n|-r|--seed|--adjust|--alpha|--fail-on-regression|--build-cache|--from|--out|--min-change|--exact-change)
      [ $# -ge 2 ] || die "$1 needs a value (try --help)"
      opt=$1 val=$2
      shift 2 ;;
    --seed=*|--adjust=*|--alpha=*|--fail-on-regression=*|--build-cache=*|--from=*|--out=*|--min-change=*|--exact-change=*)
      opt=${1%%=*} val=${1#*=}
      shift ;;
    --no-aslr) aslr=no run_flags="$run_flags $1" count_refused="$count_refused $1"; shift; continue ;;
    --duet) duet=yes run_flags="$run_flags $1" count_refused="$count_refused $1"; shift; continue ;;
    --cgroup) cgroup=yes run_flags="$run_flags $1" count_refused="$count_refused $1"; shift; continue ;;
    --unpaired) sample=input count_refused="$count_refused $1"; shift; continue ;;
    --bisect) bisect=yes; shift; continue ;;
    --counts) counts=yes; shift; continue ;;
    --full) path_mode=full bisect_flags="$bisect_flags $1"; shift; continue ;;
    --) die "the revisions come before --" ;;
    -*) die "unknown option '$1' (try --help)" ;;
    *) break ;;
  esac
  case "$opt" in -n|-r|--seed|--build-cache) run_flags="$run_flags $opt" ;; esac
  case "$opt" in -n|-r|--seed|--adjust|--alpha) count_refused="$count_refused $opt" ;; esac
  case "$opt" in
    -n) is_count "$val" || die "-n: '$val' is not a positive whole number"; procs=$val ;;
    -r) is_count "$val" || die "-r: '$val' is not a positive whole number"; reps=$val ;;
    --seed) case "$val" in ''|*[!0-9]*) die "--seed: '$val' is not a whole number" ;; esac; seed=$val ;;
    --adjust) case "$val" in holm|bh|none) adjust=$val ;; *) die "--adjust: '$val' is not holm, bh or none" ;; esac ;;
    --alpha)
      # Between 0 and 1: nothing but zeros before the point, some other digit after it.
      is_decimal "$val" && case ${val%%.*} in *[!0]*) false ;; esac && case $val in *[1-9]*) ;; *) false ;; esac ||
        die "--alpha: '$val' is not a number between 0 and 1"
      alpha=$val ;;
    --fail-on-regression) is_decimal "$val" || die "--fail-on-regression: '$val' is not a percentage"; fail_pct=$val ;;
    --exact-change) is_decimal "$val" || die "--exact-change: '$val' is not a percentage"; exact_change=$val ;;
    --min-change)
      is_decimal "$val" || die "--min-change: '$val' is not a percentage"
      min_change=$val bisect_flags="$bisect_flags $opt" ;;
    --build-cache)
      [ -n "$val" ] && { [ -d "$val" ] || mkdir -p "$val" 2>/dev/null; } && [ -w "$val" ] ||
        die "--build-cache: '$val' is not a writable folder"
      cache=$(cd "$val" && pwd -P) ;;
    --out)
      [ -n "$val" ] && [ ! -e "$val" ] && [ ! -L "$val" ] || die "--out: '$val' exists (results are never overwritten)"
      case "$val" in /*) out_arg=$val ;; *) out_arg=$PWD/$val ;; esac ;;
    --from)
      [ -f "$val/order.txt" ] && [ -f "$val/manifest.tsv" ] ||
        die "--from: '$val' is not an ab.sh results folder (no order.txt and manifest.tsv)"
      from=$(cd "$val" && pwd -P) ;;
  esac
done

if [ "$bisect" = no ] && [ -n "$bisect_flags" ]; then
  die "${bisect_flags# } only with --bisect"
fi
[ "$cgroup" = no ] || [ "$duet" = yes ] || die "--cgroup only with --duet"
if [ "$counts" = yes ]; then
  [ -z "$from" ] || die "--from and --counts: one or the other (a counted run is summarised again by hbstat itself)"
  for flag in $count_refused; do die "--counts: $flag means nothing to counts (each revision is counted twice, exactly)"; done
  command -v valgrind >/dev/null 2>&1 ||
    die "--counts: valgrind not found on PATH: counts run under valgrind's callgrind (Debian: apt-get install valgrind)"
else
  [ -z "$exact_change" ] || die "--exact-change only with --counts"
fi
if [ -n "$from" ]; then
  [ "$bisect" = no ] || die "--from and --bisect: one or the other"
  [ -z "$run_flags" ] || die "--from: ${run_flags# } would change how the processes ran, and they have run"
  [ $# -eq 0 ] || die "--from: no revisions or hashbench flags (the processes are those of $from)"
fi
if [ "$duet" = yes ]; then
  [ "$sample" = paired ] || die "--duet and --unpaired: a duet's pairs are its simultaneous processes"
  [ -z "$procs" ] || [ $((procs % 2)) -eq 0 ] || die "--duet -n $procs: a duet pairs its rounds two by two, so -n is even"
  [ "$bisect" = no ] || die "--duet and --bisect: one or the other (a bisection's steps run in sequential rounds)"
fi

# The revisions, one a line, as given (no revision has a newline in its name).
revs="" nrevs=0
while [ -z "$from" ] && [ $# -gt 0 ] && [ "$1" != "--" ]; do
  case "$1" in -?*) die "options come before the revisions: '$1' (try --help)" ;; esac
  revs="$revs${revs:+
}$1" nrevs=$((nrevs + 1))
  shift
done
if [ "$bisect" = yes ]; then
  [ "$nrevs" = 2 ] || die "--bisect needs two revisions, GOOD and BAD (try --help)"
  case "$revs" in ".
"*|*"
.") die "--bisect: '.' is not a commit; commit your changes first" ;; esac
  [ -z "$fail_pct" ] || die "--bisect: --fail-on-regression is for A/B runs; --min-change says how much slower counts"
fi
[ -n "$from" ] || [ "$nrevs" -ge 2 ] || die "need at least two revisions (try --help)"
[ "$duet" = no ] || [ "$nrevs" = 2 ] || die "--duet runs two revisions at once, not $nrevs"
if [ $# -gt 0 ]; then
  shift # the --
fi
if [ $# -eq 0 ] && [ "$counts" = no ]; then
  set -- --suite throughput --size 16,1024,65536 --load cpu --benchmark_min_time=0.01
fi
for flag in "$@"; do
  case "$flag" in
    --benchmark_repetitions*|--benchmark_out*|--benchmark_enable_random_interleaving*)
      die "'$flag' is ab.sh's to set (use -r; the JSON is kept in the results folder)" ;;
  esac
done

top=$(git rev-parse --show-toplevel 2>/dev/null) || die "run it inside the hashbench git repository"
cd "$top"
. scripts/lib/common.sh
. scripts/lib/manifest.sh
. scripts/lib/build-commit.sh
. scripts/lib/ab-revisions.sh
. scripts/lib/ab-tables.sh
. scripts/lib/ab-rounds.sh

# The CPUs a duet runs on, checked before anything is built.
if [ "$duet" = yes ]; then
  duet_cpus=$(hb_duet_cpus) || die "--duet needs two CPUs to run the sides at once; this machine lets it use $(hb_usable_cpus | wc -w)"
  cgroups=none
  if [ "$cgroup" = yes ]; then
    cgroups=$(hb_cgroup_kind) || die "--cgroup: $cgroups"
  fi
fi

# The revisions (labels, commits, sources and descriptions) in the run's own temporary folder, all
# checked before anything is built.
if [ -z "$from" ]; then
  start=$(date +%s)
  hb_work_dir hb-ab hb_cgroups_remove
  if [ "$bisect" = yes ]; then
    labels="good bad"
  else
    labels=$(i=0; while [ "$i" -lt "$nrevs" ]; do i=$((i + 1)); hb_revision_label "$i" "$nrevs"; done)
  fi
  revisions="$work/revisions.tsv"
  hb_revisions_write "$revisions" "${cache:-$work/builds}" "$work/worktree" "$labels" <<EOF || exit 2
$revs
EOF
  if [ "$bisect" = yes ]; then
    good=$(hb_revision_of "$revisions" good sha) bad=$(hb_revision_of "$revisions" bad sha)
    [ "$good" != "$bad" ] || die "--bisect: GOOD and BAD are the same commit ($(hb_short "$good"))"
    git merge-base --is-ancestor "$good" "$bad" ||
      die "--bisect: GOOD $(hb_short "$good") is not an ancestor of BAD $(hb_short "$bad")"
    [ "$(hb_revision_of "$revisions" good key)" != "$(hb_revision_of "$revisions" bad key)" ] ||
      die "--bisect: GOOD $(hb_short "$good") and BAD $(hb_short "$bad") build from the same sources (they differ only in files that are not built)"
  fi
fi

# Checked before building with this checkout's hashbench when there is one, else with the first
# revision's as soon as it is built.
selected_rows=""
if [ -z "$from" ] && [ -x build/bin/hashbench ] && { [ "$counts" = no ] || [ -x build/bin/hbcount ]; }; then
  check_with=build/bin/hashbench
  [ "$counts" = no ] || check_with=build/bin/hbcount
  selected_rows=$(hb_check_selection "$check_with" "$@") || exit 2
fi

# hbstat and hbab come from the current checkout, built when missing or too old for what this
# script asks of them (hbstat --output, hbab duet-order).
tools_ready() {
  probe=$(mktemp -d)
  ready=no
  printf 'BenchmarkProbe 1 1 ns/op\n' | build/bin/hbstat -sample paired --output "tsv=$probe/t.tsv" - >/dev/null 2>&1 &&
    [ -s "$probe/t.tsv" ] && build/bin/hbab duet-order -seed 1 -processes 1 >/dev/null 2>&1 && ready=yes
  rm -rf "$probe"
  [ "$ready" = yes ]
}
if ! tools_ready; then
  echo "ab.sh: building hbstat and hbab into build/ first" >&2
  hb_build hbstat hbab
  tools_ready || die "this checkout's hbstat or hbab is too old for ab.sh; update the checkout"
fi

# Where the results land, as the user named it: relative to the top when inside it.
shown() {
  case "$1" in "$top"/*) echo "${1#"$top"/}" ;; *) echo "$1" ;; esac
}
# new_results_dir PREFIX: the results folder: --out's when given, else PREFIX<timestamp>.
new_results_dir() {
  dir=$(hb_results_dir "$out_arg" "$1") || exit 2
  (cd "$dir" && pwd -P)
}

if [ -n "$from" ]; then
  # An earlier run's processes, summarised again: its revisions, repetitions and descriptions from
  # its manifest, its inputs from order.txt as the run gave them.
  labels=$(hb_manifest_get "$from/manifest.tsv" labels) &&
    reps=$(hb_manifest_get "$from/manifest.tsv" repetitions) ||
    die "--from: $from/manifest.tsv lacks labels or repetitions"
  [ "$(echo "$labels" | wc -w)" -ge 2 ] || die "--from: $from/manifest.tsv names fewer than two revisions"
  inputs=$(hb_run_inputs "$from") || die "--from: $inputs"
  out=$(new_results_dir "$from-again-")
  cp "$from/order.txt" "$out/"
  # The processes' JSON beside the new tables (report.sh reads them there): linked when it can be.
  cp -l "$from"/*-[0-9]*.json "$out/" 2>/dev/null || cp "$from"/*-[0-9]*.json "$out/"
  m="$out/manifest.tsv"
  # The run's manifest with this summary's statistics; wall_seconds stays the run's.
  hb_manifest_without "$from/manifest.tsv" kind from sample adjust alpha fail_on_regression results_dir gate \
    summarised_by >"$m"
  hb_manifest_put "$m" kind ab-again
  hb_manifest_put "$m" from "$from"
  hb_manifest_put "$m" sample "$sample"
  hb_manifest_put "$m" adjust "$adjust"
  hb_manifest_put "$m" alpha "$alpha"
  hb_manifest_put "$m" fail_on_regression "$fail_pct"
  hb_manifest_put "$m" summarised_by "$(git rev-parse HEAD)"
  hb_manifest_put "$m" results_dir "$out"
  {
    echo "summarised again from $from by $(git rev-parse --short HEAD)'s hbstat"
    hb_ab_settings "$m"
    echo "wall time: $(hb_manifest_get "$m" wall_seconds || echo '?') s (the run's)"
  } >"$out/settings.txt"
  status=0
  # shellcheck disable=SC2086  # the input list is label=path words, the pair flags two words
  hb_ab_tables "$out" "$(hb_ab_header "$m")" "$(hb_ab_note "$m")" -sample "$sample" $(hb_ab_pair_flags "$m") \
    -adjust "$adjust" -alpha "$alpha" -detectable ${fail_pct:+--fail-on-regression "$fail_pct"} -- $inputs || status=$?
  echo "ab.sh: results in $(shown "$out") (table.txt, report.html; summarised again from $from)" >&2
  hb_ab_finish "$out" "$status" "$fail_pct"
fi

if [ "$bisect" = yes ]; then
  out=$(new_results_dir "results/ab/bisect-$(hb_short "$good")-$(hb_short "$bad")-")
  # The bisection's settings for its script (and for programs reading the folder afterwards).
  m="$out/manifest.tsv"
  hb_manifest_put "$m" kind bisect
  hb_manifest_put "$m" good "$good"
  hb_manifest_put "$m" bad "$bad"
  hb_manifest_put "$m" description_good "$(hb_revision_of "$revisions" good description)"
  hb_manifest_put "$m" description_bad "$(hb_revision_of "$revisions" bad description)"
  hb_manifest_put "$m" path "$path_mode"
  hb_manifest_put "$m" measure "$([ "$counts" = yes ] && echo instructions || echo time)"
  hb_manifest_put "$m" repetitions "$reps"
  hb_manifest_put "$m" hashbench_flags "$@"
  hb_manifest_put "$m" seed "$seed"
  hb_manifest_put "$m" aslr "$aslr"
  hb_manifest_put "$m" sample "$sample"
  hb_manifest_put "$m" adjust "$adjust"
  hb_manifest_put "$m" alpha "$alpha"
  hb_manifest_put "$m" min_change "$min_change"
  hb_manifest_put "$m" exact_change "$exact_change"
  [ -z "$procs" ] || hb_manifest_put "$m" processes "$procs"
  [ -z "$cache" ] || hb_manifest_put "$m" build_cache "$cache"
  hb_manifest_put "$m" started "$(hb_started "$start")"
  hb_manifest_put "$m" results_dir "$out"
  status=0
  scripts/lib/ab-bisect.sh "$out" "$revisions" -- "$@" || status=$?
  exit "$status"
fi

if [ "$counts" = yes ]; then
  names=$(hb_revisions "$revisions" sha | while read -r sha; do hb_short "$sha"; done | paste -sd - -)
  out=$(new_results_dir "results/ab/$names-")
  m="$out/manifest.tsv"
  hb_manifest_put "$m" kind ab-counts
  hb_manifest_put "$m" measure instructions
  hb_revisions_manifest "$revisions" "$m"
  hb_manifest_put "$m" exact_change "$exact_change"
  hb_manifest_put "$m" fail_on_regression "$fail_pct"
  hb_manifest_put "$m" started "$(hb_started "$start")"
  hb_manifest_put "$m" summarised_by "$(git rev-parse HEAD)"
  hb_manifest_put "$m" results_dir "$out"
  hb_build_targets="hashbench hbcount"
  hb_revisions_build "$revisions" "$out" "$top" || exit 1
  [ -n "$selected_rows" ] || hb_check_selection "$(hb_revision_of "$revisions" old binary | sed 's/hashbench$/hbcount/')" "$@" >/dev/null ||
    exit 2
  status=0
  scripts/lib/ab-counts.sh "$out" "$revisions" -- "$@" || status=$?
  exit "$status"
fi

# A timed run: the run design first (a seed hbab refuses stops the run before anything is built).
[ -n "$procs" ] || { [ "$duet" = yes ] && procs=32 || procs=16; }
[ -n "$seed" ] || seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' \n')
if [ "$duet" = yes ]; then
  build/bin/hbab duet-order -seed "$seed" -processes "$procs" >"$work/order.txt" || exit 2
else
  build/bin/hbab run-order -seed "$seed" -revisions "$nrevs" -processes "$procs" >"$work/order.txt" || exit 2
fi
names=$(hb_revisions "$revisions" sha | while read -r sha; do hb_short "$sha"; done | paste -sd - -)
out=$(new_results_dir "results/ab/$names-")
hb_revisions_build "$revisions" "$out" "$top" || exit 1
[ -n "$selected_rows" ] || hb_check_selection "$(hb_revision_of "$revisions" old binary)" "$@" >/dev/null || exit 2

if [ "$aslr" = yes ]; then runner=$(hb_runner --aslr); else runner=$(hb_runner); fi
[ "$duet" = no ] || runner=$(hb_duet_runner "$aslr" "$duet_cpus")
cp "$work/order.txt" "$out/order.txt"
m="$out/manifest.tsv"
hb_manifest_put "$m" kind ab
hb_revisions_manifest "$revisions" "$m"
hb_manifest_put "$m" processes "$procs"
hb_manifest_put "$m" warmup 1
hb_manifest_put "$m" repetitions "$reps"
hb_manifest_put "$m" hashbench_flags "$@"
hb_manifest_put "$m" seed "$seed"
if [ "$duet" = yes ]; then
  hb_manifest_put "$m" order duet
  hb_manifest_put "$m" duet_cpus "$duet_cpus"
  hb_manifest_put "$m" cgroups "$cgroups"
else
  hb_manifest_put "$m" order balanced
fi
hb_manifest_put "$m" aslr "$aslr"
hb_manifest_put "$m" runner "$runner"
hb_manifest_put "$m" sample "$sample"
hb_manifest_put "$m" adjust "$adjust"
hb_manifest_put "$m" alpha "$alpha"
hb_manifest_put "$m" fail_on_regression "$fail_pct"
hb_manifest_put "$m" started "$(hb_started "$start")"
hb_manifest_put "$m" summarised_by "$(git rev-parse HEAD)"
hb_manifest_put "$m" results_dir "$out"
hb_ab_settings "$m" >"$out/settings.txt"

if [ "$duet" = yes ]; then
  echo "ab.sh: 2 revisions x $procs processes x $reps repetitions, in duet on CPUs $duet_cpus (seed $seed), ASLR $aslr${cgroups:+, cgroups: $cgroups}" >&2
  hb_duet_rounds "$out" "$revisions" "$work" "$reps" "$aslr" "$duet_cpus" "$cgroups" -- "$@" || exit 1
else
  echo "ab.sh: $nrevs revisions x $procs processes x $reps repetitions, balanced random order (seed $seed), ASLR $aslr${runner:+, via '$runner'}" >&2
  hb_sequential_rounds "$out" "$revisions" "$work" "$reps" "$runner" -- "$@" || exit 1
fi

inputs=$(hb_run_inputs "$out") || die "$inputs"
status=0
# shellcheck disable=SC2086  # the input list is label=path words, the pair flags two words
hb_ab_tables "$out" "$(hb_ab_header "$m")" "$(hb_ab_note "$m")" -sample "$sample" $(hb_ab_pair_flags "$m") \
  -adjust "$adjust" -alpha "$alpha" -detectable ${fail_pct:+--fail-on-regression "$fail_pct"} -- $inputs || status=$?
elapsed=$(($(date +%s) - start))
echo "wall time: $elapsed s" >>"$out/settings.txt"
hb_manifest_put "$m" wall_seconds "$elapsed"
echo "ab.sh: results in $(shown "$out") (table.txt, report.html; $elapsed s)" >&2
hb_ab_finish "$out" "$status" "$fail_pct"
