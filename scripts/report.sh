#!/bin/sh
# report.sh — one self-contained report.html for a results folder (bench.sh run, ab.sh A/B,
# advise.sh advice) or for several runs side by side (one column per machine): provenance, the
# per-need summary, the tables (hbstat -format html: sortable, noisy cells and significant A/B
# changes marked), the gnuplot plots inline, the spread verdicts. No network, no other files.
set -eu

usage() {
  cat <<'EOF_USAGE'
usage: scripts/report.sh [--out FILE] RUN_DIR [RUN_DIR...]

Writes RUN_DIR/report.html: one HTML file with everything inline (styles, plots, a small script
that sorts a table when a column heading is clicked; the page reads the same without it).
RUN_DIR is a folder written by bench.sh (run.json), ab.sh (old-*.json, new-*.json) or advise.sh
(run.json with size:keys rows, advice.html). Several RUN_DIRs (runs from different machines)
make one report with one column per machine (cpu_model, host_name); it goes to --out FILE, by
default results/<UTC timestamp>-machines/report.html. An existing report is never overwritten.
EOF_USAGE
}

die() { echo "report.sh: $*" >&2; exit 2; }

out=""
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --out) [ $# -ge 2 ] || die "--out needs a value"; out=$2; shift 2 ;;
    --) shift; break ;;
    -*) die "unknown option '$1' (try --help)" ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] || die "need a RUN_DIR (try --help)"
dirs=""
for d in "$@"; do
  [ -d "$d" ] || die "$d: no such directory"
  abs=$(cd "$d" && pwd)
  [ -r "$abs/run.json" ] || ls "$abs"/old-*.json >/dev/null 2>&1 || die "$d: neither run.json nor old-*.json (not a results folder)"
  dirs="$dirs $abs"
done
case "$out" in "") ;; /*) ;; *) out="$(pwd)/$out" ;; esac

cd "$(dirname "$0")/.."
. scripts/lib/common.sh
. scripts/lib/advice.sh
[ -x build/bin/hbstat ] && [ -x build/bin/hbsum ] || hb_build hbstat hbsum
set -- $dirs
first=$1
if [ -z "$out" ]; then
  if [ $# -eq 1 ]; then out="$first/report.html"; else out="$(hb_new_run_dir results/ -machines)/report.html"; fi
fi
[ ! -e "$out" ] || die "$out exists (reports are never overwritten)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

esc() { sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g'; }
stat="build/bin/hbstat -confidence 0.9 -noisy 5"

# The folder's kind and its hbstat inputs.
kind=run
inputs=""
test_words="Mann-Whitney U, p &le; 0.05"
if [ $# -gt 1 ]; then
  kind=machines
  for d in "$@"; do inputs="$inputs $d/run.json"; done
elif ls "$first"/old-*.json >/dev/null 2>&1; then
  kind=ab
  # LABEL-ROUND.json, the baseline ("old") first, as ab.sh gives them to hbstat; every label's in
  # the same order of rounds, so that hbstat -sample paired pairs one round's processes.
  for f in "$first"/old-*.json; do inputs="$inputs old=$f"; done
  for f in "$first"/*-[0-9]*.json; do
    label=$(basename "$f" .json)
    label=${label%-*}
    [ "$label" = old ] || inputs="$inputs $label=$f"
  done
  # The statistics ab.sh chose, where it records them.
  if [ -r "$first/settings.txt" ] && build/bin/hbstat -sample paired -h >/dev/null 2>&1; then
    adjust=$(sed -n 's/^adjust: \([a-z]*\);.*/\1/p' "$first/settings.txt")
    alpha=$(sed -n 's/^adjust: [a-z]*; alpha: \([0-9.]*\);.*/\1/p' "$first/settings.txt")
    # A folder from before ab.sh recorded its test used the U test across processes.
    sample=$(sed -n 's/^test: \([a-z]*\) .*/\1/p' "$first/settings.txt")
    sample=${sample:-input}
    stat="$stat -sample $sample${adjust:+ -adjust $adjust}${alpha:+ -alpha $alpha}"
    case "$sample" in
      paired) test_words="Wilcoxon signed-rank over rounds" ;;
      *) test_words="Mann-Whitney U across processes" ;;
    esac
    case "$adjust" in
      ''|none) test_words="$test_words, p &le; ${alpha:-0.05}" ;;
      *) test_words="$test_words, p adjusted ($adjust) &le; ${alpha:-0.05}" ;;
    esac
  fi
