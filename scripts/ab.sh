#!/bin/sh
# ab.sh — did my change make it faster? Builds hashbench at two or more git revisions, each in its
# own worktree, runs the binaries as separate processes in rounds (a seeded order in which every
# revision takes every place equally often), and compares every later revision with the first: one
# sample per process (the median of its repetitions), the processes of one round paired, p-values
# adjusted for the number of rows, and for every "~" the smallest change it could have seen.
set -eu

usage() {
  cat <<'EOF'
usage: scripts/ab.sh [options] REV1 REV2 [REV3...] [-- hashbench flags]
       scripts/ab.sh --from DIR [--unpaired] [--adjust M] [--alpha A] [--fail-on-regression PCT]

Compare hashbench results between git revisions: every later revision against the first (one
column each, as hbstat compares files). A revision is anything git rev-parse accepts (a commit, a
branch, HEAD~3), or "." for the working tree with its uncommitted changes. Each revision's
hashbench is built (Release, same compiler and flags) in a temporary git worktree, never touching
your checkout; the same commit given twice is built once (an A/A run compares identical binaries).

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
"~ (p=1.000 n=16, ≥1.8%)"; n counts pairs. Build logs, raw JSON, the run order and the tables
(text and json) are kept in results/ab/<sha1>-<sha2>...-<timestamp>/.

--from DIR summarises the processes of an earlier run's folder DIR again, with this checkout's
hbstat and the given --unpaired, --adjust, --alpha and --fail-on-regression, into a new folder
beside it
(DIR-again-<timestamp>/); nothing is built or run.

  -n PROCS                   processes per revision (default 16; at least 6 for the test to be able
                             to reach alpha 0.05 before adjustment)
  -r REPS                    repetitions per process (default 3)
  --seed N                   seed of the run order (default: drawn; always recorded)
  --no-aslr                  turn address-space randomisation off (setarch -R)
  --unpaired                 the U test across processes instead of the signed-rank test over rounds
  --adjust METHOD            holm (default: family-wise error), bh (false discovery rate) or none
  --alpha A                  significance level (default 0.05)
  --fail-on-regression PCT   exit 1 when a change significant after adjustment goes the worse way
                             by more than PCT % (Holm unless --adjust); the rows are named on stderr
  --build-cache DIR          keep each commit's build in DIR/<full sha> and reuse it next time
                             (for repeated runs such as scripts/ab-calibrate.sh; "." is never cached)
  --from DIR                 summarise an earlier run's folder again (above); no revisions
  -h, --help                 this help

Every flag and revision is checked before anything is built.
exit status: 0 done, 1 a build or run failed or a regression beyond PCT, 2 bad usage or revision
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

procs=16 reps=3 seed="" aslr=yes adjust=holm alpha=0.05 fail_pct="" cache="" from="" run_flags="" sample=paired
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    -n|-r|--seed|--adjust|--alpha|--fail-on-regression|--build-cache|--from)
      [ $# -ge 2 ] || die "$1 needs a value (try --help)"
      opt=$1 val=$2
      shift 2 ;;
    --seed=*|--adjust=*|--alpha=*|--fail-on-regression=*|--build-cache=*|--from=*)
      opt=${1%%=*} val=${1#*=}
      shift ;;
    --no-aslr) aslr=no run_flags="$run_flags $1"; shift; continue ;;
    --unpaired) sample=input; shift; continue ;;
    --) die "the revisions come before --" ;;
    -*) die "unknown option '$1' (try --help)" ;;
    *) break ;;
  esac
  case "$opt" in -n|-r|--seed|--build-cache) run_flags="$run_flags $opt" ;; esac
  case "$opt" in
    -n) is_count "$val" || die "-n: '$val' is not a positive whole number"; procs=$val ;;
    -r) is_count "$val" || die "-r: '$val' is not a positive whole number"; reps=$val ;;
    --seed) case "$val" in ''|*[!0-9]*) die "--seed: '$val' is not a whole number" ;; esac; seed=$val ;;
    --adjust) case "$val" in holm|bh|none) adjust=$val ;; *) die "--adjust: '$val' is not holm, bh or none" ;; esac ;;
    --alpha)
      is_decimal "$val" && awk -v a="$val" 'BEGIN { exit !(a > 0 && a < 1) }' ||
        die "--alpha: '$val' is not a number between 0 and 1"
      alpha=$val ;;
    --fail-on-regression) is_decimal "$val" || die "--fail-on-regression: '$val' is not a percentage"; fail_pct=$val ;;
    --build-cache)
      [ -n "$val" ] && { [ -d "$val" ] || mkdir -p "$val" 2>/dev/null; } && [ -w "$val" ] ||
        die "--build-cache: '$val' is not a writable folder"
      cache=$(cd "$val" && pwd -P) ;;
    --from)
      [ -f "$val/order.txt" ] && [ -f "$val/settings.txt" ] ||
        die "--from: '$val' is not an ab.sh results folder (no order.txt and settings.txt)"
      from=$(cd "$val" && pwd -P) ;;
  esac
