#!/bin/sh
# report_browser.sh SOURCE_DIR HASHBENCH [SCREENSHOT_DIR [ADVICE_ROWS]] — the reports in a real
# browser: three reports (a run, an A/B, an advice on keys) written by scripts/report.sh from small
# runs are loaded in headless Chromium; the DOM after the page's script ran has every table and
# plot, the numbers equal hbstat's text output for the same rows, a #sort link sorts the first table
# up and down, and the console stays silent; the legend names a significance test only where
# columns are compared (the A/B); the advice has a plot per need with one marker per qualifying
# entry, the pick marked, and the figures of advice.json (read back by ADVICE_ROWS, default
# build/tests/advise/advice_rows). Saves a laptop-sized screenshot of each report in
# SCREENSHOT_DIR (default: the current directory). Exit 77 (skipped) without Chromium.
set -eu
src=$1 hashbench=$2 shots=${3:-$(pwd)} rows=${4:-$1/build/tests/advise/advice_rows}
browser=""
for b in chromium chromium-browser google-chrome; do
  command -v "$b" >/dev/null 2>&1 && { browser=$b; break; }
done
if [ -z "$browser" ]; then
  echo "report_browser: SKIPPED: no chromium found (scripts/setup.sh installs the chromium package)"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
mkdir -p "$shots"
hbstat="$src/build/bin/hbstat"
[ -x "$hbstat" ] || { echo "FAIL: $hbstat not built" >&2; exit 1; }
[ -x "$rows" ] || { echo "FAIL: $rows not built" >&2; exit 1; }

# chrome URL OUT: the DOM after scripts ran in OUT, console and log lines in OUT.log.
chrome() {
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$tmp/profile" \
    --enable-logging=stderr --v=0 --dump-dom "$1" >"$2" 2>"$2.log" || fail "$browser --dump-dom $1 exited $?"
  if grep -q 'CONSOLE' "$2.log"; then fail "console output on $1: $(grep CONSOLE "$2.log" | head -n 3)"; fi
}

# cells FILE: every median's text (the token before " ±") of hbstat's text output, sorted.
text_centers() { grep -v 'uncertain: interval beyond' "$1" | grep -o '[^ ]* ±' | sed 's/ ±$//' | LC_ALL=C sort; }
dom_centers() { grep -o '<span class="center">[^<]*</span>' "$1" | sed 's/<[^>]*>//g' | LC_ALL=C sort; }

