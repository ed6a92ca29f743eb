#!/bin/sh
# ab_counts_e2e.sh SOURCE_DIR HBSTAT — property: scripts/ab.sh --counts finds a change of a few
# instructions per call and nothing else. In a throwaway repository holding this project at two
# commits, the second making every fnv1a-64 call do one extra step of its own kind
# (scripts/lib/inject-slowdown.sh, hb_inject_steps: 1 against 0, the same machine code), the
# counted A/B flags fnv1a-64's rows, more instructions, at 16 and 1024 bytes, and no other row
# moves at all (fnv1a-32 shares its file; crc32c/portable and murmur3 do not); the gate at 0 %
# exits 1. The same commit on both sides reports no change and passes the gate. The results folder
# keeps both counts of each revision, the tables and a manifest saying what was measured; its
# report.html holds hbstat's exact tables of those counts, the changed cells marked, no
# interval. Without valgrind on PATH, --counts exits 2 with one line before anything is built.
set -eu
src=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
fail() { echo "FAIL: $*" >&2; exit 1; }
hbstat=$2
# skip WHY: this test cannot run here; said by name.
skip() {
  echo "SKIP: $1"
  [ -z "${HB_SKIP_LOG:-}" ] || echo "ab_counts_e2e: $1" >>"$HB_SKIP_LOG"
  exit 0
}
command -v valgrind >/dev/null 2>&1 || skip "valgrind is not installed"
# The comparison is hbstat's: without exact comparisons (-exact-change) there is nothing to test.
printf 'BenchmarkProbe 1 1 ns/op\n' | "$hbstat" -exact-change 0.02 -format tsv - >/dev/null 2>&1 ||
  skip "this hbstat has no -exact-change (exact comparisons of counted inputs)"

. "$src/scripts/lib/inject-slowdown.sh"
repo="$tmp/repo"
hb_throwaway_repo "$src" "$repo"
cd "$repo"
hb_inject_steps "$repo" 0
git commit -q --amend -a --no-edit
hb_inject_steps "$repo" 1
git commit -qam "fnv1a-64: one step more per call"
out="$tmp/out" err="$tmp/err"
mkdir "$tmp/scratch"

# Without valgrind: PATH holds every tool but valgrind.
mkdir "$tmp/bin"
for dir in $(echo "$PATH" | tr ':' ' '); do
  for tool in "$dir"/*; do
    name=${tool##*/}
    [ "$name" = valgrind ] || [ -e "$tmp/bin/$name" ] || ln -s "$tool" "$tmp/bin/$name" 2>/dev/null || true
  done
done
status=0
PATH="$tmp/bin" TMPDIR="$tmp/scratch" scripts/ab.sh --counts HEAD~1 HEAD >"$out" 2>"$err" || status=$?
[ "$status" = 2 ] && [ "$(wc -l <"$err")" = 1 ] && grep -q "valgrind not found on PATH" "$err" ||
  fail "--counts without valgrind: exit $status, want 2 and one line: $(cat "$err")"
[ ! -e results/ab ] || fail "--counts without valgrind wrote results/ab"
for bad in "--counts -n 4 HEAD HEAD|-n means nothing to counts" "--exact-change 1 HEAD HEAD|--exact-change only with --counts" \
           "--counts --exact-change x HEAD HEAD|--exact-change: 'x'"; do
  status=0
  # shellcheck disable=SC2086  # the case's words
  TMPDIR="$tmp/scratch" scripts/ab.sh ${bad%%|*} >"$out" 2>"$err" || status=$?
  [ "$status" = 2 ] && [ "$(wc -l <"$err")" = 1 ] && grep -qF -- "${bad#*|}" "$err" ||
    fail "ab.sh ${bad%%|*}: exit $status, want 2 and one line with '${bad#*|}': $(cat "$err")"
done

selection="--algo fnv1a-64,fnv1a-32,crc32c/portable,murmur3-32 --size 16,1024 --calls 64"
# shellcheck disable=SC2086  # selection is a word list
ab() { TMPDIR="$tmp/scratch" scripts/ab.sh --counts --build-cache "$tmp/cache" "$@" -- $selection >"$out" 2>"$err"; }
# rows TSV: ".fullname delta significant test" of the new column's instructions/op rows.
rows() {
  awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c[".file"] == "new" && $c["unit"] == "instructions/op" { print $c[".fullname"], $c["delta"], $c["significant"], $c["test"] }' "$1"
}

