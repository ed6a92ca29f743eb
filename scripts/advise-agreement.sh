#!/bin/sh
# advise-agreement.sh — does advise.sh give the same answer twice? Runs it several times on each of
# the reference key sets (docs/advice.md, "Key sets"), compares every pair of runs of a set with
# hbadvise --agree, and tallies what must hold between runs on one machine (docs/advice.md, "Two
# runs agree"). Orchestration only: the comparison is hbadvise's, the tally a count of its columns.
set -eu

usage() {
  cat <<'EOF_USAGE'
usage: scripts/advise-agreement.sh [--runs N] [--processes N] [--out DIR] [SET...]

Runs scripts/advise.sh N times (default 3) on each key set named (default all six: pointers,
uuids, urls, words, paths, records; docs/advice.md "Key sets": 200,000 page-aligned pointers,
200,000 UUIDs, 200,000 URLs, /usr/share/dict/words, find /usr -type f, 2,000 random 4 KiB records
with --record-size 4096), one run after the other, each into DIR/SET-R/. Then for every pair of
runs of a set, build/bin/hbadvise --agree, every row into DIR/agree.tsv with the set and the pair
in front; each run's wall time into DIR/times.tsv. Prints the tally:

  cells            (ranking, pair) rows compared: every need, table design and crypto/64KiB
  intersect        rows whose two fastest sets share an entry (must be all)
  picks_in_other   rows where each run's pick is in the other's set (must be all)
  identical        rows whose sets are identical (must be at least 90%)
  held_both        rows where both runs' answers held in both halves of their processes
  table_set        per set, the largest table fastest set and the entries ranked (at most a third)
  seconds          per set, the longest advise.sh run

  --runs N         runs per set (default 3, at least 2)
  --processes N    advise.sh --processes (default advise.sh's)
  --out DIR        results folder (default results/<UTC timestamp>-agreement)
Exit status: 0 done (whatever the tally says), 1 a run failed, 2 bad arguments.
EOF_USAGE
}

die() { echo "advise-agreement.sh: $*" >&2; exit 2; }

runs=3 processes="" out="" sets=""
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --runs) [ $# -ge 2 ] || die "--runs needs a value"; runs=$2; shift 2 ;;
    --processes) [ $# -ge 2 ] || die "--processes needs a value"; processes=$2; shift 2 ;;
    --out) [ $# -ge 2 ] || die "--out needs a value"; out=$2; shift 2 ;;
    -*) die "unknown argument '$1' (try --help)" ;;
    pointers|uuids|urls|words|paths|records) sets="$sets $1"; shift ;;
    *) die "unknown key set '$1' (pointers, uuids, urls, words, paths, records)" ;;
  esac
done
case "$runs" in ""|*[!0-9]*|0|1) die "--runs: '$runs' is not a count of at least 2" ;; esac
[ -n "$sets" ] || sets="pointers uuids urls words paths records"
case "$out" in ""|/*) ;; *) out="$(pwd)/$out" ;; esac

cd "$(dirname "$0")/.."
. scripts/lib/common.sh
dir=$(hb_results_dir "$out" results/ -agreement) || exit 2
hb_build hashbench hbspread hbstat hbsum hbadvise hbreport make_keys
keys="$dir/keys"
mkdir "$keys"

# keyset SET: makes SET's key file in $keys and prints advise.sh's arguments for it.
keyset() {
  case "$1" in
    pointers) build/tests/advise/make_keys pointers 200000 >"$keys/pointers.bin"
              echo "$keys/pointers.bin --keys-format fixed:8" ;;
    uuids) build/tests/advise/make_keys uuids 200000 >"$keys/uuids.bin"
           echo "$keys/uuids.bin --keys-format fixed:16" ;;
    urls) build/tests/advise/make_keys urls 200000 >"$keys/urls.txt"
          echo "$keys/urls.txt" ;;
    words) echo "/usr/share/dict/words" ;;
    paths) find /usr -type f 2>/dev/null | sort >"$keys/paths.txt"
           echo "$keys/paths.txt" ;;
    records) build/tests/advise/make_keys records 2000 >"$keys/records.bin"
             echo "$keys/records.bin --keys-format fixed:4096 --record-size 4096" ;;
  esac
}

printf 'set\trun\tseconds\n' >"$dir/times.tsv"
for set in $sets; do
  args=$(keyset "$set")
  r=1
  while [ "$r" -le "$runs" ]; do
    echo "advise-agreement.sh: $set, run $r of $runs" >&2
    start=$(date +%s)
    # shellcheck disable=SC2086  # args: the key file and its advise.sh flags, no spaces in them
    scripts/advise.sh $args ${processes:+--processes "$processes"} --out "$dir/$set-$r" >/dev/null \
      2>"$dir/$set-$r.log" || { tail -n 5 "$dir/$set-$r.log" >&2; echo "advise-agreement.sh: $set run $r failed" >&2; exit 1; }
    printf '%s\t%s\t%s\n' "$set" "$r" "$(($(date +%s) - start))" >>"$dir/times.tsv"
    r=$((r + 1))
  done
done

# every pair of runs of a set, its rows behind the set and the pair
first=1
for set in $sets; do
  record=""
  [ "$set" != records ] || record="--record-size 4096"
  a=1
  while [ "$a" -lt "$runs" ]; do
    b=$((a + 1))
    while [ "$b" -le "$runs" ]; do
      # shellcheck disable=SC2086  # record is one flag and its value, or nothing
      build/bin/hbadvise --agree $record "$dir/$set-$a" "$dir/$set-$b" >"$dir/pair.tsv"
      if [ -n "$first" ]; then
        printf 'set\tpair\t%s\n' "$(head -n 1 "$dir/pair.tsv")" >"$dir/agree.tsv"
        first=""
      fi
      tail -n +2 "$dir/pair.tsv" | sed "s/^/$set	$a-$b	/" >>"$dir/agree.tsv"
      b=$((b + 1))
    done
    a=$((a + 1))
  done
done
rm -f "$dir/pair.tsv"

hb_tsv_columns set ranking ranked_a set_a intersect identical pick_a_in_b pick_b_in_a held_a held_b <"$dir/agree.tsv" |
  awk -F'\t' '
    { cells++; intersect += $5 == "yes"; identical += $6 == "yes"; picks += $7 == "yes" && $8 == "yes"
      held += $9 == "yes" && $10 == "yes"
      if ($2 == "table") { n = split($4, members, ","); if (n > most[$1]) most[$1] = n; ranked[$1] = $3 } }
    END {
      printf "cells\t%d\nintersect\t%d of %d\npicks_in_other\t%d of %d\nidentical\t%d of %d (%.1f%%)\nheld_both\t%d of %d\n",
        cells, intersect, cells, picks, cells, identical, cells, cells ? 100 * identical / cells : 0, held, cells
      for (s in most) printf "table_set\t%s\t%d of %d ranked\n", s, most[s], ranked[s]
    }'
hb_tsv_columns set seconds <"$dir/times.tsv" |
  awk -F'\t' '$2 > longest[$1] { longest[$1] = $2 } END { for (s in longest) printf "seconds\t%s\t%d\n", s, longest[s] }'
echo "advise-agreement.sh: results in $dir (agree.tsv, times.tsv, SET-R/ per run)" >&2
