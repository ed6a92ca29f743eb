#!/bin/sh
# ab.sh — did my change make it faster? Builds hashbench at two git revisions, each in its own
# worktree, runs the two binaries alternately (A B, B A, ...) pinned to one CPU with address
# randomisation off, pools each side's repetitions and prints the hbstat comparison.
set -eu

usage() {
  cat <<'EOF'
usage: scripts/ab.sh [-n ROUNDS] [-r REPS] [--fail-on-regression PCT] OLD NEW [-- hashbench flags]

Compare hashbench results between two git revisions. OLD and NEW are anything git rev-parse
accepts (a commit, a branch, HEAD~3); NEW may be "." for the working tree with its uncommitted
changes. Each revision's hashbench is built (Release, same compiler and flags) in a temporary
git worktree, never touching your checkout; the two binaries then run alternately, ROUNDS rounds
(default 5) of REPS repetitions each (default 3), A B then B A, each run from a fresh copy of its
binary, pinned to one CPU (taskset) with address-space randomisation off (setarch -R) where
available, so that machine drift and memory placement hit both sides alike.

With nothing after --, the selection is:
  --suite throughput --size 16,1024,65536 --load cpu --benchmark_min_time=0.05 (every algorithm)

Prints the two revisions and the hbstat table (columns "old" and "new"; "~" = no significant
difference at alpha 0.05). Build logs, raw JSON and the table are kept in
results/ab/<oldsha>-<newsha>-<timestamp>/.

  -n ROUNDS                  alternating rounds (default 5)
  -r REPS                    repetitions per binary per round (default 3)
  --fail-on-regression PCT   exit 1 when a significant change in the worse direction exceeds PCT %
  -h, --help                 this help

exit status: 0 done, 1 a build failed or a regression beyond PCT, 2 bad usage or revision
EOF
}

die() { echo "ab.sh: $*" >&2; exit 2; }

rounds=5 reps=3 fail_pct=""
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    -n) [ $# -ge 2 ] || die "-n needs a number"; rounds=$2; shift 2 ;;
    -r) [ $# -ge 2 ] || die "-r needs a number"; reps=$2; shift 2 ;;
    --fail-on-regression) [ $# -ge 2 ] || die "--fail-on-regression needs a percentage"; fail_pct=$2; shift 2 ;;
    --fail-on-regression=*) fail_pct=${1#*=}; shift ;;
    --) die "OLD and NEW come before --" ;;
    -*) die "unknown option '$1' (try --help)" ;;
    *) break ;;
  esac
done
[ $# -ge 2 ] || die "need OLD and NEW revisions (try --help)"
old_rev=$1 new_rev=$2
shift 2
if [ $# -gt 0 ]; then
  [ "$1" = "--" ] || die "unexpected argument '$1' (hashbench flags go after --)"
  shift
fi
case "$rounds" in ''|*[!0-9]*|0) die "-n: '$rounds' is not a positive number" ;; esac
case "$reps" in ''|*[!0-9]*|0) die "-r: '$reps' is not a positive number" ;; esac
if [ -n "$fail_pct" ]; then
  case "$fail_pct" in ''|*[!0-9.]*|.) die "--fail-on-regression: '$fail_pct' is not a percentage" ;; esac
