#!/bin/sh
# ab_bisect_e2e.sh SOURCE_DIR — property: scripts/ab.sh --bisect names the commit that made a row
# slower, builds each set of sources once, skips a commit that does not build, and refuses bad
# input before measuring anything. In a throwaway repository holding this project (GOOD), six
# commits follow: docs, docs, one that does not build (a CMake error), its revert (GOOD's sources
# again), the slowdown (fnv1a-64 three times as slow on 1 KiB: scripts/lib/inject-slowdown.sh, 2000
# extra steps per 1000 bytes, against 0 in GOOD with the same code) and docs (BAD). Expected by
# hand: the middle commit does not build and is skipped; the revert has GOOD's sources (not
# slower, not measured); the slowdown commit is measured slower than GOOD and confirmed against
# its parent; it is named. Three sets of sources, one of which does not build: two builds in all
# (GOOD's, made by an earlier bad-input case, and BAD's), every other commit reusing one. An
# interrupted bisection leaves no worktree or temporary file and the working tree as it was.
set -eu
src=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
fail() { echo "FAIL: $*" >&2; exit 1; }

. "$src/scripts/lib/inject-slowdown.sh"
repo="$tmp/repo"
hb_throwaway_repo "$src" "$repo"
cd "$repo"
# GOOD: the extra steps' code asking for 0 steps, so that the slowdown commit differs in one datum.
hb_inject_slowdown "$repo" 0
git commit -q --amend -a --no-edit
echo "a line of documentation" >>docs/ab.md
git commit -qam "docs: one line"
echo "another line of documentation" >>docs/ab.md
git commit -qam "docs: another line"
echo 'message(FATAL_ERROR "a commit that does not build, made by the bisect test")' >>CMakeLists.txt
git commit -qam "a commit that does not build"
git revert --no-edit HEAD >/dev/null
hb_inject_slowdown "$repo" 2000
git commit -qam "fnv1a-64 three times as slow"
echo "a third line of documentation" >>docs/ab.md
git commit -qam "docs: a third line"
good=$(git rev-parse HEAD~6) broken=$(git rev-parse HEAD~3) revert=$(git rev-parse HEAD~2)
culprit=$(git rev-parse HEAD~1) bad=$(git rev-parse HEAD)
status_before=$(git status --porcelain)
out="$tmp/out" err="$tmp/err"
mkdir "$tmp/scratch"
selection="--suite throughput --algo fnv1a-64 --size 1024 --load cpu --benchmark_min_time=0.01"
# bisect ARGS...: ab.sh --bisect with the shared build cache, 12 pairs of processes of 3 repetitions
# (more than the 8 that one row needs on a quiet machine: this test runs beside builds, and the
# median of 3 repetitions keeps a process whose one repetition lost its CPU from reversing a pair).
# shellcheck disable=SC2086  # selection is a word list
bisect() { TMPDIR="$tmp/scratch" scripts/ab.sh --bisect --build-cache "$tmp/cache" -n 12 -r 3 "$@" -- $selection >"$out" 2>"$err"; }
# measured DIR: the number of process JSON files under DIR.
measured() { find "$1" -name '*-[0-9]*.json' 2>/dev/null | wc -l; }