status=0
ab --fail-on-regression 0 --out "$tmp/ab" HEAD~1 HEAD || status=$?
[ "$status" = 1 ] || { cat "$err" "$out" >&2; fail "one step more: the gate exited $status, want 1"; }
for f in old-1.json old-2.json new-1.json new-2.json table.txt table.tsv table.json manifest.tsv settings.txt report.html; do
  [ -s "$tmp/ab/$f" ] || fail "results folder lacks $f"
done
rows "$tmp/ab/table.tsv" >"$tmp/rows"
[ "$(wc -l <"$tmp/rows")" = 8 ] || fail "want 8 compared rows: $(cat "$tmp/rows"; cat "$tmp/ab/table.tsv")"
while read -r name delta significant test; do
  case "$name" in
    *algo:fnv1a-64/*)
      [ "$significant" = true ] && [ "$test" = exact ] && awk -v d="$delta" 'BEGIN { exit !(d > 0) }' ||
        fail "$name: want a change with more instructions, got delta $delta significant $significant test $test" ;;
    *)
      [ "$significant" = false ] && [ "$test" = exact ] && awk -v d="$delta" 'BEGIN { exit !(d == 0) }' ||
        fail "$name moved: delta $delta significant $significant test $test" ;;
  esac
done <"$tmp/rows"
grep -q "fnv1a-64" "$err" || fail "the gate did not name the row: $(cat "$err")"
# The page: hbreport's exact tables of the same four files, compared as ab.sh compared them, and a
# legend of exact counts, no interval.
"$hbstat" -format html -confidence 0.9 -uncertain 5 -row .fullname "old=$tmp/ab/old-1.json" "old=$tmp/ab/old-2.json" \
  "new=$tmp/ab/new-1.json" "new=$tmp/ab/new-2.json" >"$tmp/tables.html" 2>/dev/null
awk 'NR == FNR { want[++n] = $0; next } i < n && $0 == want[i + 1] { i++ } END { exit i == n ? 0 : 1 }' \
  "$tmp/tables.html" "$tmp/ab/report.html" || fail "report.html lacks hbstat's exact tables of the folder"
# fnv1a-64 at 16 and 1024 bytes, in instructions/op and instructions/B: four cells marked.
[ "$(grep -c 'class="num delta worse"' "$tmp/ab/report.html")" = 4 ] ||
  fail "report.html: want fnv1a-64's four cells marked more instructions"
grep -q 'cells are exact instruction counts' "$tmp/ab/report.html" || fail "report.html: the legend does not say exact counts"
grep -q '±\|&plusmn;' "$tmp/ab/report.html" && fail "report.html: an interval on exact counts"
value() { awk -F'\t' -v k="$2" '$1 == k { print $2 }' "$1/manifest.tsv"; }
for want in "kind=ab-counts" "measure=instructions" "labels=old new" "counts_per_revision=2" "fail_on_regression=0" \
            "gate=tripped"; do
  [ "$(value "$tmp/ab" "${want%%=*}")" = "${want#*=}" ] || fail "manifest.tsv: ${want%%=*} is '$(value "$tmp/ab" "${want%%=*}")'"
done

# A/A: the same commit twice, one binary: no change, the gate passes.
ab --fail-on-regression 0 --out "$tmp/aa" HEAD~1 HEAD~1 || { cat "$err" "$out" >&2; fail "A/A: the gate exited $?, want 0"; }
rows "$tmp/aa/table.tsv" >"$tmp/rows"
[ "$(wc -l <"$tmp/rows")" = 8 ] || fail "A/A: want 8 compared rows: $(cat "$tmp/aa/table.tsv")"
awk '$3 != "false" || $2 + 0 != 0 { print; bad = 1 } END { exit bad }' "$tmp/rows" >"$tmp/moved" ||
  fail "A/A: rows moved: $(cat "$tmp/moved")"
[ "$(git worktree list | wc -l)" = 1 ] || fail "worktrees left behind: $(git worktree list)"
[ -z "$(ls -A "$tmp/scratch")" ] || fail "ab.sh left files in TMPDIR: $(ls -A "$tmp/scratch")"
echo "ab_counts_e2e: all checks passed"
