#!/bin/sh
# report.sh — one self-contained report.html for a results folder (bench.sh run, ab.sh A/B,
# advise.sh advice) or for several runs side by side (one column per machine): hbreport writes it
# (report/: provenance, the per-need summary, hbstat's tables, the plots inline, the spread
# verdicts); this script builds hbreport when needed and picks where a fleet's page goes.
set -eu

usage() {
  cat <<'EOF_USAGE'
usage: scripts/report.sh [--out FILE] RUN_DIR [RUN_DIR...]
       scripts/report.sh --history [--out FILE] RUN...

Writes RUN_DIR/report.html: one HTML file with everything inline (styles, plots, a small script
that sorts a table when a column heading is clicked; the page reads the same without it).
RUN_DIR is a folder written by bench.sh (run.json), ab.sh (old-*.json, new-*.json, manifest.tsv)
or advise.sh (run.json with size:keys rows, advice.html). Several RUN_DIRs (runs from different
machines) make one report with one column per machine (cpu_model, host_name); it goes to --out
FILE, by default results/<UTC timestamp>-machines/report.html. An existing report is never
overwritten. build/bin/hbreport --help says what the page holds.

--history: RUN... (run folders or run.json files, also gzipped, in commit order: a CI job's kept
runs) are one history; the page shows where each row's speed changed (hbstat -history, see
docs/history.md) and a plot per series that changed, with its change points marked. It goes to
--out FILE, by default results/<UTC timestamp>-history/report.html.
EOF_USAGE
}

die() { echo "report.sh: $*" >&2; exit 2; }

out=""
history=""
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --history) history=1; shift ;;
    --out) [ $# -ge 2 ] || die "--out needs a value"; out=$2; shift 2 ;;
    --) shift; break ;;
    -*) die "unknown option '$1' (try --help)" ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] || die "need a RUN_DIR (try --help)"
# Each folder, made absolute before the cd below: shifted off the front, put back at the end.
for d in "$@"; do
  shift
  if [ -d "$d" ]; then
    set -- "$@" "$(cd "$d" && pwd)"
  elif [ -n "$history" ] && [ -f "$d" ]; then
    set -- "$@" "$(cd "$(dirname "$d")" && pwd)/$(basename "$d")"
  else
    die "$d: no such directory"
  fi
done
case "$out" in "") ;; /*) ;; *) out="$(pwd)/$out" ;; esac

cd "$(dirname "$0")/.."
. scripts/lib/common.sh
[ -x build/bin/hbreport ] || hb_build hbreport
fleet=""
if [ -z "$out" ] && { [ $# -gt 1 ] || [ -n "$history" ]; }; then
  suffix=-machines
  [ -z "$history" ] || suffix=-history
  fleet=$(hb_new_run_dir results/ "$suffix")
  out="$fleet/report.html"
fi
if ! build/bin/hbreport ${history:+--history} ${out:+--out "$out"} "$@"; then
  [ -z "$fleet" ] || rmdir "$fleet" 2>/dev/null || true
  exit 2
fi
echo "report.sh: wrote ${out:-$1/report.html}" >&2