# Bad input: one line, exit 2, nothing measured (nor, but for a revision that does not build,
# anything written).
for bad_case in "$good no-such-revision|bad: unknown revision 'no-such-revision'" \
                "$bad $good|is not an ancestor of BAD" "$bad $bad|the same commit" \
                "$good $revert|build from the same sources" "$good .|'.' is not a commit" \
                "--min-change x $good $bad|--min-change: 'x'" "$good $bad $culprit|two revisions"; do
  args=${bad_case%%|*} want=${bad_case#*|}
  status=0
  # shellcheck disable=SC2086  # the case's words
  bisect --out "$tmp/refused" $args || status=$?
  [ "$status" = 2 ] && [ "$(wc -l <"$err")" = 1 ] && grep -qF -- "$want" "$err" ||
    fail "ab.sh --bisect $args: exit $status, want 2 and one line with '$want', got: $(cat "$err")"
  [ ! -e "$tmp/refused" ] || fail "ab.sh --bisect $args wrote $tmp/refused"
done
status=0
TMPDIR="$tmp/scratch" scripts/ab.sh --full HEAD~1 HEAD >"$out" 2>"$err" || status=$?
[ "$status" = 2 ] && grep -qF -- "--full only with --bisect" "$err" || fail "--full without --bisect: exit $status: $(cat "$err")"
# BAD does not build: GOOD is built (and kept in the cache), BAD's build fails, nothing is measured.
status=0
bisect --out "$tmp/not-built" "$good" "$broken" || status=$?
# Before it, only progress: the lines that say what is being built.
[ "$status" = 2 ] && [ "$(grep -vc '^ab.sh: building ' "$err")" = 1 ] &&
  tail -n 1 "$err" | grep -q "bad $(git rev-parse --short "$broken") does not build" ||
  fail "BAD that does not build: exit $status, want 2 and one line besides progress, got: $(cat "$err")"
[ "$(measured "$tmp/not-built")" = 0 ] || fail "BAD that does not build: something was measured"
[ ! -e results/ab ] || fail "a refused bisection wrote results/ab"

# Interrupted while BAD builds (Ctrl-C reaches every process of the group): worktrees, temporary
# files and the working tree as they were. GOOD's build is cached, so BAD's is the one running.
status=0
TMPDIR="$tmp/scratch" timeout -s INT --preserve-status 12 scripts/ab.sh --bisect --build-cache "$tmp/cache" \
  --out "$tmp/interrupted" "$good" "$bad" -- $selection >"$out" 2>"$err" || status=$?
[ "$status" = 130 ] || fail "interrupted: exit $status, want 130: $(cat "$err")"
[ "$(git worktree list | wc -l)" = 1 ] || fail "interrupted: worktrees left behind: $(git worktree list)"
[ -z "$(ls -A "$tmp/scratch")" ] || fail "interrupted: temporary files left: $(ls -A "$tmp/scratch")"
[ "$(git status --porcelain)" = "$status_before" ] || fail "interrupted: the working tree changed"

# The bisection itself.
bisect --out "$tmp/bisect" "$good" "$bad" || { cat "$err" >&2; fail "the bisection exited $?"; }
cat "$out"
short() { git rev-parse --short "$1"; }
tail -n 1 "$out" | grep -qx "first slower commit: $culprit fnv1a-64 three times as slow" ||
  fail "the last line does not name $(short "$culprit"): $(cat "$out")"
grep -q "^step [0-9]*: $(short "$broken") a commit that does not build — does not build .*skipped" "$out" ||
  fail "the commit that does not build is not said to be skipped: $(cat "$out")"
grep -q "^step [0-9]*: $(short "$revert") .* — not slower: the same sources as good (not measured)" "$out" ||
  fail "the revert (GOOD's sources) was not decided without measuring: $(cat "$out")"
grep -q "^step [0-9]*: $(short "$culprit") fnv1a-64 three times as slow — slower than good:" "$out" ||
  fail "the slowdown commit was not measured slower than GOOD: $(cat "$out")"
grep -q "^    throughput/algo:fnv1a-64/impl:portable/size:1024/load:cpu  +[0-9.]*% (p=" "$out" ||
  fail "the slower row is not named with its change and p: $(cat "$out")"
grep -q "^confirmation, against its parent $(short "$revert"): $(short "$culprit") .* — slower than its parent:" "$out" ||
  fail "no confirmation against the parent: $(cat "$out")"
m="$tmp/bisect/manifest.tsv"
value() { awk -F'\t' -v k="$1" '$1 == k { print $2 }' "$m"; }
[ "$(value first_slower)" = "$culprit" ] && [ "$(value confirmed)" = yes ] || fail "manifest: $(cat "$m")"
[ "$(value kind)" = bisect ] && [ "$(value good)" = "$good" ] && [ "$(value bad)" = "$bad" ] &&
  [ "$(value candidates)" = 6 ] && [ "$(value path)" = first-parent ] && [ "$(value rows)" = 1 ] &&
  [ "$(value processes)" = 12 ] && [ "$(value repetitions)" = 3 ] && [ "$(value results_dir)" = "$(cd "$tmp/bisect" && pwd -P)" ] ||
  fail "manifest: $(cat "$m")"
# Builds: BAD's sources once (GOOD's came from the cache); GOOD's reused for the revert's parent
# role, BAD's for the slowdown commit; the commit that does not build tried once.
[ "$(value builds_done)" = 1 ] && [ "$(value builds_reused)" = 3 ] && [ "$(value builds_failed)" = 1 ] ||
  fail "builds: done $(value builds_done), reused $(value builds_reused), failed $(value builds_failed); want 1, 3, 1"
# Two A/B runs (the slowdown commit against GOOD, then against its parent), each a full ab.sh folder.
[ "$(value steps)" = 2 ] || fail "want 2 A/B runs, got $(value steps)"
set -- "$tmp/bisect"/step-*/manifest.tsv "$tmp/bisect"/confirm-*/manifest.tsv
[ $# = 2 ] && [ -f "$1" ] && [ -f "$2" ] || fail "want one step folder and one confirmation folder: $*"
[ "$(measured "$tmp/bisect")" = 48 ] || fail "want 2 x 2 x 12 processes' JSON, got $(measured "$tmp/bisect")"
[ "$(awk -F'\t' 'NR > 1' "$tmp/bisect/steps.tsv" | wc -l)" -ge 3 ] || fail "steps.tsv: $(cat "$tmp/bisect/steps.tsv")"
[ "$(git worktree list | wc -l)" = 1 ] || fail "worktrees left behind: $(git worktree list)"
[ -z "$(ls -A "$tmp/scratch")" ] || fail "temporary files left: $(ls -A "$tmp/scratch")"
[ "$(git status --porcelain)" = "$status_before" ] || fail "the working tree changed: $(git status --porcelain)"
echo "ab_bisect_e2e: all checks passed"
