#!/bin/sh
# ab.sh — did my change make it faster? Builds hashbench at two or more git revisions, each in its
# own worktree, runs the binaries as separate processes in rounds (a seeded order in which every
# revision takes every place equally often), and compares every later revision with the first: one
# sample per process (the median of its repetitions), the processes of one round paired, p-values
# adjusted for the number of rows, and for every "~" the smallest change it could have seen.
# --bisect (scripts/lib/ab-bisect.sh) looks for the commit that made a selection slower.
# --counts (scripts/lib/ab-counts.sh) compares instruction counts under valgrind instead of times.
set -eu

usage() {
  cat <<'EOF'
usage: scripts/ab.sh [options] REV1 REV2 [REV3...] [-- hashbench flags]
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

  -n PROCS                   processes per revision (default 16; at least 6 for the test to be able
                             to reach alpha 0.05 before adjustment). --bisect: by default the
                             fewest (even, at least 8) with which a slowdown seen in all rounds
                             but one clears --adjust over the selected rows (hbstat
                             -pairs-needed; under Holm 8 for one row, 10 for 2 to 5, 16 for the
                             default selection)
  -r REPS                    repetitions per process (default 3)
  --seed N                   seed of the run order (default: drawn; always recorded)
  --no-aslr                  turn address-space randomisation off (setarch -R)
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
whose counts rose beyond --exact-change. -n, -r, --seed, --no-aslr, --unpaired, --adjust and
--alpha mean nothing to counts and are refused with it; so is --from.

Every flag and revision is checked before anything is built.
exit status: 0 done (for --bisect: whatever it found), 1 a build or run failed or a regression
beyond PCT, 2 bad usage or revision (for --bisect also GOOD not an ancestor of BAD, or GOOD or
BAD not building)
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
out_arg="" bisect=no min_change=0 path_mode=first-parent bisect_flags="" counts=no exact_change=""
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
    --no-aslr) aslr=no run_flags="$run_flags $1"; shift; continue ;;
    --unpaired) sample=input; shift; continue ;;
    --bisect) bisect=yes; shift; continue ;;
    --counts) counts=yes; shift; continue ;;
    --full) path_mode=full bisect_flags="$bisect_flags $1"; shift; continue ;;
    --) die "the revisions come before --" ;;
    -*) die "unknown option '$1' (try --help)" ;;
    *) break ;;
  esac
  case "$opt" in -n|-r|--seed|--build-cache) run_flags="$run_flags $opt" ;; esac
  case "$opt" in -n|-r|--seed|--adjust|--alpha) count_refused="${count_refused:-} $opt" ;; esac
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
if [ "$counts" = yes ]; then
  [ -z "$from" ] || die "--from and --counts: one or the other (a counted run is summarised again by hbstat itself)"
  refused=${count_refused:-}
  [ "$aslr" = yes ] || refused="$refused --no-aslr"
  [ "$sample" = paired ] || refused="$refused --unpaired"
  for flag in $refused; do die "--counts: $flag means nothing to counts (each revision is counted twice, exactly)"; done
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

nrevs=0
while [ -z "$from" ] && [ $# -gt 0 ] && [ "$1" != "--" ]; do
  case "$1" in -?*) die "options come before the revisions: '$1' (try --help)" ;; esac
  nrevs=$((nrevs + 1))
  eval "rev_$nrevs=\$1"
  shift
done
if [ "$bisect" = yes ]; then
  [ "$nrevs" = 2 ] || die "--bisect needs two revisions, GOOD and BAD (try --help)"
  [ "$rev_1" != . ] && [ "$rev_2" != . ] || die "--bisect: '.' is not a commit; commit your changes first"
  [ -z "$fail_pct" ] || die "--bisect: --fail-on-regression is for A/B runs; --min-change says how much slower counts"