elif grep -q '/size:keys' "$first/run.json"; then
  kind=advice
  inputs="run.json=$first/run.json"
else
  inputs="run.json=$first/run.json"
fi
one_json=$(ls "$first"/run.json "$first"/old-*.json 2>/dev/null | head -n 1)

# provenance JSON: the context's "key": value pairs as a definition list.
provenance() {
  echo "<dl class=\"provenance\">"
  sed -n '/^  "context": {/,/^  },*$/p' "$1" |
    sed -n -e 's/^    "\([^"]*\)": "\(.*\)",\{0,1\}$/\1	\2/p' -e 's/^    "\([^"]*\)": \([^"[{][^,]*\),\{0,1\}$/\1	\2/p' |
    sed 's/\\\\/\\/g' | esc |
    awk -F'\t' '{ printf "<div><dt>%s</dt><dd>%s</dd></div>\n", $1, $2 }'
  echo "</dl>"
}

# table TITLE HBSTAT-ARGS...: a heading and hbstat's html tables, or nothing when no rows match.
table() {
  title=$1
  shift
  # shellcheck disable=SC2086  # inputs is a list of files
  if $stat -format html "$@" $inputs >"$tmp/t.html" 2>/dev/null && grep -q '<table' "$tmp/t.html"; then
    echo "<h3>$(echo "$title" | esc)</h3>"
    cat "$tmp/t.html"
  fi
}