# column_values DOM N C: the data-value of column C in the rows of the N-th table (from 0).
column_values() {
  awk -v want="$2" -v col="$3" '
    { page = page $0 "\n" }
    END {
      n = split(page, tables, "<table")
      t = tables[want + 2]
      sub(/<\/table>.*/, "", t)
      sub(/.*<tbody>/, "", t); sub(/<\/tbody>.*/, "", t)
      rows = split(t, row, "<tr")
      for (r = 2; r <= rows; r++) {
        cells = split(row[r], cell, "<t[hd][ >]")
        c = cell[col + 2]
        if (match(c, /data-value="[^"]*"/)) print substr(c, RSTART + 12, RLENGTH - 13)
      }
    }' "$1"
}

# want NAME HBSTAT-ARGS...: appends hbstat's text output for one of the page's tables to the
# numbers the page NAME must show.
want() {
  name=$1
  shift
  "$hbstat" "$@" >>"$tmp/$name.txt" 2>/dev/null || fail "$name: hbstat $* exited $?"
}

# check_report NAME DIR COLUMN: every test on DIR/report.html; its medians must be the ones in
# $tmp/NAME.txt (want).
check_report() {
  name=$1 dir=$2 col=$3
  html="$dir/report.html"
  [ -s "$html" ] || { fail "$name: no report.html"; return; }
  grep -q 'https\?://' "$html" && grep -o '\(src\|href\)="https\?://[^"]*"' "$html" | head -n 1 | grep -q . &&
    fail "$name: a network reference in the page"
  chrome "file://$html" "$tmp/$name.dom"
  dom="$tmp/$name.dom"
  # every table hbstat made and every plot in the folder
  want_tables=$(grep -c '<table class="hbstat"' "$html" || true)
  got_tables=$(grep -o '<table class="hbstat"' "$dom" | wc -l)
  [ "$got_tables" -ge 1 ] && [ "$got_tables" = "$want_tables" ] || fail "$name: $got_tables hbstat tables in the DOM, $want_tables in the page"
  svgs=$(ls "$dir"/*.svg 2>/dev/null | wc -l)
  [ "$(grep -o '<svg' "$dom" | wc -l)" -ge "$svgs" ] || fail "$name: fewer inline plots than the $svgs SVG files"
  # the numbers, against hbstat's text output for the same rows
  text_centers "$tmp/$name.txt" >"$tmp/$name.want"
  dom_centers "$dom" >"$tmp/$name.got"
  [ -s "$tmp/$name.want" ] || fail "$name: hbstat printed no numbers"
  cmp -s "$tmp/$name.want" "$tmp/$name.got" ||
    fail "$name: the page's medians differ from hbstat's text: $(diff "$tmp/$name.want" "$tmp/$name.got" | head -n 4 | tr '\n' ' ')"
  # sorting: the first table by column col, up then down
  chrome "file://$html#sort=0.$col" "$tmp/$name.up"
  column_values "$tmp/$name.up" 0 "$col" >"$tmp/$name.upv"
  [ "$(wc -l <"$tmp/$name.upv")" -ge 2 ] || fail "$name: fewer than 2 sortable rows in the first table"
  LC_ALL=C sort -g "$tmp/$name.upv" | cmp -s - "$tmp/$name.upv" || fail "$name: #sort=0.$col is not ascending"
  chrome "file://$html#sort=0.$col.desc" "$tmp/$name.down"
  column_values "$tmp/$name.down" 0 "$col" >"$tmp/$name.downv"
  LC_ALL=C sort -gr "$tmp/$name.downv" | cmp -s - "$tmp/$name.downv" || fail "$name: #sort=0.$col.desc is not descending"
  grep -q 'aria-sort="descending"' "$tmp/$name.down" || fail "$name: the sorted heading is not marked"
  cmp -s "$tmp/$name.upv" "$tmp/$name.downv" && fail "$name: sorting up and down gave the same order"
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$tmp/profile" \
    --hide-scrollbars --window-size=1366,2000 --screenshot="$shots/report-$name.png" "file://$html" \
    >/dev/null 2>&1 || fail "$name: screenshot failed"
  [ -s "$shots/report-$name.png" ] || fail "$name: empty screenshot"
}

small="--benchmark_min_time=0.005 --benchmark_repetitions=3 --benchmark_enable_random_interleaving=false"
# 1. a run: two hashes, the baselines, two sizes; its plots and a small spread. The known-cost row
# (baseline mulchain, alone at size 8) is left out so that the first table has rows to sort.
mkdir "$tmp/run"
# shellcheck disable=SC2086
"$hashbench" --suite throughput,latency,baseline --algo xxh3-64/inline,fnv1a-64,noop,memread --size 16,1024 \
  --load cpu $small --no-progress --benchmark_filter=-mulchain --benchmark_out="$tmp/run/run.json" --benchmark_out_format=json >/dev/null 2>&1 ||
  fail "hashbench (run) failed"
"$src/build/bin/hbspread" --n 4096 --avalanche-keys 200 --algo xxh3-64,fnv1a-64,adler32 --format json \
  >"$tmp/run/spread.json" 2>/dev/null || fail "hbspread failed"
if command -v gnuplot >/dev/null 2>&1; then
  "$src/scripts/plot.sh" "$tmp/run" >/dev/null 2>&1 || fail "plot.sh failed"
else
  echo "report_browser: no gnuplot, so the run report has no plots to check"
fi
"$src/scripts/report.sh" "$tmp/run" 2>/dev/null || fail "report.sh (run) failed"
stat="-confidence 0.9 -uncertain 5 -rank -row /algo,/impl"
# shellcheck disable=SC2086
want run $stat -table /size@num,/load -filter '.name:(throughput OR baseline) .unit:sec/op' "$tmp/run/run.json"
# shellcheck disable=SC2086
want run $stat -table /size@num,/load -filter '.name:(throughput OR baseline) .unit:B/s -/algo:noop' "$tmp/run/run.json"
# shellcheck disable=SC2086
want run $stat -table /size@num -filter '.name:latency .unit:sec/op' "$tmp/run/run.json"
check_report run "$tmp/run" 1
grep -q 'significant change' "$tmp/run.dom" && fail "run: the legend explains a test, but nothing is compared"

# 2. an A/B folder as ab.sh leaves it: old and new runs of the same binary (an A/A), and a
# manifest that names it an A/B (without the statistics: the page compares with hbstat's defaults).
mkdir "$tmp/ab"
printf 'kind\tab\n' >"$tmp/ab/manifest.tsv"
for side in old new old new; do
  n=$(ls "$tmp/ab" | grep -c "^$side-" || true)
  # shellcheck disable=SC2086
  "$hashbench" --suite throughput --algo fnv1a-64,xxh3-64/inline --size 16,256 --load cpu $small --no-progress \
    --benchmark_out="$tmp/ab/$side-$((n + 1)).json" --benchmark_out_format=json >/dev/null 2>&1 || fail "hashbench (ab) failed"
done
"$src/scripts/report.sh" "$tmp/ab" 2>/dev/null || fail "report.sh (ab) failed"
want ab -confidence 0.9 -uncertain 5 \
  "old=$tmp/ab/old-1.json" "old=$tmp/ab/old-2.json" "new=$tmp/ab/new-1.json" "new=$tmp/ab/new-2.json"
check_report ab "$tmp/ab" 1
grep -q 'significant change (Mann-Whitney U' "$tmp/ab.dom" || fail "ab: the legend does not name the test"

# 3. an advice on 400 keys (advise.sh --quick).
awk 'BEGIN { for (i = 0; i < 400; i++) printf "user:%d@example.org\n", i * 7919 }' >"$tmp/keys.txt"
"$src/scripts/advise.sh" "$tmp/keys.txt" --quick --out "$tmp/advice" >/dev/null 2>"$tmp/advise.err" ||
  fail "advise.sh failed: $(tail -n 3 "$tmp/advise.err")"
# shellcheck disable=SC2086
want advice $stat -table .name,/load -filter '/size:keys .unit:sec/op' "$tmp/advice/run.json"
# shellcheck disable=SC2086
want advice $stat -table .name,/load -filter '/size:keys .unit:B/s -/algo:noop' "$tmp/advice/run.json"
check_report advice "$tmp/advice" 3
grep -q '<p class="recommend">Use <b>' "$tmp/advice.dom" || fail "advice: no recommendation in the page"
grep -q 'Mann-Whitney' "$tmp/advice.dom" && fail "advice: the page explains a test, but nothing is compared"
# The plot of each need, in the DOM: one marker per qualifying entry, the pick marked once and first
# in advice.json, each marker's figures those of advice.json.
"$rows" "$tmp/advice/advice.json" >"$tmp/advice.rows" || fail "advice: advice.json does not read back"
plotted=0
for need in $(awk -F'\t' '$1 == "pick" && $3 != "-" { print $2 }' "$tmp/advice.rows"); do
  awk -v need="$need" 'index($0, "data-need=\"" need "\"") && /<svg/ { on = 1 } on { print } on && /<\/svg>/ { exit }' \
    "$tmp/advice.dom" | grep -o '<g class="entry[^"]*" [^>]*>' >"$tmp/plot.$need" || true
  [ -s "$tmp/plot.$need" ] || { fail "advice: no plot for $need"; continue; }
  plotted=$((plotted + 1))
  sed 's/.*data-entry="\([^"]*\)" data-rank="\([^"]*\)" data-ns-per-key="\([^"]*\)" data-latency-ns-per-key="\([^"]*\)".*/\2 \1 \3 \4/' \
    "$tmp/plot.$need" | LC_ALL=C sort >"$tmp/plot.$need.got"
  awk -F'\t' -v n="$need" '$1 == "ranked" && $2 == n { print $3, $4, $9, $10 }' "$tmp/advice.rows" | LC_ALL=C sort \
    >"$tmp/plot.$need.want"
  cmp -s "$tmp/plot.$need.want" "$tmp/plot.$need.got" ||
    fail "advice: $need's plot differs from advice.json: $(diff "$tmp/plot.$need.want" "$tmp/plot.$need.got" | head -n 3 | tr '\n' ' ')"
  pick=$(awk -F'\t' -v n="$need" '$1 == "pick" && $2 == n { print $3 }' "$tmp/advice.rows")
  [ "$(grep -c 'class="entry pick"' "$tmp/plot.$need")" = 1 ] &&
    grep -q "class=\"entry pick\" data-entry=\"$pick\" data-rank=\"1\"" "$tmp/plot.$need" ||
    fail "advice: $need's plot does not mark its pick, $pick, once"
done
[ "$plotted" -ge 4 ] || fail "advice: $plotted plots, want one per need with a pick"

[ "$failures" -eq 0 ] || { echo "report_browser: $failures failure(s)" >&2; exit 1; }
echo "report_browser: all checks passed; screenshots in $shots (report-run.png, report-ab.png, report-advice.png)"
