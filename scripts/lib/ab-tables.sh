# ab-tables.sh — sourced by ab.sh and ab-counts.sh: an A/B folder's tables, from one hbstat run
# that writes all three (each cell summarised once), and how the run ends. POSIX sh; expects set -eu
# and the top of the repository as the folder (this checkout's build/bin/hbstat).

# hb_ab_tables DIR HEADER NOTE HBSTAT_FLAGS... -- INPUTS...: DIR/table.txt (HEADER's lines, NOTE,
# a blank line, then hbstat's table), DIR/table.tsv and DIR/table.json, all from one hbstat run
# over the label=path INPUTS (in revision order, each revision's in round order: -sample paired
# pairs the k-th input of every label with the first label's k-th); hbstat's standard error in
# DIR/hbstat.log. Prints table.txt and writes DIR/report.html (scripts/report.sh). Returns
# hbstat's status: 0, 1 for a regression beyond --fail-on-regression, 2 when it could not
# summarise.
hb_ab_tables() {
  tables_dir=$1
  { printf '%s\n' "$2" "$3"; echo; } >"$tables_dir/table.txt"
  shift 3
  tables_status=0
  build/bin/hbstat -format text --output "tsv=$tables_dir/table.tsv" --output "json=$tables_dir/table.json" "$@" \
    >>"$tables_dir/table.txt" 2>"$tables_dir/hbstat.log" || tables_status=$?
  cat "$tables_dir/table.txt"
  scripts/report.sh "$tables_dir" 2>"$tables_dir/report.log" ||
    echo "ab.sh: report.html not written; see $tables_dir/report.log" >&2
  return "$tables_status"
}

# hb_ab_finish DIR STATUS FAIL_PCT: the manifest's gate (off, passed, tripped; failed when hbstat
# could not summarise), hbstat's messages on stderr when the status is not 0, and the exit: 0, or
# 1 for a regression beyond FAIL_PCT (or a failed summary).
hb_ab_finish() {
  gate=off
  [ -z "$3" ] || { [ "$2" -eq 1 ] && gate=tripped || gate=passed; }
  [ "$2" -le 1 ] || gate=failed
  hb_manifest_put "$1/manifest.tsv" gate "$gate"
  if [ "$2" -ne 0 ]; then
    cat "$1/hbstat.log" >&2
    [ "$2" -eq 1 ] && echo "ab.sh: a significant regression beyond $3 %" >&2
    exit 1
  fi
  exit 0
}

# hb_started EPOCH: the time EPOCH as the manifests give it (UTC, ISO 8601).
hb_started() {
  date -u -d "@$1" +%Y-%m-%dT%H:%M:%SZ 2>/dev/null || date -u +%Y-%m-%dT%H:%M:%SZ
}

# hb_ab_header MANIFEST: the revisions as table.txt begins with them, "LABEL: description" a line.
hb_ab_header() {
  for label in $(hb_manifest_get "$1" labels); do
    echo "$label: $(hb_ab_get "$1" "description_$label")"
  done
}

# hb_ab_note MANIFEST: table.txt's line on what a sample is and how the pairs were made.
hb_ab_note() {
  note_reps=$(hb_ab_get "$1" repetitions) note_adjust=$(hb_ab_get "$1" adjust)
  if [ "$(hb_ab_get "$1" sample)" != paired ]; then
    echo "one sample = one process (median of its $note_reps repetitions), unpaired; n = processes; p adjusted: $note_adjust"
  elif [ "$(hb_ab_get "$1" order)" = duet ]; then
    echo "one sample = one process (median of its $note_reps repetitions), paired by round, the two run at once on CPUs $(hb_ab_get "$1" duet_cpus | tr ' ' ',') (sides swapped every round); one pair = two rounds, each side once on each CPU (their mean log ratio); n = pairs of rounds; p adjusted: $note_adjust"
  else
    echo "one sample = one process (median of its $note_reps repetitions), paired by round; n = pairs; p adjusted: $note_adjust"
  fi
}

# hb_ab_pair_flags MANIFEST: hbstat's flags for how the rounds pair beyond -sample: a duet run's
# two consecutive rounds put each side once on each CPU, so they make one pair (-pair-block 2) and
# a CPU that is faster for the whole run cancels within it.
hb_ab_pair_flags() {
  if [ "$(hb_ab_get "$1" sample)" = paired ] && [ "$(hb_ab_get "$1" order)" = duet ]; then
    echo "-pair-block 2"
  fi
}

# hb_ab_get MANIFEST KEY: KEY's value, or "?" when the manifest has none.
hb_ab_get() {
  hb_manifest_get "$1" "$2" || echo '?'
}

# hb_ab_settings MANIFEST: settings.txt's lines, for people (the manifest has them for programs).
hb_ab_settings() {
  echo "revisions: $(hb_ab_get "$1" labels | wc -w); processes per revision: $(hb_ab_get "$1" processes) (+1 warm-up, discarded); repetitions per process: $(hb_ab_get "$1" repetitions)"
  if [ "$(hb_ab_get "$1" order)" = duet ]; then
    echo "one sample: the median of one process's repetitions; order: duet (both revisions at once, one on each of CPUs $(hb_ab_get "$1" duet_cpus | tr ' ' ','), the sides swapping CPUs every round, the start balanced), seed $(hb_ab_get "$1" seed) (order.txt); cgroups: $(hb_ab_get "$1" cgroups)"
  else
    echo "one sample: the median of one process's repetitions; order: balanced (each revision in each place equally often), random, seed $(hb_ab_get "$1" seed) (order.txt)"
  fi
  echo "address-space randomisation: $(hb_ab_get "$1" aslr); runner: $(hb_manifest_get "$1" runner | grep . || echo none)"
  echo "adjust: $(hb_ab_get "$1" adjust); alpha: $(hb_ab_get "$1" alpha); fail-on-regression: $(hb_manifest_get "$1" fail_on_regression | grep . || echo off)"
  echo "test: $(hb_ab_get "$1" sample) (hbstat -sample $(hb_ab_get "$1" sample))"
  echo "hashbench flags: $(hb_ab_get "$1" hashbench_flags)"
}
