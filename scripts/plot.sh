#!/bin/sh
# plot.sh RUN_DIR — plots of a hashbench run (RUN_DIR/run.json) with gnuplot, as SVG and PNG in
# RUN_DIR: throughput against input size (log-log, one line per algorithm's default
# implementation, memread as the ceiling), latency against size for small keys, and the same
# hashes with their data in cache and coming from DRAM, as bars. A plot whose rows are not in the
# run (latency needs the latency suite) is skipped with a note.
set -eu

usage() {
  cat <<'EOF'
usage: scripts/plot.sh RUN_DIR
Reads RUN_DIR/run.json (hashbench JSON) and writes, next to it:
  throughput.svg/.png   GB/s against input size, log-log, memread as the ceiling (load cpu)
  latency.svg/.png      ns per hash against key size, each input depending on the last output
  ram-vs-cache.svg/.png GB/s with the data in cache and from DRAM, at the largest size run both ways
One line (or bar) per algorithm, using its default implementation (the first in hbsum --list that
this CPU runs). Medians of the repetitions, through hbstat.
EOF
}

case "${1:-}" in
  -h|--help) usage; exit 0 ;;
  "") echo "plot.sh: need a RUN_DIR (try --help)" >&2; exit 2 ;;
  -*) echo "plot.sh: unknown option '$1' (try --help)" >&2; exit 2 ;;
esac
[ $# -eq 1 ] || { echo "plot.sh: one RUN_DIR only (try --help)" >&2; exit 2; }
run_dir=$(cd "$1" 2>/dev/null && pwd) || { echo "plot.sh: $1: no such directory" >&2; exit 2; }
json="$run_dir/run.json"
[ -r "$json" ] || { echo "plot.sh: $json: not found" >&2; exit 2; }
command -v gnuplot >/dev/null 2>&1 || { echo "plot.sh: gnuplot not found (scripts/setup.sh installs gnuplot-nox)" >&2; exit 2; }

cd "$(dirname "$0")/.."
. scripts/lib/common.sh
[ -x build/bin/hbstat ] && [ -x build/bin/hbsum ] || hb_build hbstat hbsum

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

hb_default_impls >"$work/defaults"

# medians FILTER: "algo impl size median" lines for the rows FILTER selects.
medians() {
  hb_medians "$json" /algo,/impl,/size "$1"
}

# series IN SCALE OUT: gnuplot data blocks in OUT, one per default implementation (plus the best
# memread; not noop, a call with no data): a title line, then "size value*SCALE" sorted
# by size (numeric sizes only). Blocks come highest value at the largest size first, so the key
# reads as a ranking. Prints the number of blocks.
series() {
  awk -v scale="$2" -v out="$3" '
    FILENAME == ARGV[1] { want[$1 " " $2] = 1; next }
    $3 ~ /^[0-9]+$/ {
      key = $1 " " $2
      if ($1 == "memread") { sum[key] += $4; mem[key] = 1 }
      else if (!(key in want)) next
      if (!(key in seen)) { seen[key] = 1; keys[++n] = key }
      data[key] = data[key] $3 " " ($4 * scale) "\n"
      if ($3 + 0 >= top[key]) { top[key] = $3 + 0; at_top[key] = $4 }
    }
    END {
      best = ""
      for (k in mem) if (best == "" || sum[k] > sum[best]) best = k
      for (i = 2; i <= n; i++)  # insertion sort: largest size first, then highest value
        for (j = i; j > 1 && (top[keys[j]] > top[keys[j - 1]] ||
             (top[keys[j]] == top[keys[j - 1]] && at_top[keys[j]] > at_top[keys[j - 1]])); j--) {
          t = keys[j]; keys[j] = keys[j - 1]; keys[j - 1] = t
        }
      printf "" > out
      close(out)
      blocks = 0
      for (i = 1; i <= n; i++) {
        k = keys[i]
        if ((k in mem) && k != best) continue
        label = k
        sub(/ /, "/", label)
        printf "\"%s\"\n", label >> out
        close(out)
        sorter = "sort -n >> \"" out "\""
        printf "%s", data[k] | sorter
        close(sorter)
        printf "\n\n" >> out
        close(out)
        blocks++
      }
      print blocks
    }' "$work/defaults" "$1"
}

# render NAME GNUPLOT_BODY: the body plotted once as SVG and once as PNG.
render() {
  for format in svg png; do
    case "$format" in
      svg) terminal="svg size 1100,700 dynamic font 'sans,12'" ;;
      png) terminal="pngcairo size 1100,700 font 'sans,10'" ;;
    esac
    printf 'set terminal %s\nset output "%s"\n%s\n' "$terminal" "$run_dir/$1.$format" "$2" | gnuplot || { echo "plot.sh: gnuplot failed on $1" >&2; exit 1; }
    [ -s "$run_dir/$1.$format" ] || { echo "plot.sh: gnuplot wrote no $1.$format" >&2; exit 1; }
  done
  echo "$run_dir/$1.svg $run_dir/$1.png"
}

