#!/bin/sh
# rank-agreement.sh — whether several bench.sh runs on one machine give the same answer: for each of
# bench.sh's tables and each pair of runs, whether their fastest sets intersect, are identical, and
# hold each other's pick. The sets and picks come from hbstat (-ranks, -format tsv), read by column
# name; this script only compares them.
set -eu

usage() {
  cat <<'EOF'
usage: scripts/rank-agreement.sh [--summary] RUN_DIR RUN_DIR [RUN_DIR...]

Compares the fastest sets of bench.sh runs (folders with runs/run-1.json, run-2.json ...: a
replicated run) as bench.sh's tables show them (hbstat -ranks over each run's processes), table by
table and pair by pair of runs. Prints a TSV, a header line then one line per table and pair:
  table           the table: its size, load and unit ("16 cpu sec/op")
  a, b            the two runs, numbered from 1 in the order given
  set_a, set_b    each run's fastest set: its rows (algo/impl), sorted, comma-separated
  pick_a, pick_b  each run's pick: the member of its set with the best median (the table's first row)
  size_a, size_b  how many rows each set holds
  ranked_a, ranked_b  how many rows each run ranked in the table
  intersect       true when the two sets share a row
  identical       true when they are the same set
  picks_held      true when each run's pick is in the other's set
A table that only some runs have is compared between those, and one with no ranked row (the
baselines alone, which bench.sh shows but does not rank) not at all. --summary prints instead one TSV line
(after a header): cells (table and pair), then how many of them intersect, are identical, hold
both picks, and have both sets within a third of their ranked rows (a set of everything is no
answer).
exit status: 0 done, 2 bad usage or a folder that is not a replicated bench.sh run
EOF
}

die() { echo "rank-agreement.sh: $*" >&2; exit 2; }

summary=0
case "${1:-}" in
  -h|--help) usage; exit 0 ;;
  --summary) summary=1; shift ;;
  -*) die "unknown option '$1' (try --help)" ;;
esac
[ $# -ge 2 ] || die "needs at least two run folders (try --help)"
for dir; do
  [ -r "$dir/runs/run-1.json" ] && [ -r "$dir/runs/run-2.json" ] ||
    die "$dir: not a replicated bench.sh run (no runs/run-1.json and runs/run-2.json)"
done
dirs=$(for dir; do (cd "$dir" && pwd); done)

cd "$(dirname "$0")/.."
. scripts/lib/common.sh
[ -x build/bin/hbstat ] || hb_build hbstat
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

# Each run's tables as "run<tab>table<tab>row<tab>fastest" lines, rows in the tables' order (best first).
i=0
echo "$dirs" | while IFS= read -r dir; do
  i=$((i + 1))
  set --
  k=1
  while [ -r "$dir/runs/run-$k.json" ]; do
    set -- "$@" "$dir/runs/run-$k.json"
    k=$((k + 1))
  done
  hb_ranked_stat tsv "$@" 2>/dev/null | hb_tsv_columns /size /load unit /algo /impl fastest |
    awk -F'\t' -v run="$i" '{ print run "\t" $1 " " $2 " " $3 "\t" $4 "/" $5 "\t" $6 }'
done >"$work/sets.tsv"

awk -F'\t' -v summary="$summary" '
  function sorted(s,    n, a, i, j, t, out) {
    n = split(s, a, ",")
    for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
    for (i = 1; i <= n; i++) out = out (i > 1 ? "," : "") a[i]
    return out
  }
  function has(s, row) { return index("," s ",", "," row ",") > 0 }
  function meets(x, y,    n, a, i) {
    n = split(x, a, ",")
    for (i = 1; i <= n; i++) if (has(y, a[i])) return 1
    return 0
  }
  {
    if (!(($2) in seen)) { seen[$2] = 1; tables[++nt] = $2 }
    if ($1 > runs) runs = $1
    present[$1, $2] = 1
    if ($4 != "") ranked[$1, $2]++
    if ($4 == "true") {
      size[$1, $2]++
      set[$1, $2] = set[$1, $2] (set[$1, $2] == "" ? "" : ",") $3
      if (!(($1, $2) in pick)) pick[$1, $2] = $3
    }
  }
  END {
    if (!summary) print "table\ta\tb\tset_a\tset_b\tpick_a\tpick_b\tsize_a\tsize_b\tranked_a\tranked_b\tintersect\tidentical\tpicks_held"
    for (t = 1; t <= nt; t++)
      for (a = 1; a <= runs; a++)
        for (b = a + 1; b <= runs; b++) {
          tb = tables[t]
          if (!((a, tb) in present) || !((b, tb) in present)) continue
          if (set[a, tb] == "" && set[b, tb] == "") continue # nothing ranked (baselines only)
          sa = sorted(set[a, tb]); sb = sorted(set[b, tb])
          meet = meets(sa, sb); same = sa == sb
          held = has(sb, pick[a, tb]) && has(sa, pick[b, tb])
          third = 3 * size[a, tb] <= ranked[a, tb] && 3 * size[b, tb] <= ranked[b, tb]
          cells++; n_meet += meet; n_same += same; n_held += held; n_third += third
          if (!summary)
            printf "%s\t%d\t%d\t%s\t%s\t%s\t%s\t%d\t%d\t%d\t%d\t%s\t%s\t%s\n", tb, a, b, sa, sb, pick[a, tb],
                   pick[b, tb], size[a, tb], size[b, tb], ranked[a, tb], ranked[b, tb],
                   meet ? "true" : "false", same ? "true" : "false", held ? "true" : "false"
        }
    if (summary) {
      print "cells\tintersect\tidentical\tpicks_held\twithin_a_third"
      printf "%d\t%d\t%d\t%d\t%d\n", cells, n_meet, n_same, n_held, n_third
    }
  }' "$work/sets.tsv"
