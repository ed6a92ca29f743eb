#!/bin/sh
# ab-counts.sh — ab.sh --counts's run: instruction counts instead of times. Each revision's hbcount
# (built by ab.sh beside its hashbench) counts the selection under valgrind's callgrind, in two
# processes a revision, in the order old, new..., old, new...; hbstat compares the counts as exact
# values (-exact-change) and reports a row whose two counts of one revision differ as not
# repeatable. docs/counts.md has the method and its limits.
set -eu

usage() {
  cat <<'EOF'
usage: scripts/lib/ab-counts.sh DIR REVISIONS [-- hbcount flags]

ab.sh --counts's counting, in the results folder DIR that ab.sh made: its manifest.tsv already
names the run's settings (exact_change, fail_on_regression, started), REVISIONS is ab.sh's
revisions file (label, sha, key, description, binary; scripts/lib/ab-revisions.sh) with every
hashbench built and an hbcount beside each. Counts each revision twice under valgrind's
callgrind, then writes DIR's tables (table.txt, table.tsv, table.json; hbstat -exact-change),
report.html and the manifest's closing keys. Run it through scripts/ab.sh --counts.
exit status: 0 done, 1 a count failed or a regression beyond fail_on_regression, 2 bad usage
EOF
}

die() { echo "ab.sh: $*" >&2; exit 2; }
case "${1:-}" in -h|--help) usage; exit 0 ;; -*) die "ab-counts.sh: unknown option '$1' (try --help)" ;; esac
[ $# -ge 2 ] || die "ab-counts.sh needs the results folder and the revisions file (try --help)"
out=$1 revisions=$2
shift 2
[ $# -eq 0 ] || { [ "$1" = -- ] && shift; } || die "ab-counts.sh: the hbcount flags go after --"
[ -f "$out/manifest.tsv" ] && [ -f "$revisions" ] || die "ab-counts.sh: '$out' has no manifest.tsv, or '$revisions' is missing"

cd "$(dirname "$0")/../.."
. scripts/lib/common.sh
. scripts/lib/manifest.sh
. scripts/lib/ab-revisions.sh
. scripts/lib/ab-tables.sh

m="$out/manifest.tsv"
exact_change=$(hb_manifest_get "$m" exact_change || true)
fail_pct=$(hb_manifest_get "$m" fail_on_regression || true)
started=$(hb_manifest_get "$m" started)
counts_per_revision=2
valgrind_version=$(valgrind --version 2>/dev/null) || valgrind_version=unknown
nrevs=$(hb_revisions "$revisions" label | wc -l)
{
  echo "revisions: $nrevs; counts per revision: $counts_per_revision (separate processes under valgrind's callgrind)"
  echo "measure: instructions per hash call (hbcount), compared as exact values; a change: beyond ${exact_change:-hbstat -exact-change default} %"
  echo "fail-on-regression: ${fail_pct:-off}"
  echo "hbcount flags: $*"
} >"$out/settings.txt"
hb_manifest_put "$m" counts_per_revision "$counts_per_revision"
hb_manifest_put "$m" hbcount_flags "$@"
hb_manifest_put "$m" valgrind_version "$valgrind_version"

echo "ab.sh: $nrevs revisions x $counts_per_revision counts under valgrind ($valgrind_version)" >&2
: >"$out/order.txt"
round=0
while [ "$round" -lt "$counts_per_revision" ]; do
  round=$((round + 1))
  i=0
  while IFS='	' read -r label bin; do
    i=$((i + 1))
    json="$out/$label-$round.json"
    if ! "${bin%hashbench}hbcount" "$@" --benchmark_out="$json" >>"$out/run-$label.log" 2>&1; then
      echo "ab.sh: hbcount ($label, count $round) failed; see $out/run-$label.log" >&2
      exit 1
    fi
    echo "$round $i" >>"$out/order.txt"
  done <<EOF
$(hb_revisions "$revisions" label binary)
EOF
done

# hbstat's inputs in revision order, each revision's counts pooled under its label.
inputs=$(hb_revisions "$revisions" label | while read -r label; do
  round=0
  while [ "$round" -lt "$counts_per_revision" ]; do
    round=$((round + 1))
    echo "$label=$out/$label-$round.json"
  done
done)
status=0
# shellcheck disable=SC2086  # the input list is label=path words
hb_ab_tables "$out" "$(hb_ab_header "$m")" \
  "instructions per hash call under valgrind's callgrind, exact; $counts_per_revision counts per revision pooled (a row whose counts differ is not repeatable, not compared)" \
  ${exact_change:+-exact-change "$exact_change"} ${fail_pct:+--fail-on-regression "$fail_pct"} -- $inputs || status=$?
elapsed=$(($(date +%s) - $(date -u -d "$started" +%s)))
echo "wall time: $elapsed s" >>"$out/settings.txt"
hb_manifest_put "$m" wall_seconds "$elapsed"
echo "ab.sh: results in $out (table.txt; $elapsed s)" >&2
hb_ab_finish "$out" "$status" "$fail_pct"