fi
if [ $# -eq 0 ]; then
  set -- --suite throughput --size 16,1024,65536 --load cpu --benchmark_min_time=0.05
fi

top=$(git rev-parse --show-toplevel 2>/dev/null) || die "run it inside the hashbench git repository"
cd "$top"
. scripts/lib/common.sh
old_sha=$(git rev-parse --verify --quiet "$old_rev^{commit}") || die "OLD: unknown revision '$old_rev'"
if [ "$new_rev" = "." ]; then
  new_sha=$(git rev-parse --verify --quiet "HEAD^{commit}") || die "NEW: '.' needs a checkout with a commit"
  new_label="worktree"
  new_desc="working tree (on $(git rev-parse --short HEAD), with uncommitted changes)"
else
  new_sha=$(git rev-parse --verify --quiet "$new_rev^{commit}") || die "NEW: unknown revision '$new_rev'"
  new_label=$(git rev-parse --short "$new_sha")
  new_desc="$new_label $(git log -1 --format=%s "$new_sha")"
fi
old_label=$(git rev-parse --short "$old_sha")
old_desc="$old_label $(git log -1 --format=%s "$old_sha")"

# The summariser comes from the current checkout, built once if missing.
jobs=$(hb_jobs)
if [ ! -x build/bin/hbstat ]; then
  echo "ab.sh: building hbstat into build/ first" >&2
  hb_build hbstat
fi
out=$(hb_new_run_dir "results/ab/$old_label-$new_label-")

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

# build SIDE SOURCE_DIR: Release build of hashbench only, log kept with the results.
build() {
  echo "ab.sh: building $1 ..." >&2
  if ! { cmake -S "$2" -B "$work/$1-build" -DCMAKE_BUILD_TYPE=Release &&
         cmake --build "$work/$1-build" -j "$jobs" --target hashbench; } >"$out/build-$1.log" 2>&1; then
    echo "ab.sh: building $1 failed; see $out/build-$1.log" >&2
    exit 1
  fi
}

git worktree add --detach --quiet "$work/old" "$old_sha"
worktrees="$work/old"
build old "$work/old"
if [ "$new_rev" = "." ]; then
  build new "$top"
else
  git worktree add --detach --quiet "$work/new" "$new_sha"
  worktrees="$worktrees $work/new"
  build new "$work/new"
fi

runner=$(hb_runner)

echo "ab.sh: $rounds rounds x $reps repetitions, A B B A A B ...${runner:+, via '$runner'}" >&2
old_files="" new_files=""
for round in $(seq "$rounds"); do
  # The order flips every round (A B, then B A), so that whatever favours the first or the second
  # run of a round (a machine settling, a neighbour's periodic job) falls on both sides alike.
  sides="old new"
  [ $((round % 2)) -eq 1 ] || sides="new old"
  for side in $sides; do
    json="$out/$side-$round.json"
    # Each run starts from a fresh copy of its binary. A binary file's code sits in the same
    # physical pages of the page cache for as long as the file lives, so one build could keep a
    # cache-set placement that favours or hurts it in every round: a fresh copy draws new pages
    # each time, and the placement averages out over the rounds instead of becoming a difference.
    rm -f "$work/$side-hashbench"
    cp "$work/$side-build/bin/hashbench" "$work/$side-hashbench"
    # shellcheck disable=SC2086  # runner is a command prefix to split
    if ! $runner "$work/$side-hashbench" "$@" --benchmark_repetitions="$reps" \
         --benchmark_enable_random_interleaving=true --benchmark_out="$json" --benchmark_out_format=json \
         >>"$out/run-$side.log" 2>&1; then
      echo "ab.sh: hashbench ($side, round $round) failed; see $out/run-$side.log" >&2
      exit 1
    fi
    if [ "$side" = old ]; then old_files="$old_files old=$json"; else new_files="$new_files new=$json"; fi
  done
done

{
  echo "old: $old_desc"
  echo "new: $new_desc"
  echo
} >"$out/table.txt"
status=0
# shellcheck disable=SC2086  # the file lists are label=path words
build/bin/hbstat ${fail_pct:+--fail-on-regression "$fail_pct"} $old_files $new_files >>"$out/table.txt" \
  2>"$out/hbstat.log" || status=$?
cat "$out/table.txt"
scripts/report.sh "$out" 2>"$out/report.log" || echo "ab.sh: report.html not written; see $out/report.log" >&2
echo "ab.sh: results in $out (table.txt, report.html)" >&2
if [ "$status" -ne 0 ]; then
  cat "$out/hbstat.log" >&2
  [ "$status" -eq 1 ] && echo "ab.sh: a significant regression beyond $fail_pct %" >&2
  exit 1
fi
