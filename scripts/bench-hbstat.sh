#!/bin/sh
# bench-hbstat.sh — how fast hbstat summarises a large input in each format it reads. Generates,
# from a fixed seed, a Google Benchmark JSON file of 320 benchmarks x 1000 repetitions (320,000
# iteration rows, about 180 MB) and the same samples as Go benchmark text (about 36 MB), then runs
# hbstat on each several times pinned to one core and reports the medians: wall and CPU time, rows
# per second, peak RSS. Goals: >= 500,000 rows/s on one core and < 64 MB peak RSS on both.
# Usage: scripts/bench-hbstat.sh [--build DIR] [--runs N] [--out FILE]
#   --build DIR  build directory holding hbstat (default: build; built there if needed)
#   --runs N     timed runs per format (default: 5)
#   --out FILE   also write the report to FILE, which must not exist yet
set -eu

usage() {
	sed -n '2,10s/^# \{0,1\}//p' "$0"
}

build=build
runs=5
out=""
while [ "$#" -gt 0 ]; do
	case "$1" in
	-h | --help) usage; exit 0 ;;
	--build) [ "$#" -ge 2 ] || { echo "bench-hbstat.sh: --build needs a directory" >&2; exit 2; }; build=$2; shift 2 ;;
	--runs) [ "$#" -ge 2 ] || { echo "bench-hbstat.sh: --runs needs a number" >&2; exit 2; }; runs=$2; shift 2 ;;
	--out) [ "$#" -ge 2 ] || { echo "bench-hbstat.sh: --out needs a file" >&2; exit 2; }; out=$2; shift 2 ;;
	*) echo "bench-hbstat.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
	esac
done
case "$runs" in
'' | *[!0-9]* | 0) echo "bench-hbstat.sh: --runs must be a positive whole number, not '$runs'" >&2; exit 2 ;;
esac
if [ -n "$out" ] && [ -e "$out" ]; then
	echo "bench-hbstat.sh: $out exists; refusing to overwrite it" >&2
	exit 2
fi
[ -x /usr/bin/time ] || { echo "bench-hbstat.sh: GNU time (/usr/bin/time) is needed for peak memory" >&2; exit 2; }

cd "$(dirname "$0")/.."
. scripts/lib/common.sh
if [ ! -f "$build/CMakeCache.txt" ]; then
	cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$build" --target hbstat hbstat_bench_gen >/dev/null
hbstat=$build/bin/hbstat
generator=$build/tests/summarise/hbstat_bench_gen

tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-hbstat.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

benchmarks=320
repetitions=1000
rows=$((benchmarks * repetitions))
"$generator" json "$benchmarks" "$repetitions" >"$tmp/run.json"
"$generator" gotext "$benchmarks" "$repetitions" >"$tmp/run.txt"

pin=""
if command -v taskset >/dev/null 2>&1; then
	pin="taskset -c 0"
fi

report() {
	echo "$1"
	if [ -n "$out" ]; then
		echo "$1" >>"$out"
	fi
}

report "hbstat $("$hbstat" --version | cut -d' ' -f2), $(date -u +%Y-%m-%dT%H:%M:%SZ), $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
report "rows: $rows iteration rows ($benchmarks benchmarks x $repetitions repetitions); median of $runs runs${pin:+, pinned with $pin}"
verdict=met
for format in json txt; do
	file=$tmp/run.$format
	bytes=$(wc -c <"$file")
	# Each run becomes a line of Go benchmark text (wall and CPU seconds, peak RSS in KiB, as GNU
	# time measured them), and hbstat takes the medians of the runs.
	: >"$tmp/runs.txt"
	i=0
	while [ "$i" -lt "$runs" ]; do
		# shellcheck disable=SC2086  # $pin is a command prefix, empty or "taskset -c 0"
		$pin /usr/bin/time -f '%e %U %S %M' -o "$tmp/time" "$hbstat" "$file" >"$tmp/stdout"
		awk '{ print "BenchmarkHbstat 1", $1, "wall-sec/op", $2 + $3, "cpu-sec/op", $4, "peak-KiB" }' "$tmp/time" >>"$tmp/runs.txt"
		i=$((i + 1))
	done
	"$hbstat" -format tsv "$tmp/runs.txt" | hb_tsv_columns unit median >"$tmp/medians"
	wall=$(awk -F'\t' '$1 == "wall-sec/op" { print $2 }' "$tmp/medians")
	cpu=$(awk -F'\t' '$1 == "cpu-sec/op" { print $2 }' "$tmp/medians")
	rss=$(awk -F'\t' '$1 == "peak-KiB" { print $2 }' "$tmp/medians")
	line=$(awk -v f="$format" -v b="$bytes" -v r="$rows" -v w="$wall" -v c="$cpu" -v m="$rss" 'BEGIN {
		printf "%-4s %6.1f MB  wall %.2f s  cpu %.2f s  %7.0f rows/s (cpu)  %7.0f rows/s (wall)  %5.1f MB/s  peak RSS %.1f MB",
			f, b / 1e6, w, c, r / c, r / w, b / 1e6 / c, m / 1024 }')
	report "$line"
	if ! awk -v r="$rows" -v c="$cpu" -v m="$rss" 'BEGIN { exit !(r / c >= 500000 && m < 65536) }'; then
		verdict="NOT met"
	fi
done
report "goals (>= 500000 rows/s on one core, peak RSS < 64 MB, both formats): $verdict"