done

if [ -n "$from" ]; then
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
[ -n "$from" ] || [ "$nrevs" -ge 2 ] || die "need at least two revisions (try --help)"
if [ $# -gt 0 ]; then
  shift # the --
fi
if [ $# -eq 0 ]; then
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

if [ -n "$from" ]; then
  # An earlier run's processes, summarised again: its revisions (the header of its table), its
  # repetitions, and its inputs rebuilt from order.txt as the run gave them.
  from_revs=$(awk '$2 > n { n = $2 } END { print n + 0 }' "$from/order.txt")
  reps=$(sed -n 's/.*repetitions per process: \([0-9]*\).*/\1/p' "$from/settings.txt")
  header=$(sed -n '/^one sample/q; p' "$from/table.txt" 2>/dev/null)
  inputs=""
  i=0
  while [ "$i" -lt "$from_revs" ]; do
    i=$((i + 1))
    if [ "$i" = 1 ]; then label=old; elif [ "$from_revs" = 2 ]; then label=new; else label=new$((i - 1)); fi
    for round in $(awk -v i="$i" '$1 > 0 && $2 == i { print $1 }' "$from/order.txt"); do
      [ -f "$from/$label-$round.json" ] || die "--from: $from lacks $label-$round.json"
      inputs="$inputs $label=$from/$label-$round.json"
    done
  done
  [ "$from_revs" -ge 2 ] && [ -n "$reps" ] || die "--from: $from/order.txt or settings.txt is not ab.sh's"
fi

# check_selection HASHBENCH: the hashbench flags are valid for that binary and select something.
check_selection() {
  hashbench=$1
  shift
  if ! listed=$("$hashbench" "$@" --list 2>&1); then
    die "hashbench flags: $(printf '%s\n' "$listed" | sed -n 's/^hashbench: //p' | head -n 1)"
  fi
  [ -n "$listed" ] || die "the hashbench flags select no benchmark: $*"
}
# Checked before building with this checkout's hashbench when there is one, else with the first
# revision's as soon as it is built.
flags_checked=no
if [ -z "$from" ] && [ -x build/bin/hashbench ]; then
  check_selection build/bin/hashbench "$@"
  flags_checked=yes
fi

# Labels, commits and one-line descriptions, all checked before anything is built.
i=0
while [ "$i" -lt "$nrevs" ]; do
  i=$((i + 1))
  eval "rev=\$rev_$i"
  if [ "$i" = 1 ]; then label=old; elif [ "$nrevs" = 2 ]; then label=new; else label=new$((i - 1)); fi
  if [ "$rev" = "." ]; then
    sha=$(git rev-parse --verify --quiet "HEAD^{commit}") || die "$label: '.' needs a checkout with a commit"
    short=worktree key=worktree
    desc="working tree (on $(git rev-parse --short HEAD), with uncommitted changes)"
  else
    sha=$(git rev-parse --verify --quiet "$rev^{commit}") || die "$label: unknown revision '$rev'"
    short=$(git rev-parse --short "$sha") key=$sha
    desc="$short $(git log -1 --format=%s "$sha")"
  fi
  eval "label_$i=\$label sha_$i=\$sha short_$i=\$short key_$i=\$key desc_$i=\$desc"
done

start=$(date +%s)
# The summariser comes from the current checkout, built when missing or too old for -sample paired.
jobs=$(hb_jobs)
if ! build/bin/hbstat -sample paired -h >/dev/null 2>&1; then
  echo "ab.sh: building hbstat into build/ first" >&2
  hb_build hbstat
fi

# summarise DIR HEADER INPUTS...: DIR/table.txt (HEADER, then hbstat's table) and DIR/table.json
# from the label=path INPUTS, in revision order and each revision's in round order: hbstat pairs
# the k-th input of every label with the first label's k-th, one round's processes. Prints the
# table; sets status (0, or hbstat's: 1 for a regression beyond PCT).
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
  build/bin/hbstat -sample "$sample" -adjust "$adjust" -alpha "$alpha" -detectable -format json "$@" \
    >"$dir/table.json" 2>/dev/null || true
  cat "$dir/table.txt"
  scripts/report.sh "$dir" 2>"$dir/report.log" || echo "ab.sh: report.html not written; see $dir/report.log" >&2
}
# finish DIR: the closing lines and the exit status.
finish() {
  if [ "$status" -ne 0 ]; then
    grep -v '^hbstat: pooling' "$1/hbstat.log" >&2 || true
    [ "$status" -eq 1 ] && echo "ab.sh: a significant regression beyond $fail_pct %" >&2
    exit 1
  fi
  exit 0
}

if [ -n "$from" ]; then
  out=$(hb_new_run_dir "$from-again-")
  cp "$from/order.txt" "$out/"
  # The processes' JSON beside the new tables (report.sh reads them there): linked when it can be.
  cp -l "$from"/*-[0-9]*.json "$out/" 2>/dev/null || cp "$from"/*-[0-9]*.json "$out/"
  {
    echo "summarised again from $from by $(git rev-parse --short HEAD)'s hbstat"
    sed -e "s/^adjust: .*/adjust: $adjust; alpha: $alpha; fail-on-regression: ${fail_pct:-off}/" -e '/^test: /d' "$from/settings.txt"
    echo "test: $sample (hbstat -sample $sample)"
  } >"$out/settings.txt"
  # shellcheck disable=SC2086  # the input list is label=path words
  summarise "$out" "$header" $inputs
  echo "ab.sh: results in $out (table.txt, report.html; summarised again from $from)" >&2
  finish "$out"