{
  title="hashbench report"
  case "$kind" in
    ab) title="hashbench A/B report" ;;
    advice) title="hashbench advice for your keys" ;;
    machines) title="hashbench: $# machines side by side" ;;
  esac
  cat <<EOF_HEAD
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>$title</title>
<style>
$(cat scripts/lib/report.css)
</style>
</head>
<body>
<h1>$title</h1>
<p class="legend">$(echo "$first" | esc)$([ $# -gt 1 ] && echo " and $(($# - 1)) more") &middot; written $(date -u +%Y-%m-%dT%H:%MZ) by scripts/report.sh &middot;
cells are medians &plusmn; the half-width of their 90% confidence interval; <span style="background:#fff4d6">~ noisy</span>: coefficient of variation above 5%;
<span style="background:#dff3df">faster</span> / <span style="background:#fbe0e0">slower</span>: significant change ($test_words). Click a column heading to sort.</p>
<nav><a href="#summary">Per need</a><a href="#tables">Tables</a><a href="#plots">Plots</a><a href="#spread">Spread</a><a href="#provenance">Provenance</a></nav>
EOF_HEAD

  echo "<h2 id=\"summary\">Which hash, per need</h2>"
  if [ "$kind" = machines ] && [ -r "$(dirname "$out")/advice.html" ]; then
    echo "<p>The fleet's pick: it qualifies on every machine; times are its slowest machine's (advise.sh --from).</p>"
    cat "$(dirname "$out")/advice.html"
  elif [ -r "$first/advice.html" ] && [ $# -eq 1 ]; then
    cat "$first/advice.html"
  elif [ "$kind" = ab ]; then
    echo "<p>An A/B comparison answers whether a change made things faster, not which hash to use.</p>"
  else
    echo "<p>No advice in this folder (bench.sh and scripts/advise.sh KEYFILE write one).</p>"
  fi

  echo "<h2 id=\"tables\">Tables</h2>"
  rows="-row /algo,/impl"
  case "$kind" in
    ab)
      # shellcheck disable=SC2086
      table "Old against new (the first column is the baseline)" ;;
    advice)
      # shellcheck disable=SC2086
      table "Time per key, your keys" -rank $rows -table .name,/load -filter '/size:keys .unit:sec/op'
      # shellcheck disable=SC2086
      table "Throughput on your keys" -rank $rows -table .name,/load -filter '/size:keys .unit:B/s -/algo:noop' ;;
    machines)
      # shellcheck disable=SC2086
      table "Time per hash, one column per machine" $rows -col cpu_model,host_name -table .name,/size@num,/load \
        -filter '.unit:sec/op' ;;
    *)
      # shellcheck disable=SC2086
      table "Time per hash" -rank $rows -table /size@num,/load -filter '.name:(throughput OR baseline) .unit:sec/op'
      # shellcheck disable=SC2086
      table "Throughput" -rank $rows -table /size@num,/load -filter '.name:(throughput OR baseline) .unit:B/s -/algo:noop'
      # shellcheck disable=SC2086
      table "Latency (each hash waits for the previous one)" -rank $rows -table /size@num \
        -filter '.name:latency .unit:sec/op'
      # shellcheck disable=SC2086
      table "Stream" -rank $rows -table /io,/chunk@num -filter '.name:stream .unit:B/s'
      # shellcheck disable=SC2086
      table "API paths" -rank -row /algo,/impl,/path -table /size@num -filter '.name:api .unit:sec/op' ;;
  esac

  echo "<h2 id=\"plots\">Plots</h2>"
  found=0
  for svg in "$first"/*.svg; do
    [ -r "$svg" ] || continue
    found=1
    name=$(basename "$svg" .svg)
    echo "<figure>"
    # The SVG's XML declaration and doctype are not allowed inside HTML.
    sed '/^<?xml/d; /^<!DOCTYPE/,/>$/d' "$svg"
    echo "<figcaption>$(echo "$name" | esc) (scripts/plot.sh)</figcaption></figure>"
  done
  [ "$found" = 1 ] || echo "<p>No plots in this folder (scripts/plot.sh RUN_DIR draws them from a run with several sizes).</p>"

  echo "<h2 id=\"spread\">Spread verdicts</h2>"
  if [ -r "$first/spread.json" ]; then
    hb_spread_verdicts "$first/spread.json" >"$tmp/verdicts"
    keysets=$(sed -n 's/^      "spec": "\(.*\)",$/\1/p' "$first/spread.json" | esc | paste -sd, - | sed 's/,/, /g')
    echo "<p>hbspread on: $keysets. Each test's p-value is scaled by the number of tests; warn at 2<sup>-16</sup>, FAIL at 2<sup>-20</sup>.</p>"
    echo "<table class=\"verdicts\"><thead><tr><th>name/impl</th><th class=\"num\">bits</th><th>buckets</th><th>collisions</th><th>low-32 collisions</th><th>avalanche</th><th class=\"num\">colliding pairs (expected)</th></tr></thead><tbody>"
    esc <"$tmp/verdicts" | awk -F'\t' '{
      printf "<tr><td>%s/%s</td><td class=\"num\" data-value=\"%s\">%s</td>", $1, $2, $3, $3
      for (i = 4; i <= 7; i++) printf "<td class=\"verdict-%s\">%s</td>", $i, $i
      printf "<td class=\"num\" data-value=\"%s\">%s (%.3g)</td></tr>\n", $8, $8, $9 }'
    echo "</tbody></table>"
  else
    echo "<p>No spread results in this folder.</p>"
  fi

  echo "<h2 id=\"provenance\">Provenance</h2>"
  if [ "$kind" = ab ] && [ -r "$first/table.txt" ]; then
    echo "<pre>$(sed -n '1,2p' "$first/table.txt" | esc)</pre>"
  fi
  for d in "$@"; do
    j=$(ls "$d"/run.json "$d"/old-*.json 2>/dev/null | head -n 1)
    [ $# -gt 1 ] && echo "<h3>$(echo "$d" | esc)</h3>"
    provenance "$j"
  done

  echo "<script>"
  cat scripts/lib/report.js
  echo "</script>"
  echo "</body>"
  echo "</html>"
} >"$tmp/report.html"
mv "$tmp/report.html" "$out"
echo "report.sh: wrote $out" >&2
