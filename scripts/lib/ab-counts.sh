# ab-counts.sh — sourced by ab.sh for --counts: instruction counts instead of times. Each
# revision's hbcount (built beside its hashbench) counts the selection under valgrind's callgrind,
# in two processes a revision, in the order old, new..., old, new...; hbstat compares the counts as
# exact values (-exact-change) and reports a row whose two counts of one revision differ as not
# repeatable. docs/counts.md has the method and its limits.
#
# Uses what ab.sh has set: nrevs, label_N, commit_N, desc_N, key_N, bin_N (hashbench; hbcount is
# beside it), out, work, start, fail_pct, exact_change, the functions shown, manifest_revisions,
# finish and write-free helpers, and the hbcount flags in "$@". POSIX sh; expects set -eu and the top of the
# repository as the folder. Exits through finish.

counts_per_revision=2
# This checkout's hbstat compares the counts: built again when it predates exact comparisons.
hbstat_exact() {
  printf 'BenchmarkProbe 1 1 ns/op\n' | build/bin/hbstat -exact-change 0.02 -format tsv - >/dev/null 2>&1
}
if ! hbstat_exact; then
  echo "ab.sh: building hbstat into build/ first" >&2
  hb_build hbstat
  hbstat_exact || die "this checkout's hbstat has no -exact-change; update the checkout"
fi
valgrind_version=$(valgrind --version 2>/dev/null) || valgrind_version=unknown
{
  echo "revisions: $nrevs; counts per revision: $counts_per_revision (separate processes under valgrind's callgrind)"
  echo "measure: instructions per hash call (hbcount), compared as exact values; a change: beyond ${exact_change:-hbstat -exact-change default} %"
  echo "fail-on-regression: ${fail_pct:-off}"
  echo "hbcount flags: $*"
} >"$out/settings.txt"
m="$out/manifest.tsv"
hb_manifest_put "$m" kind ab-counts
hb_manifest_put "$m" measure instructions
manifest_revisions "$m"
hb_manifest_put "$m" counts_per_revision "$counts_per_revision"
hb_manifest_put "$m" hbcount_flags "$@"
hb_manifest_put "$m" valgrind_version "$valgrind_version"
hb_manifest_put "$m" exact_change "$exact_change"
hb_manifest_put "$m" fail_on_regression "$fail_pct"
hb_manifest_put "$m" started "$(date -u -d "@$start" +%Y-%m-%dT%H:%M:%SZ 2>/dev/null || date -u +%Y-%m-%dT%H:%M:%SZ)"
hb_manifest_put "$m" summarised_by "$(git rev-parse HEAD)"
hb_manifest_put "$m" results_dir "$out"

echo "ab.sh: $nrevs revisions x $counts_per_revision counts under valgrind ($valgrind_version)" >&2
: >"$out/order.txt"
inputs=""
round=0
while [ "$round" -lt "$counts_per_revision" ]; do
  round=$((round + 1))
  i=0
  while [ "$i" -lt "$nrevs" ]; do
    i=$((i + 1))
    eval "label=\$label_$i bin=\$bin_$i"
    json="$out/$label-$round.json"
    if ! "${bin%hashbench}hbcount" "$@" --benchmark_out="$json" >>"$out/run-$label.log" 2>&1; then
      echo "ab.sh: hbcount ($label, count $round) failed; see $(shown "$out")/run-$label.log" >&2
      exit 1
    fi
    echo "$round $i" >>"$out/order.txt"
  done
done
# hbstat's inputs in revision order, each revision's two counts pooled under its label.
i=0
while [ "$i" -lt "$nrevs" ]; do
  i=$((i + 1))
  eval "label=\$label_$i"
  round=0
  while [ "$round" -lt "$counts_per_revision" ]; do
    round=$((round + 1))
    inputs="$inputs $label=$out/$label-$round.json"
  done
done

header=$(
  i=0
  while [ "$i" -lt "$nrevs" ]; do
    i=$((i + 1))
    eval "echo \"\$label_$i: \$desc_$i\""
  done
)
{
  printf '%s\n' "$header"
  echo "instructions per hash call under valgrind's callgrind, exact; $counts_per_revision counts per revision pooled (a row whose counts differ is not repeatable, not compared)"
  echo
} >"$out/table.txt"
status=0
# shellcheck disable=SC2086  # the input list is label=path words
build/bin/hbstat ${exact_change:+-exact-change "$exact_change"} ${fail_pct:+--fail-on-regression "$fail_pct"} $inputs \
  >>"$out/table.txt" 2>"$out/hbstat.log" || status=$?
for format in tsv json; do
  # shellcheck disable=SC2086
  build/bin/hbstat ${exact_change:+-exact-change "$exact_change"} -format "$format" $inputs >"$out/table.$format" 2>/dev/null || true
done
cat "$out/table.txt"
scripts/report.sh "$out" 2>"$out/report.log" || echo "ab.sh: report.html not written; see $(shown "$out")/report.log" >&2
elapsed=$(( $(date +%s) - start ))
echo "wall time: $elapsed s" >>"$out/settings.txt"
hb_manifest_put "$m" wall_seconds "$elapsed"
echo "ab.sh: results in $(shown "$out") (table.txt; $elapsed s)" >&2
finish "$out"