fi
[ -z "$seed" ] && seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' \n')
names=$short_1
i=1
while [ "$i" -lt "$nrevs" ]; do
  i=$((i + 1))
  eval "names=\$names-\$short_$i"
done
out=$(hb_new_run_dir "results/ab/$names-")

work=$(mktemp -d "${TMPDIR:-/tmp}/hb-ab.XXXXXX")
worktrees=""
cleanup() {
  for wt in $worktrees; do
    git worktree remove --force "$wt" >/dev/null 2>&1 || true
  done
  git worktree prune >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# build LABEL SOURCE_DIR BUILD_DIR: Release build of hashbench only, log kept with the results.
build() {
  echo "ab.sh: building $1 ..." >&2
  # Niced: a build must not slow down measurements running beside it (another ab.sh's included).
  if ! { cmake -S "$2" -B "$3" -DCMAKE_BUILD_TYPE=Release &&
         nice -n 10 cmake --build "$3" -j "$jobs" --target hashbench; } >"$out/build-$1.log" 2>&1; then
    echo "ab.sh: building $1 failed; see $out/build-$1.log" >&2
    rm -rf "$3"
    exit 1
  fi
}

i=0
while [ "$i" -lt "$nrevs" ]; do
  i=$((i + 1))
  eval "label=\$label_$i sha=\$sha_$i key=\$key_$i"
  # A commit given twice is built once: an A/A run then compares byte-identical binaries.
  j=0 same=""
  while [ "$j" -lt $((i - 1)) ]; do
    j=$((j + 1))
    eval "[ \"\$key_$j\" = \"\$key\" ] && [ -z \"\$same\" ] && same=\$label_$j same_index=$j" || true
  done
  if [ -n "$same" ]; then
    eval "bin_$i=\$bin_$same_index"
    echo "$label: the same commit as $same, same binary" >"$out/build-$label.log"
    continue
  fi
  dir="$work/$label-build"
  [ -z "$cache" ] || [ "$key" = worktree ] || dir="$cache/$sha"
  if [ -x "$dir/bin/hashbench" ]; then
    echo "$label: reusing the build in $dir" >"$out/build-$label.log"
  elif [ "$key" = worktree ]; then
    build "$label" "$top" "$dir"
  else
    git worktree add --detach --quiet "$work/$label" "$sha"
    worktrees="$worktrees $work/$label"
    build "$label" "$work/$label" "$dir"
  fi
  eval "bin_$i=\$dir/bin/hashbench"
  if [ "$flags_checked" = no ]; then
    check_selection "$dir/bin/hashbench" "$@"
    flags_checked=yes
  fi
done

if [ "$aslr" = yes ]; then runner=$(hb_runner --aslr); else runner=$(hb_runner); fi

# The run order, balanced and seeded. Round 0 is the warm-up, a random permutation. The rounds
# then go in blocks of as many rounds as there are revisions, each block a Latin square: the
# rotations of a random permutation of the revisions, taken in a random order (for two revisions,
# "old new, new old" or "new old, old new"). Every revision thus takes every place in a round
# equally often (at most one apart when PROCS is not a multiple of the revisions), so an
# advantage of running first is noise on both sides rather than whichever side a coin favoured,
# and a drift over minutes falls alike on both within each block. awk's generator is seeded with
# the recorded seed, so the seed gives back the order.
awk -v seed="$seed" -v k="$nrevs" -v n="$procs" '
function shuffle(a, m,   i, j, t) {
  for (i = m; i > 1; i--) { j = int(rand() * i) + 1; t = a[i]; a[i] = a[j]; a[j] = t }
}
BEGIN {
  srand(seed)
  for (i = 1; i <= k; i++) p[i] = i
  shuffle(p, k)
  for (i = 1; i <= k; i++) print 0, p[i]
  for (r = 1; r <= n; r++) {
    b = (r - 1) % k
    if (b == 0) {
      for (i = 1; i <= k; i++) { p[i] = i; rot[i] = i - 1 }
      shuffle(p, k)
      shuffle(rot, k)
    }
    for (i = 1; i <= k; i++) print r, p[(i - 1 + rot[b + 1]) % k + 1]
  }
}' >"$out/order.txt"
{
  echo "revisions: $nrevs; processes per revision: $procs (+1 warm-up, discarded); repetitions per process: $reps"
  echo "one sample: the median of one process's repetitions; order: balanced (each revision in each place equally often), random, seed $seed (order.txt)"
  echo "address-space randomisation: $aslr; runner: ${runner:-none}"
  echo "adjust: $adjust; alpha: $alpha; fail-on-regression: ${fail_pct:-off}"
  echo "test: $sample (hbstat -sample $sample)"
  echo "hashbench flags: $*"
} >"$out/settings.txt"

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
    echo "ab.sh: hashbench ($label, round $round) failed; see $out/run-$label.log" >&2
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
echo "ab.sh: results in $out (table.txt, report.html; $elapsed s)" >&2
finish "$out"
