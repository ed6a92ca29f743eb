#!/bin/sh
# reference.sh — makes a reference result set like results/reference/: a full benchmark run with
# its provenance, markdown tables, plots, an A/A run of scripts/ab.sh, the filehash table and the
# spread report, flat in one new folder results/<timestamp>-reference/. It never replaces
# results/reference/ itself; it prints the two commands that do.
set -eu

usage() {
  cat <<'EOF'
usage: scripts/reference.sh [--run DIR] [--filehash-size SIZE]

Builds a reference result set in results/<UTC timestamp>-reference/ (about 35 minutes):
  1. scripts/bench.sh --full        (or reuse a finished bench.sh --full run with --run DIR)
  2. provenance.md                  CPU, features, compiler and flags, libraries and linkage, commit
  3. tables.txt, tables.md          bench.sh's ranked tables (text, markdown); latency.md, api.md, stream.md
     headline.md                    per algorithm: 16 B time and chained latency, 64 KiB in cache and DRAM
  4. aa.txt                         scripts/ab.sh HEAD HEAD and the share of rows it flags (A/A)
  5. filehash.md                    scripts/filehash.sh (default SIZE 1G)
  6. spread-words.txt, spread-paths.txt   hbspread on /usr/share/dict/words and on find /usr -type f
     advice-words/, advice-paths/   scripts/advise.sh on the same keys: advice, report.html, report.png
     report-run.png, report-ab.png, report-advice.png   the browser test's reports
  7. fidelity.txt                   scripts/fidelity.sh: against openssl speed and xxhsum -b
  and the plots (scripts/plot.sh).
Then prints how to make it the committed reference (results/reference/).
EOF
}

run="" filehash_size=1G
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --run) [ $# -ge 2 ] || { echo "reference.sh: --run needs a folder" >&2; exit 2; }; run=$2; shift 2 ;;
    --filehash-size) [ $# -ge 2 ] || { echo "reference.sh: --filehash-size needs a size" >&2; exit 2; }
      filehash_size=$2; shift 2 ;;
    *) echo "reference.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
if [ -n "$run" ] && [ ! -r "$run/run.json" ]; then
  echo "reference.sh: $run/run.json: not found" >&2; exit 2
fi