fi
[ -n "$from" ] || [ "$nrevs" -ge 2 ] || die "need at least two revisions (try --help)"
if [ $# -gt 0 ]; then
  shift # the --
fi
if [ $# -eq 0 ] && [ "$counts" = no ]; then
  set -- --suite throughput --size 16,1024,65536 --load cpu --benchmark_min_time=0.01
fi
for flag in "$@"; do
  case "$flag" in
    --benchmark_repetitions*|--benchmark_out*) die "'$flag' is ab.sh's to set (use -r; the JSON is kept in the results folder)" ;;
  esac
done

top=$(git rev-parse --show-toplevel 2>/dev/null) || die "run it inside the hashbench git repository"
cd "$top"
. scripts/lib/common.sh
. scripts/lib/manifest.sh
. scripts/lib/build-commit.sh

# label_of INDEX COUNT: the column label of revision INDEX of COUNT: old, then new or new1, new2...
label_of() {
  if [ "$1" = 1 ]; then echo old; elif [ "$2" = 2 ]; then echo new; else echo "new$(($1 - 1))"; fi
}

# manifest_revisions FILE: the revisions' lines of a manifest.tsv: the commits, the labels, and each
# label's description and sources.
manifest_revisions() {
  labels="" commits=""
  i=0
  while [ "$i" -lt "$nrevs" ]; do
    i=$((i + 1))
    eval "labels=\"\$labels \$label_$i\" commits=\"\$commits \$commit_$i\""
  done
  hb_manifest_put "$1" revisions $commits
  hb_manifest_put "$1" labels $labels
  i=0
  while [ "$i" -lt "$nrevs" ]; do
    i=$((i + 1))
    eval "hb_manifest_put \"\$1\" \"description_\$label_$i\" \"\$desc_$i\""
    eval "hb_manifest_put \"\$1\" \"sources_\$label_$i\" \"\$key_$i\""
  done
}

# run_inputs DIR: the processes' JSON of the run in DIR as hbstat's label=path inputs, one a line,
# as the run gave them: revision by revision, each revision's in the order of its rounds
# (order.txt's lines "ROUND REVISION"; round 0, the warm-up, is not kept).
run_inputs() {
  i=0
  for label in $(hb_manifest_get "$1/manifest.tsv" labels); do
    i=$((i + 1))
    while read -r round index; do
      [ "$round" != 0 ] && [ "$index" = "$i" ] || continue
      [ -f "$1/$label-$round.json" ] || die "$1 lacks $label-$round.json"
      echo "$label=$1/$label-$round.json"
    done <"$1/order.txt"
  done
}

if [ -n "$from" ]; then
  # An earlier run's processes, summarised again: its revisions, repetitions and descriptions from
  # its manifest, its inputs rebuilt from order.txt as the run gave them.
  from_labels=$(hb_manifest_get "$from/manifest.tsv" labels) &&
    reps=$(hb_manifest_get "$from/manifest.tsv" repetitions) ||
    die "--from: $from/manifest.tsv lacks labels or repetitions"
  from_revs=$(echo "$from_labels" | wc -w)
  header=""
  for label in $from_labels; do
    desc=$(hb_manifest_get "$from/manifest.tsv" "description_$label") || desc="?"
    header="$header${header:+
}$label: $desc"
  done
  inputs=$(run_inputs "$from")
  [ "$from_revs" -ge 2 ] || die "--from: $from/manifest.tsv names fewer than two revisions"
fi

# check_selection HASHBENCH: the hashbench flags are valid for that binary and select something
# (with --counts: for the hbcount beside it). Its own one-line reason is passed on as it is.
check_selection() {
  hashbench=$1
  [ "$counts" = no ] || hashbench=${hashbench%hashbench}hbcount
  shift
  reason=$(mktemp)
  if ! listed=$("$hashbench" "$@" --list 2>"$reason"); then
    why=$(paste -sd ' ' "$reason")
    rm -f "$reason"
    die "the hashbench flags are refused: $why"
  fi
  rm -f "$reason"
  [ -n "$listed" ] || die "the hashbench flags select no benchmark: $*"
  selected_rows=$(printf '%s\n' "$listed" | wc -l)
}
# Checked before building with this checkout's hashbench when there is one, else with the first
# revision's as soon as it is built.
flags_checked=no
if [ -z "$from" ] && [ -x build/bin/hashbench ] && { [ "$counts" = no ] || [ -x build/bin/hbcount ]; }; then
  check_selection build/bin/hashbench "$@"
  flags_checked=yes
fi

# Labels, commits, source ids and one-line descriptions, all checked before anything is built.
i=0
while [ "$i" -lt "$nrevs" ]; do
  i=$((i + 1))
  eval "rev=\$rev_$i"
  label=$(label_of "$i" "$nrevs")
  [ "$bisect" = no ] || { [ "$i" = 1 ] && label=good || label=bad; }
  if [ "$rev" = "." ]; then
    sha=$(git rev-parse --verify --quiet "HEAD^{commit}") || die "$label: '.' needs a checkout with a commit"
    short=worktree key=worktree commit=worktree
    desc="working tree (on $(git rev-parse --short HEAD), with uncommitted changes)"
  else
    sha=$(git rev-parse --verify --quiet "$rev^{commit}") || die "$label: unknown revision '$rev'"
    short=$(git rev-parse --short "$sha") key=$(hb_code_key "$sha") commit=$sha
    desc="$short $(git log -1 --format=%s "$sha")"
  fi
  eval "label_$i=\$label sha_$i=\$sha short_$i=\$short key_$i=\$key commit_$i=\$commit desc_$i=\$desc"
