#!/bin/sh
# default_run.sh — hashbench with no selection flags lists exactly the default run its --help
# promises, checked against the registry as hbsum --list reports it: every entry but the
# baselines at 16, 1024 and 65536 bytes with load cpu and 65536 with load ram (throughput); noop
# and memread at the same four, the known-cost row mulchain and the reference row once
# (baseline); every entry but the baselines at 16 bytes, with the floor noop (latency); the
# default implementation of every name of at most 64 bits in each table design, successful
# lookups, on both synthetic key sets at 4096 keys (hashtable). --algo narrows it.
# Usage: default_run.sh HASHBENCH HBSUM
set -eu

hashbench=$1 hbsum=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

rows() { # NAME IMPL SUITE
  for case in size:16/load:cpu size:1024/load:cpu size:65536/load:cpu size:65536/load:ram; do
    echo "$3/algo:$1/impl:$2/$case"
  done
}

"$hbsum" --list --format tsv | awk -F '\t' 'NR > 1 && $4 != "baseline" { print $1, $2 }' > "$work/entries"
while read -r name impl; do rows "$name" "$impl" throughput; done < "$work/entries" > "$work/want"
rows noop portable baseline >> "$work/want"
echo "baseline/algo:mulchain/impl:portable/size:8/load:cpu" >> "$work/want"
echo "baseline/algo:reference/impl:portable/size:16/load:cpu" >> "$work/want"
echo "latency/algo:noop/impl:portable/size:16" >> "$work/want"
awk '{ print "latency/algo:" $1 "/impl:" $2 "/size:16" }' "$work/entries" >> "$work/want"
"$hashbench" --list-designs | awk '{ print $1 }' > "$work/designs"
[ -s "$work/designs" ] || { echo "FAIL: hashbench --list-designs names no design" >&2; exit 1; }
table_rows() { # NAME IMPL
  for keys in user id64; do
    while read -r design; do
      echo "hashtable/algo:$1/impl:$2/design:$design/op:hit/keys:$keys/count:4096"
    done < "$work/designs"
  done
}
"$hbsum" --list --format tsv |
  awk -F '\t' 'NR > 1 && $4 != "baseline" && $5 <= 64 && $13 ~ /default/ { print $1, $2 }' > "$work/table_entries"
[ -s "$work/table_entries" ] || { echo "FAIL: hbsum --list names no default entry of at most 64 bits" >&2; exit 1; }
while read -r name impl; do table_rows "$name" "$impl"; done < "$work/table_entries" >> "$work/want"
"$hashbench" --list > "$work/got"
grep '^baseline/algo:memread/' "$work/got" | sed 's|/impl:[^/]*/|/impl:X/|' | sort -u > "$work/memread"
rows memread X baseline | sort > "$work/memread_want"

grep -v '^baseline/algo:memread/' "$work/got" | sort > "$work/got_sorted"
sort "$work/want" > "$work/want_sorted"
if ! cmp -s "$work/got_sorted" "$work/want_sorted" || ! cmp -s "$work/memread" "$work/memread_want"; then
  echo "FAIL: hashbench --list differs from the default run (< listed, > expected):" >&2
  diff "$work/got_sorted" "$work/want_sorted" >&2 || true
  diff "$work/memread" "$work/memread_want" >&2 || true
  exit 1
fi

"$hashbench" --list --algo sha256 | sort > "$work/narrow"
{
  awk '$1 == "sha256" { print $2 }' "$work/entries" | while read -r impl; do rows sha256 "$impl" throughput; done
  echo "latency/algo:noop/impl:portable/size:16"
  awk '$1 == "sha256" { print "latency/algo:sha256/impl:" $2 "/size:16" }' "$work/entries"
} | sort > "$work/narrow_want"
cmp -s "$work/narrow" "$work/narrow_want" || { echo "FAIL: --algo sha256 does not narrow the default run" >&2; exit 1; }
echo "default_run.sh: the default run is $(wc -l < "$work/got") rows, as documented"