case "$run" in ''|/*) ;; *) run="$(pwd)/$run" ;; esac
cd "$(dirname "$0")/.."
. scripts/lib/common.sh
. scripts/lib/manifest.sh
out=$(hb_new_run_dir results/ -reference)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
# The steps that write a folder of their own are told where (--out); nothing reads their messages.
if [ -z "$run" ]; then
  run=$out-bench
  scripts/bench.sh --full --out "$run" 2>"$tmp/bench.log" >/dev/null ||
    { cat "$tmp/bench.log" >&2; rmdir "$out"; exit 1; }
fi
hb_build hbstat hbab hbsum hashbench hbspread hbreport
cp "$run"/run.json "$run"/summary.json "$run"/gab.json "$run"/spread.txt "$out"/
# A replicated run's processes (bench.sh's runs/): the ranked tables come from all of them.
if [ -d "$run/runs" ]; then
  cp -R "$run/runs" "$out/runs"
  set -- "$out"/runs/run-*.json
else
  set -- "$out/run.json"
fi
scripts/plot.sh "$out" >/dev/null

# Provenance: every context field of the run, as a markdown table.
{
  echo "# Provenance of this reference run"
  echo
  echo "| key | value |"
  echo "|---|---|"
  build/bin/hbstat -context '*' "$out/run.json" | sed 's/|/\\|/g; s/^\([^	]*\)	\(.*\)$/| \1 | \2 |/'
  echo
  echo "The benchmark binary was built from hashbench_version above; this set was assembled at commit"
  echo "$(git rev-parse HEAD) ($(git log -1 --format=%cd --date=short)), which also ran the A/A, filehash and"
  echo "fidelity steps."
} >"$out/provenance.md"

# Markdown tables: ranked, one per size and load (time per hash and throughput).
stat="build/bin/hbstat -confidence 0.9 -noisy 5 -rank -row /algo,/impl"
input="run.json=$out/run.json" # the column label, wherever the folder ends up
hb_ranked_tables text "$@" >"$out/tables.txt" 2>/dev/null
hb_ranked_tables markdown "$@" >"$out/tables.md" 2>/dev/null
$stat -format markdown -filter '.name:latency .unit:sec/op' -table /size@num "$input" >"$out/latency.md" 2>/dev/null
$stat -format markdown -filter '.name:api .unit:(sec/op OR B/op OR allocs/op)' -row /algo,/impl,/path \
  -table /size@num "$input" >"$out/api.md" 2>/dev/null
$stat -format markdown -filter '.name:stream .unit:B/s' -table /io,/chunk@num "$input" >"$out/stream.md" 2>/dev/null
# The headline: one row per algorithm (its default implementation), time per hash at 16 B as
# independent calls and as a dependent chain, throughput at 64 KiB in cache and from DRAM.
medians() {
  hb_medians "$out/run.json" /algo,/impl "$1" | sed "s/^/$2 /"
}
{
  hb_default_impls | sed 's/^/default /'
  medians '.name:throughput /size:16 /load:cpu .unit:sec/op' t16
  medians '.name:latency /size:16 .unit:sec/op' l16
  medians '.name:throughput /size:65536 /load:cpu .unit:B/s' c64
  medians '.name:throughput /size:65536 /load:ram .unit:B/s' r64
} | awk '
  $1 == "default" { order[++n] = $2 " " $3; next }
  { v[$1, $2 " " $3] = $4 }
  END {
    for (i = 1; i <= n; i++) {
      k = order[i]; label = k; sub(/ /, "/", label)
      printf "| `%s` | %.1f | %.1f | %.1f | %.1f |\n", label, v["t16", k] * 1e9, v["l16", k] * 1e9,
             v["c64", k] / 1e9, v["r64", k] / 1e9
    }
  }' | sort -t'|' -k5 -g -r >"$out/headline.rows"
{
  echo "| hash (default implementation) | 16 B, ns per hash | 16 B, ns in a dependent chain | 64 KiB in cache, GB/s | 64 KiB from DRAM, GB/s |"
  echo "|---|--:|--:|--:|--:|"
  cat "$out/headline.rows"
} >"$out/headline.md"
rm -f "$out/headline.rows"

# A/A: the same commit against itself (byte-identical binaries); the share of significant rows
# should be about alpha before adjustment, and the gate should almost never trip after it.
# ab.sh is told where its results folder goes (--out), as the other steps are.
aa_dir=$out-aa/
scripts/ab.sh --out "$out-aa" HEAD HEAD >"$out/aa.txt" 2>"$out/aa.log"
# The A/A's comparisons as ab.sh tabled them (table.tsv), with the level and adjustment its
# manifest.tsv names.
adjust=$(hb_manifest_get "$aa_dir/manifest.tsv" adjust)
alpha=$(hb_manifest_get "$aa_dir/manifest.tsv" alpha)
build/bin/hbab tally aa-share "$alpha" "$adjust" "$aa_dir/table.tsv" >"$out/aa-share.txt"
cat "$out/aa-share.txt" >&2

scripts/filehash.sh -o "$out/filehash.md" "$filehash_size" >/dev/null

# Spread of real keys from outside the project: a dictionary and the paths of a file tree.
build/bin/hbspread --keys file:/usr/share/dict/words >"$out/spread-words.txt" 2>/dev/null
paths=$(mktemp)
find /usr -type f 2>/dev/null | sort >"$paths"
build/bin/hbspread --keys "file:$paths" >"$out/spread-paths.txt" 2>/dev/null
sed -i "s|$paths|find /usr -type f|g" "$out/spread-paths.txt"

# Advice on the same real keys: its text, JSON and report, and a laptop-sized screenshot.
for set in words paths; do
  keys=/usr/share/dict/words
  [ "$set" = words ] || keys=$paths
  scripts/advise.sh "$keys" --out "$out/advice-$set.full" >/dev/null 2>"$out/advice-$set.log"
  mkdir "$out/advice-$set"
  for f in advice.txt advice.json report.html; do
    sed "s|$paths|find /usr -type f|g" "$out/advice-$set.full/$f" >"$out/advice-$set/$f"
  done
  rm -rf "$out/advice-$set.full" "$out/advice-$set.log"
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1366,2000 \
    --screenshot="$out/advice-$set/report.png" "file://$(pwd)/$out/advice-$set/report.html" >/dev/null 2>&1 ||
    echo "reference.sh: no screenshot of advice-$set (chromium failed)" >&2
done
rm -f "$paths"
# The browser test's three reports (a run, an A/B, an advice), as screenshots.
sh tests/scripts/report_browser.sh "$(pwd)" build/bin/hashbench "$out" >/dev/null

# Fidelity: hashbench against openssl speed and xxhsum -b, side by side.
scripts/fidelity.sh --out "$out-fidelity" 2>"$tmp/fidelity.log" >/dev/null || { cat "$tmp/fidelity.log" >&2; exit 1; }
cp "$out-fidelity/summary.txt" "$out/fidelity.txt"
# The fuzzing campaign takes an hour of its own (scripts/fuzz.sh): carried over, not rerun here.
if [ -f results/reference/fuzz.md ]; then
  cp results/reference/fuzz.md "$out/fuzz.md"
fi
echo "reference.sh: reference set in $out" >&2
echo "reference.sh: to make it the committed reference: git rm -rq results/reference && mv $out results/reference" >&2