done

if [ "$bisect" = yes ]; then
  [ "$sha_1" != "$sha_2" ] || die "--bisect: GOOD and BAD are the same commit ($short_1)"
  git merge-base --is-ancestor "$sha_1" "$sha_2" || die "--bisect: GOOD $short_1 is not an ancestor of BAD $short_2"
  [ "$key_1" != "$key_2" ] ||
    die "--bisect: GOOD $short_1 and BAD $short_2 build from the same sources (they differ only in files that are not built)"
fi

start=$(date +%s)
# The summariser comes from the current checkout, built when missing or too old for -sample paired
# and -format tsv (asked of it on a one-line benchmark in Go's text format).
jobs=$(hb_jobs)
hbstat_ready() {
  printf 'BenchmarkProbe 1 1 ns/op\n' | build/bin/hbstat -sample paired -format tsv - >/dev/null 2>&1
}
if ! hbstat_ready; then
  echo "ab.sh: building hbstat into build/ first" >&2
  hb_build hbstat
  hbstat_ready || die "this checkout's hbstat has no -format tsv; update the checkout"
fi

# Where the results land, as the user named it: relative to the top when inside it.
shown() {
  case "$1" in "$top"/*) echo "${1#"$top"/}" ;; *) echo "$1" ;; esac
}

if [ "$counts" = yes ]; then
  hb_build_targets="hashbench hbcount"
fi
if [ "$bisect" = yes ]; then
  . scripts/lib/ab-bisect.sh
  exit 0 # not reached: the bisection exits
fi

# summarise DIR HEADER INPUTS...: DIR/table.txt (HEADER, then hbstat's table), DIR/table.tsv and
# DIR/table.json from the label=path INPUTS, in revision order and each revision's in round order:
# hbstat pairs the k-th input of every label with the first label's k-th, one round's processes.
# Prints the table; sets status (0, or hbstat's: 1 for a regression beyond PCT).
summarise() {
  dir=$1 header=$2
  shift 2
  {
    printf '%s\n' "$header"
    if [ "$sample" = paired ]; then
      echo "one sample = one process (median of its $reps repetitions), paired by round; n = pairs; p adjusted: $adjust"
    else
      echo "one sample = one process (median of its $reps repetitions), unpaired; n = processes; p adjusted: $adjust"
    fi
    echo
  } >"$dir/table.txt"
  status=0
  build/bin/hbstat -sample "$sample" -adjust "$adjust" -alpha "$alpha" -detectable \
    ${fail_pct:+--fail-on-regression "$fail_pct"} "$@" >>"$dir/table.txt" 2>"$dir/hbstat.log" || status=$?
  for format in tsv json; do
    build/bin/hbstat -sample "$sample" -adjust "$adjust" -alpha "$alpha" -detectable -format "$format" "$@" \
      >"$dir/table.$format" 2>/dev/null || true
  done
  cat "$dir/table.txt"
  scripts/report.sh "$dir" 2>"$dir/report.log" || echo "ab.sh: report.html not written; see $dir/report.log" >&2
}
# finish DIR: the manifest's closing lines, the closing lines on stderr and the exit status.
finish() {
  gate=off
  [ -z "$fail_pct" ] || { [ "$status" -eq 1 ] && gate=tripped || gate=passed; }
  [ "$status" -le 1 ] || gate=failed
  hb_manifest_put "$1/manifest.tsv" gate "$gate"
  if [ "$status" -ne 0 ]; then
    cat "$1/hbstat.log" >&2
    [ "$status" -eq 1 ] && echo "ab.sh: a significant regression beyond $fail_pct %" >&2
    exit 1
  fi
  exit 0
}
# new_results_dir PREFIX: the results folder: --out's when given, else PREFIX<timestamp>.
new_results_dir() {
  if [ -n "$out_arg" ]; then
    mkdir -p "$(dirname "$out_arg")" && mkdir "$out_arg" || die "--out: cannot make '$out_arg'"
    (cd "$out_arg" && pwd -P)
  else
    dir=$(hb_new_run_dir "$1")
    (cd "$dir" && pwd -P)
  fi
}
# write_settings REVISIONS FLAGS: settings.txt's lines, for people (manifest.tsv has them for programs).
write_settings() {
  echo "revisions: $1; processes per revision: $procs (+1 warm-up, discarded); repetitions per process: $reps"
  echo "one sample: the median of one process's repetitions; order: balanced (each revision in each place equally often), random, seed $seed (order.txt)"
  echo "address-space randomisation: $aslr; runner: ${runner:-none}"
  echo "adjust: $adjust; alpha: $alpha; fail-on-regression: ${fail_pct:-off}"
  echo "test: $sample (hbstat -sample $sample)"
  echo "hashbench flags: $2"
}

if [ -n "$from" ]; then
  out=$(new_results_dir "$from-again-")
  cp "$from/order.txt" "$out/"
  # The processes' JSON beside the new tables (report.sh reads them there): linked when it can be.
  cp -l "$from"/*-[0-9]*.json "$out/" 2>/dev/null || cp "$from"/*-[0-9]*.json "$out/"
  procs=$(hb_manifest_get "$from/manifest.tsv" processes) || procs="?"
  seed=$(hb_manifest_get "$from/manifest.tsv" seed) || seed="?"
  aslr=$(hb_manifest_get "$from/manifest.tsv" aslr) || aslr="?"
  runner=$(hb_manifest_get "$from/manifest.tsv" runner) || runner=""
  flags=$(hb_manifest_get "$from/manifest.tsv" hashbench_flags) || flags="?"
  {
    echo "summarised again from $from by $(git rev-parse --short HEAD)'s hbstat"
    write_settings "$from_revs" "$flags"
    echo "wall time: $(hb_manifest_get "$from/manifest.tsv" wall_seconds || echo '?') s (the run's)"
  } >"$out/settings.txt"
  # The run's manifest with this summary's statistics; wall_seconds stays the run's.
  hb_manifest_without "$from/manifest.tsv" kind from sample adjust alpha fail_on_regression results_dir gate \
    summarised_by >"$out/manifest.tsv"
  m="$out/manifest.tsv"
  hb_manifest_put "$m" kind ab-again
  hb_manifest_put "$m" from "$from"
  hb_manifest_put "$m" sample "$sample"
  hb_manifest_put "$m" adjust "$adjust"
  hb_manifest_put "$m" alpha "$alpha"
  hb_manifest_put "$m" fail_on_regression "$fail_pct"
  hb_manifest_put "$m" summarised_by "$(git rev-parse HEAD)"
  hb_manifest_put "$m" results_dir "$out"
  # shellcheck disable=SC2086  # the input list is label=path words
  summarise "$out" "$header" $inputs
  echo "ab.sh: results in $(shown "$out") (table.txt, report.html; summarised again from $from)" >&2
  finish "$out"
fi
[ -z "$procs" ] && procs=16
[ -z "$seed" ] && seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' \n')
# The run order, balanced and seeded (hbstat -run-order; docs/ab.md, "The run order"): every
# revision takes every place in a round equally often, so an advantage of running first is noise
# on both sides, and a drift over minutes falls alike on all within each block of rounds; the
# recorded seed gives the order back on any machine. Drawn now, so that a seed hbstat refuses
# stops the run before anything is built.
[ "$counts" = yes ] || order=$(build/bin/hbstat -run-order -seed "$seed" -revisions "$nrevs" -processes "$procs") ||
  exit 2
names=$short_1
i=1
while [ "$i" -lt "$nrevs" ]; do
  i=$((i + 1))
  eval "names=\$names-\$short_$i"
done
out=$(new_results_dir "results/ab/$names-")

work=$(mktemp -d "${TMPDIR:-/tmp}/hb-ab.XXXXXX")
# The builds and runs take their temporary files here too, so that the cleanup removes what they
# leave when interrupted (a compiler stopped mid-file leaves its .s behind).
mkdir "$work/tmp"
TMPDIR=$work/tmp
export TMPDIR
hb_worktrees=""
cleanup() {
  hb_remove_worktrees
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

i=0
while [ "$i" -lt "$nrevs" ]; do
  i=$((i + 1))
  eval "label=\$label_$i sha=\$sha_$i key=\$key_$i"
  # Revisions with the same sources share one build: an A/A run then compares byte-identical
  # binaries.
  j=0 same=""
  while [ "$j" -lt $((i - 1)) ]; do
    j=$((j + 1))
    eval "[ \"\$key_$j\" = \"\$key\" ] && [ -z \"\$same\" ] && same=\$label_$j same_index=$j" || true
  done
  if [ -n "$same" ]; then
    eval "bin_$i=\$bin_$same_index"
    echo "$label: the same sources as $same, same binary" >"$out/build-$label.log"
    continue
  fi
  dir="$work/$label-build"
  [ -z "$cache" ] || [ "$key" = worktree ] || dir="$cache/$key"
  if hb_built "$dir"; then
    echo "$label: reusing the build in $dir" >"$out/build-$label.log"
  else
    echo "ab.sh: building $label ..." >&2
    if [ "$key" = worktree ]; then
      hb_build_tree "$top" "$dir" >"$out/build-$label.log" 2>&1 || { rm -rf "$dir"; false; }
    else
      hb_build_commit "$sha" "$work/$label" "$dir" "$out/build-$label.log"
    fi || { echo "ab.sh: building $label failed; see $(shown "$out")/build-$label.log" >&2; exit 1; }
  fi
  eval "bin_$i=\$dir/bin/hashbench"
  if [ "$flags_checked" = no ]; then
    check_selection "$dir/bin/hashbench" "$@"
    flags_checked=yes
  fi
done

if [ "$counts" = yes ]; then
  . scripts/lib/ab-counts.sh
fi
if [ "$aslr" = yes ]; then runner=$(hb_runner --aslr); else runner=$(hb_runner); fi

printf '%s\n' "$order" >"$out/order.txt"
# settings.txt for people; manifest.tsv, the same and more, for programs.
write_settings "$nrevs" "$*" >"$out/settings.txt"
m="$out/manifest.tsv"
hb_manifest_put "$m" kind ab
manifest_revisions "$m"
hb_manifest_put "$m" processes "$procs"
hb_manifest_put "$m" warmup 1
hb_manifest_put "$m" repetitions "$reps"
hb_manifest_put "$m" hashbench_flags "$@"
hb_manifest_put "$m" seed "$seed"
hb_manifest_put "$m" order balanced
hb_manifest_put "$m" aslr "$aslr"
hb_manifest_put "$m" runner "$runner"
hb_manifest_put "$m" sample "$sample"
hb_manifest_put "$m" adjust "$adjust"
hb_manifest_put "$m" alpha "$alpha"
hb_manifest_put "$m" fail_on_regression "$fail_pct"
hb_manifest_put "$m" started "$(date -u -d "@$start" +%Y-%m-%dT%H:%M:%SZ 2>/dev/null || date -u +%Y-%m-%dT%H:%M:%SZ)"
hb_manifest_put "$m" summarised_by "$(git rev-parse HEAD)"
hb_manifest_put "$m" results_dir "$out"

echo "ab.sh: $nrevs revisions x $procs processes x $reps repetitions, balanced random order (seed $seed), ASLR $aslr${runner:+, via '$runner'}" >&2
inputs=""
while read -r round idx; do
  eval "label=\$label_$idx bin=\$bin_$idx"
  if [ "$round" = 0 ]; then json="$work/warmup.json"; else json="$out/$label-$round.json"; fi
  # Each run starts from a fresh copy of its binary. A binary file's code sits in the same
  # physical pages of the page cache for as long as the file lives, so one build could keep a
  # cache-set placement that favours or hurts it in every run: a fresh copy draws new pages.
  rm -f "$work/hashbench"
  cp "$bin" "$work/hashbench"
  # shellcheck disable=SC2086  # runner is a command prefix to split
  if ! $runner "$work/hashbench" "$@" --benchmark_repetitions="$reps" \
       --benchmark_enable_random_interleaving=true --benchmark_out="$json" --benchmark_out_format=json \
       >>"$out/run-$label.log" 2>&1; then
    echo "ab.sh: hashbench ($label, round $round) failed; see $(shown "$out")/run-$label.log" >&2
    exit 1
  fi
  [ "$round" = 0 ] || inputs="$inputs $label=$json"
done <"$out/order.txt"
rm -f "$work/warmup.json"

# hbstat's inputs go in revision order so that the first revision is the baseline column.
sorted=""
i=0
while [ "$i" -lt "$nrevs" ]; do
  i=$((i + 1))
  eval "label=\$label_$i"
  for word in $inputs; do
    case "$word" in "$label="*) sorted="$sorted $word" ;; esac
  done
done

header=$(
  i=0
  while [ "$i" -lt "$nrevs" ]; do
    i=$((i + 1))
    eval "echo \"\$label_$i: \$desc_$i\""
  done
)
# shellcheck disable=SC2086  # the input list is label=path words
summarise "$out" "$header" $sorted
elapsed=$(( $(date +%s) - start ))
echo "wall time: $elapsed s" >>"$out/settings.txt"
hb_manifest_put "$m" wall_seconds "$elapsed"
echo "ab.sh: results in $(shown "$out") (table.txt, report.html; $elapsed s)" >&2
finish "$out"
