#!/bin/sh
# ab_e2e.sh SOURCE_DIR — property: scripts/ab.sh compares two commits end to end. In a throwaway
# repository holding this project at two commits, a tiny run prints the table with columns "old"
# and "new", keeps the raw JSON and build logs, leaves no worktree behind, leaves the working tree
# untouched, and an unknown revision exits 2 with one line.
set -eu
src=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
fail() { echo "FAIL: $*" >&2; exit 1; }

repo="$tmp/repo"
mkdir "$repo"
# The project's tracked files as they are in the source tree now.
(cd "$src" && git ls-files -z | xargs -0 tar cf -) | (cd "$repo" && tar xf -)
cd "$repo"
git init -q
git config user.name "hashbench tests"
git config user.email "tests@hashbench.invalid"
git add -A
git commit -qm "first"
echo "/* a second commit */" >>c_hashes/noop.c
git commit -qam "second"
status_before=$(git status --porcelain)

out="$tmp/out" err="$tmp/err"
# ab.sh's worktrees and build folders go under TMPDIR: it must be empty again afterwards.
mkdir "$tmp/scratch"
TMPDIR="$tmp/scratch" scripts/ab.sh -n 1 -r 2 HEAD~1 HEAD -- --suite throughput --algo fnv1a-32 --size 16 --load cpu \
  --benchmark_min_time=0 >"$out" 2>"$err" || { cat "$err" >&2; fail "ab.sh exited $?"; }

old=$(git rev-parse --short HEAD~1) new=$(git rev-parse --short HEAD)
grep -q "^old: $old first$" "$out" || fail "no 'old: $old first' line"
grep -q "^new: $new second$" "$out" || fail "no 'new: $new second' line"
grep -q "│ *old *│ *new *│" "$out" || fail "no header with columns old and new: $(cat "$out")"
grep -q "throughput/algo:fnv1a-32/impl:portable/size:16/load:cpu" "$out" || fail "the benchmark row is missing"
grep -q "vs base" "$out" || fail "no vs base column"

set -- results/ab/"$old-$new"-*
[ $# = 1 ] && [ -d "$1" ] || fail "expected one results/ab/$old-$new-<timestamp> folder, got: $*"
for f in old-1.json new-1.json build-old.log build-new.log table.txt; do
  [ -s "$1/$f" ] || fail "results folder lacks $f"
done
grep -q '"name": "throughput/algo:fnv1a-32/impl:portable/size:16/load:cpu"' "$1/old-1.json" || fail "raw JSON lacks the row"
[ "$(git worktree list | wc -l)" = 1 ] || fail "worktrees left behind: $(git worktree list)"
[ -z "$(ls -A "$tmp/scratch")" ] || fail "ab.sh left files in TMPDIR: $(ls -A "$tmp/scratch")"
[ "$(git status --porcelain)" = "$status_before" ] || fail "the working tree changed: $(git status --porcelain)"

# A second run never overwrites the first.
sleep 1
scripts/ab.sh -n 1 -r 1 HEAD HEAD -- --suite throughput --algo fnv1a-32 --size 16 --load cpu \
  --benchmark_min_time=0 >"$out" 2>"$err" || fail "ab.sh HEAD HEAD exited $?"
[ "$(ls -d results/ab/*/ | wc -l)" = 2 ] || fail "second run did not get its own folder"
grep -q "│ *old *│ *new *│" "$out" || fail "HEAD HEAD: no old and new columns"

# Bad input: one line, exit 2, before anything is built.
status=0
scripts/ab.sh HEAD no-such-revision >"$out" 2>"$err" || status=$?
[ "$status" = 2 ] || fail "unknown revision: exit $status"
[ "$(wc -l <"$err")" = 1 ] && grep -q "unknown revision 'no-such-revision'" "$err" || fail "unknown revision: $(cat "$err")"
status=0
scripts/ab.sh -n x HEAD HEAD >"$out" 2>"$err" || status=$?
[ "$status" = 2 ] || fail "-n x: exit $status"
echo "ab_e2e: all checks passed"
