#!/bin/sh
# bench.sh — the first command: installs what is missing, builds, runs the default benchmark
# pinned to one CPU as several processes (each laid out its own way: scripts/lib/replicate.sh), and
# prints which hashes could be fastest here and where each one ranks (time per hash and throughput
# at 16 B, 1 KiB and 64 KiB), then how evenly each one spreads keys. Everything is kept in
# results/<timestamp>/.
set -eu

usage() {
  cat <<'EOF'
usage: scripts/bench.sh [--full] [--processes N] [--out DIR] [-- hashbench flags]

Installs missing Debian packages, builds hashbench (Release), runs the default benchmark as N
processes one after the other and prints the tables. Each process is pinned to one CPU with
address randomisation off where the machine allows, and laid out its own way (hashbench --process
K: its own row order, buffer offset and heap shift; an environment padded to a length of its own,
which moves the stack), so that the processes sample N layouts of the binary and N stretches of
the machine's state; the spread step then uses every core.

  (default)  every hash at 16 B, 1 KiB and 64 KiB (data in cache) and 64 KiB from DRAM, plus
             the noop floor and memread ceiling; the latency chain at 16 B; a successful lookup
             in a table of 4096 keys of every design, on strings and on 64-bit ids (hashtable
             suite, op:hit: 14 rows a hash, half the run); the reference row:
             25 short repetitions of each (25 / N per process), shuffled across all rows,
             about 9 minutes on 2 CPUs
  --full     every suite hashbench has (hashbench --list-suites): about 25 minutes, and the
             hashtable suite's tables past the last-level cache about two hours more (every
             repetition of such a row builds a table of up to 2^20 keys)
  --processes N  the processes, 2 to 25 (default 5); unless FLAGS set the repetitions (or
             --quick), each process makes 25 / N of them
  --out DIR  the results folder (must not exist yet; default results/<UTC timestamp>/)
  -- FLAGS   hashbench flags instead, e.g. -- --algo xxh3-64,crc32c --quick

Output in the results folder:
  runs/run-K.json   process K's Google Benchmark JSON with provenance (CPU, compiler, flags,
                    libraries, and its layout: process, buffer_offset, heap_shift, env_pad);
                    runs/run-K.txt its console output
  run.json          process 1's run (a second name of runs/run-1.json): a complete run by
                    itself, for the tools that read one file
  tables.txt        the tables printed here; tables.tsv the same for programs (hbstat -format
                    tsv: rank_lo, rank_hi, fastest per row); summary.json every figure
                    (hbstat -format json, over the processes)
  gab.json          time per hash for github-action-benchmark (customSmallerIsBetter)
  spread.txt        hbspread's full report;  *.svg, *.png  plots (scripts/plot.sh)
  advice.txt        which hash per need for these synthetic keys (advice.json: the same)
  report.html       all of it in one page for a browser (scripts/report.sh)
  manifest.tsv      for programs: key<tab>value lines (kind, results_dir, hashbench_flags, runner,
                    processes, runs, wall_seconds)

Reading the tables: the first line says how much this machine varied during each process (a
fixed reference loop measured throughout it: its 10th to 90th percentile over its median). Each
cell is the median of the processes' medians, ± how far its 90% confidence interval reaches (from
the spread between processes, since one process is one sample of layout and machine state however
many repetitions it makes); rows are sorted fastest first. The rank column is where the hash's
rank lies at 95%, simultaneously for every hash of the table: [1,3] means it may be first, second
or third (the baselines noop, memread and mulchain are floors and ceilings, shown unranked); rows
marked * form the fastest set, every hash that could be the fastest at 95%, named in the line
under the table. Pick from that set by what else matters to you. Rows whose intervals overlap are
not tied for that reason alone (an interval is about one row, a ranking about all of them at
once): read the rank column. A footnote marks cells whose interval reaches beyond ±5%.
EOF
}

full=0 out="" processes=5
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --full) full=1; shift ;;
    --processes)
      [ $# -ge 2 ] || { echo "bench.sh: --processes needs a number" >&2; exit 2; }
      case "$2" in
        [2-9] | 1[0-9] | 2[0-5]) processes=$2 ;;
        *) echo "bench.sh: --processes: '$2' is not a whole number from 2 to 25" >&2; exit 2 ;;
      esac
      shift 2 ;;
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
. scripts/lib/replicate.sh

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
# The repetitions are split between the processes, unless the flags say how many (or --quick).
case " $* " in
  *" --quick "* | *" --benchmark_repetitions"*) ;;
  *) set -- "$@" --benchmark_repetitions=$((25 / processes)) ;;
esac
flags="$*"
echo "bench.sh: $what as $processes processes${runner:+, each via '$runner'}; their files in $dir/runs/" >&2
mkdir "$dir/runs"
# hashbench's stderr stays the user's: its progress line (redrawn on a terminal, a line per tenth
# of the run in a log) and any error message show where the user is looking.
# shellcheck disable=SC2086  # runner is a command prefix to split
if ! hb_replicate "$processes" "$dir/runs" run $runner build/bin/hashbench --progress "$@"; then
  echo "bench.sh: hashbench failed (its message is above); console logs in $dir/runs/" >&2
  exit 1
fi
ln "$dir/runs/run-1.json" "$dir/run.json"
# The processes' runs, run-1.json to run-N.json in order (each one sample per row for hbstat).
set --
runs=""
k=1
while [ "$k" -le "$processes" ]; do
  set -- "$@" "$dir/runs/run-$k.json"
  runs="$runs${runs:+ }runs/run-$k.json"
  k=$((k + 1))
done

hb_ranked_tables text "$@" >"$dir/tables.txt" 2>"$dir/hbstat.log"
cat "$dir/tables.txt"
hb_ranked_stat tsv "$@" >"$dir/tables.tsv" 2>>"$dir/hbstat.log"
hb_run_stat -format json -- "$@" >"$dir/summary.json" 2>>"$dir/hbstat.log"
hb_run_stat -format gab-json -filter '.unit:sec/op' -- "$@" >"$dir/gab.json" 2>>"$dir/hbstat.log"

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
hb_manifest_put "$m" hashbench_flags "$flags"
hb_manifest_put "$m" runner "${runner:-none}"
hb_manifest_put "$m" processes "$processes"
hb_manifest_put "$m" runs "$runs"
hb_manifest_put "$m" wall_seconds "$(($(date +%s) - start))"
if command -v gnuplot >/dev/null 2>&1; then
  scripts/plot.sh "$dir" >/dev/null 2>"$dir/plot.log" || echo "bench.sh: plotting failed; see $dir/plot.log" >&2
fi
scripts/report.sh "$dir" 2>"$dir/report.log" || echo "bench.sh: report.html not written; see $dir/report.log" >&2
echo
echo "bench.sh: results in $dir (runs/, run.json, tables.txt, tables.tsv, summary.json, gab.json, spread.txt, advice.txt, plots, report.html)" >&2
