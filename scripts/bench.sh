#!/bin/sh
# bench.sh — the first command: installs what is missing, builds, runs the default benchmark
# pinned to one CPU, and prints which hash is fastest here (time per hash and throughput at 16 B,
# 1 KiB and 64 KiB), then how evenly each one spreads keys. Everything is kept in
# results/<timestamp>/.
set -eu

usage() {
  cat <<'EOF'
usage: scripts/bench.sh [--full] [--out DIR] [-- hashbench flags]

Installs missing Debian packages, builds hashbench (Release), runs the default benchmark and
prints the tables. The run is pinned to one CPU with address randomisation off where the machine
allows; the spread step then uses every core.

  (default)  every hash at 16 B, 1 KiB and 64 KiB (data in cache) and 64 KiB from DRAM, plus
             the noop floor and memread ceiling; the latency chain at 16 B; a successful lookup
             in three hash tables of 4096 keys (hashtable suite, op:hit); the reference row:
             25 short repetitions of each, shuffled across all rows, about 4 minutes
  --full     every suite hashbench has (hashbench --list-suites): about 25 minutes, and the
             hashtable suite's tables past the last-level cache about two hours more (every
             repetition of such a row builds a table of up to 2^20 keys)
  --out DIR  the results folder (must not exist yet; default results/<UTC timestamp>/)
  -- FLAGS   hashbench flags instead, e.g. -- --algo xxh3-64,crc32c --quick

Output in the results folder:
  run.json          Google Benchmark JSON with provenance (CPU, compiler, flags, libraries)
  tables.txt        the tables printed here;  summary.json  every figure (hbstat -format json)
  gab.json          time per hash for github-action-benchmark (customSmallerIsBetter)
  spread.txt        hbspread's full report;  *.svg, *.png  plots (scripts/plot.sh)
  advice.txt        which hash per need for these synthetic keys (advice.json: the same)
  report.html       all of it in one page for a browser (scripts/report.sh)
  manifest.tsv      for programs: key<tab>value lines (kind, results_dir, hashbench_flags, runner,
                    wall_seconds)

Reading the tables: the first line says how much this machine varied during the run (a fixed
reference loop measured throughout it: its 10th to 90th percentile over its median). Each cell
is the median of the repetitions, ± how far its 90% confidence interval reaches; rows are ranked
fastest first; a footnote marks rows whose interval reaches beyond ±5%: their place in the
ranking is that uncertain (on a busy machine, rerun when it is quieter). The repetitions of all
rows are shuffled together, so a slow spell of the machine falls on every row alike.
EOF
}

full=0 out=""
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --full) full=1; shift ;;
    --out) [ $# -ge 2 ] || { echo "bench.sh: --out needs a folder" >&2; exit 2; }; out=$2; shift 2 ;;
    --) shift; break ;;
    *) echo "bench.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done

case "$out" in ''|/*) ;; *) out="$(pwd)/$out" ;; esac
if [ -n "$out" ] && { [ -e "$out" ] || [ -L "$out" ]; }; then
  echo "bench.sh: --out: $out exists (results are never overwritten)" >&2
  exit 2
fi
cd "$(dirname "$0")/.."
. scripts/lib/common.sh
. scripts/lib/manifest.sh

echo "bench.sh: set-up and build" >&2
hb_build hashbench hbstat hbspread hbsum hbreport
start=$(date +%s)
dir=$(hb_results_dir "$out" results/) || exit 2
runner=$(hb_runner)

if [ $# -gt 0 ]; then
  what="hashbench $*"
elif [ "$full" = 1 ]; then
  set -- --suite "$(build/bin/hashbench --list-suites | cut -d ' ' -f 1 | paste -s -d , -)"
  what="every suite (--full)"
else
  what="the default run"
fi
echo "bench.sh: $what${runner:+, via '$runner'}; console log in $dir/console.txt" >&2
# hashbench's stderr stays the user's: its progress line (redrawn on a terminal, a line per tenth
# of the run in a log) and any error message show where the user is looking.
# shellcheck disable=SC2086  # runner is a command prefix to split
if ! $runner build/bin/hashbench --progress "$@" --benchmark_out="$dir/run.json" --benchmark_out_format=json \
     >"$dir/console.txt"; then
  echo "bench.sh: hashbench failed (its message is above); console log in $dir/console.txt" >&2
  exit 1
fi

hb_ranked_tables text "$dir/run.json" >"$dir/tables.txt" 2>"$dir/hbstat.log"
cat "$dir/tables.txt"
stat="build/bin/hbstat -confidence 0.9"
$stat -format json "$dir/run.json" >"$dir/summary.json" 2>>"$dir/hbstat.log"
$stat -format gab-json -filter '.unit:sec/op' "$dir/run.json" >"$dir/gab.json" 2>>"$dir/hbstat.log"

echo
echo "bench.sh: how evenly each hash spreads keys (hbspread, both cores)" >&2
build/bin/hbspread --output "text=$dir/spread.txt" --output "json=$dir/spread.json" 2>"$dir/spread.log"
# The classic table is the report's first block.
awk 'NF == 0 { exit } { print }' "$dir/spread.txt"

# Which hash per need, for these synthetic keys and the 16-byte rows (scripts/advise.sh does it for
# the user's own keys): hbadvise reads the run's size:16 rows and hbspread's verdicts on its default
# keysets; a run without those rows (other hashbench flags) gets no advice, said by hbadvise.
# One hbadvise run prints the brief and writes the other three formats (none when it fails).
hb_build hbadvise
echo
echo "bench.sh: which hash per need (synthetic keys; scripts/advise.sh KEYFILE for yours)" >&2
build/bin/hbadvise --rows 16 --format brief --output "text=$dir/advice.txt" --output "json=$dir/advice.json" \
  --output "html=$dir/advice.html" "$dir" 2>"$dir/advice.log" || cat "$dir/advice.log" >&2

m="$dir/manifest.tsv"
hb_manifest_put "$m" kind run
hb_manifest_put "$m" results_dir "$(cd "$dir" && pwd)"
hb_manifest_put "$m" hashbench_flags "$*"
hb_manifest_put "$m" runner "${runner:-none}"
hb_manifest_put "$m" wall_seconds "$(($(date +%s) - start))"
if command -v gnuplot >/dev/null 2>&1; then
  scripts/plot.sh "$dir" >/dev/null 2>"$dir/plot.log" || echo "bench.sh: plotting failed; see $dir/plot.log" >&2
fi
scripts/report.sh "$dir" 2>"$dir/report.log" || echo "bench.sh: report.html not written; see $dir/report.log" >&2
echo
echo "bench.sh: results in $dir (run.json, tables.txt, summary.json, gab.json, spread.txt, advice.txt, plots, report.html)" >&2
