#!/bin/sh
# plot_e2e.sh SOURCE_DIR HASHBENCH — property: scripts/plot.sh turns a small hashbench run with
# throughput (cpu and ram) and latency rows into non-empty SVG and PNG files, and refuses a
# folder without run.json with one line and exit 2.
set -eu
src=$1 hashbench=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
fail() { echo "FAIL: $*" >&2; exit 1; }

"$hashbench" --suite throughput,latency,baseline --algo crc32,xxh3-64,memread --size 64,1024 --load cpu,ram \
  --ram-pool 64M --benchmark_min_time=0 --benchmark_repetitions=1 --benchmark_enable_random_interleaving=false \
  --benchmark_out="$tmp/run.json" --benchmark_out_format=json >/dev/null 2>&1 || fail "hashbench failed"
"$src/scripts/plot.sh" "$tmp" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err" >&2; fail "plot.sh exited $?"; }
for plot in throughput latency ram-vs-cache; do
  for ext in svg png; do
    [ -s "$tmp/$plot.$ext" ] || fail "$plot.$ext missing or empty"
  done
  grep -q '<svg' "$tmp/$plot.svg" || fail "$plot.svg is not SVG"
  [ "$(head -c 4 "$tmp/$plot.png" | od -An -c | tr -d ' ')" = "211PNG" ] || fail "$plot.png is not PNG"
done
grep -q 'xxh3-64/inline' "$tmp/throughput.svg" || fail "throughput.svg lacks the xxh3-64/inline line"

mkdir "$tmp/empty"
status=0
"$src/scripts/plot.sh" "$tmp/empty" 2>"$tmp/err" || status=$?
[ "$status" = 2 ] && [ "$(wc -l <"$tmp/err")" = 1 ] || fail "no run.json: exit $status, $(cat "$tmp/err")"
echo "plot_e2e: all checks passed"