cpu_model=$(build/bin/hbstat -context cpu_model "$json" 2>/dev/null) || cpu_model="CPU not recorded"
common="set grid; set key outside right top; set logscale x 2; set offsets graph 0.03, graph 0.03, 0, 0
set xtics ('16' 16, '64' 64, '256' 256, '1K' 1024, '4K' 4096, '16K' 16384, '64K' 65536, '256K' 262144, '1M' 1048576)"
lines="with linespoints lw 2 dt 1+int(i/8) title columnheader(1)"

# line_plot NAME BLOCKS_FILE BLOCKS TITLE XLABEL YLABEL: one line per data block, log-log.
line_plot() {
  render "$1" "$common
set title '$4 ($cpu_model)'
set xlabel '$5'; set ylabel '$6'; set logscale y
plot for [i=0:$(($3 - 1))] '$2' index i using 1:2 $lines"
}

# Throughput against size, with data in cache.
medians '.name:(throughput OR baseline) /load:cpu .unit:B/s' >"$work/tp"
blocks=$(series "$work/tp" 1e-9 "$work/tp.blocks")
if [ "${blocks:-0}" -gt 0 ]; then
  line_plot throughput "$work/tp.blocks" "$blocks" 'Throughput against input size, data in cache' \
    'input size (bytes)' 'GB/s (10^9 bytes/s)'
else
  echo "plot.sh: no throughput rows with load cpu in $json; throughput plot skipped" >&2
fi

# Latency against size, small keys.
medians '.name:latency .unit:sec/op' | awk '$3 ~ /^[0-9]+$/ && $3 <= 4096' >"$work/lat"
blocks=$(series "$work/lat" 1e9 "$work/lat.blocks")
if [ "${blocks:-0}" -gt 0 ]; then
  line_plot latency "$work/lat.blocks" "$blocks" 'Latency: each input depends on the previous hash' \
    'key size (bytes)' 'ns per hash'
else
  echo "plot.sh: no latency rows in $json (the latency suite, e.g. bench.sh --full); latency plot skipped" >&2
fi

# Cache against DRAM, bars at the largest size run with both loads.
medians '.name:(throughput OR baseline) /load:cpu .unit:B/s' >"$work/cpu"
medians '.name:(throughput OR baseline) /load:ram .unit:B/s' >"$work/ram"
awk '
  FILENAME == ARGV[1] { want[$1 " " $2] = 1; next }
  FILENAME == ARGV[2] { cpu[$1 " " $2 " " $3] = $4; next }
  ($1 " " $2) in want || $1 == "memread" {
    k = $1 " " $2 " " $3
    if ((k in cpu) && $3 ~ /^[0-9]+$/) { ram[k] = $4; if ($3 + 0 > size) size = $3 + 0 }
  }
  END {
    for (k in ram) {
      split(k, f, " ")
      if (f[3] + 0 != size) continue
      printf "%s/%s %.3f %.3f\n", f[1], f[2], cpu[k] * 1e-9, ram[k] * 1e-9
    }
  }' "$work/defaults" "$work/cpu" "$work/ram" | sort -k2,2 -g -r >"$work/bars"
if [ -s "$work/bars" ]; then
  size=$(awk '
    FILENAME == ARGV[1] { want[$1 " " $2] = 1; next }
    ($1 " " $2) in want && $3 ~ /^[0-9]+$/ && $3 + 0 > s { s = $3 + 0 } END { print s }' "$work/defaults" "$work/ram")
  render ram-vs-cache "set grid ytics; set key outside right top
set title 'Data in cache against data from DRAM, ${size:-?} bytes per hash ($cpu_model)'
set ylabel 'GB/s (10^9 bytes/s)'; set style data histograms; set style histogram clustered gap 1
set style fill solid 0.8 border -1; set xtics rotate by -45 scale 0; set bmargin 9
plot '$work/bars' using 2:xtic(1) title 'load:cpu (in cache)', '' using 3 title 'load:ram (from DRAM)'"
else
  echo "plot.sh: no rows run with both load:cpu and load:ram in $json; RAM-vs-cache plot skipped" >&2
fi
