# common.sh — sourced by the scripts in scripts/: the build they share and how they pin a
# benchmark. POSIX sh; expects the caller to be at the top of the repository with set -eu.

# hb_jobs: parallel build jobs (the number of CPUs).
hb_jobs() {
  nproc 2>/dev/null || echo 2
}

# hb_build [TARGET...]: installs what is missing, configures build/ (Release) and builds the
# targets (all when none are named). The build's output is shown only when it fails.
hb_build() {
  scripts/setup.sh
  log=$(mktemp)
  if ! hb_build_quietly "$@" >"$log" 2>&1; then
    cat "$log" >&2
    rm -f "$log"
    echo "${0##*/}: the build failed (output above)" >&2
    exit 1
  fi
  rm -f "$log"
}

hb_build_quietly() {
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release || return 1
  if [ $# -eq 0 ]; then
    cmake --build build -j "$(hb_jobs)"
    return
  fi
  for target in "$@"; do
    cmake --build build -j "$(hb_jobs)" --target "$target" || return 1
  done
}

# hb_run_stat HBSTAT_FLAG... -- RUN_JSON...: hbstat over one run at bench.sh's settings, the
# flags given first: every RUN_JSON labelled run.json (one column, wherever the folder is), 90%
# intervals. Several RUN_JSON are the processes of one replicated run (bench.sh's runs/, in order):
# each is one sample per row (its median: -sample input), so a cell is the median of those with
# its interval from their spread; one RUN_JSON is summarised repetition by repetition.
hb_run_stat() {
  total=$# files=0 after=0
  for arg; do
    if [ "$after" = 1 ]; then files=$((files + 1)); elif [ "$arg" = -- ]; then after=1; fi
  done
  [ "$files" -gt 0 ] || { echo "hb_run_stat: no run after --" >&2; return 2; }
  sample=repetition
  [ "$files" -ge 2 ] && sample=input
  after=0
  for arg; do
    if [ "$after" = 1 ]; then
      set -- "$@" "run.json=$arg"
    elif [ "$arg" = -- ]; then
      after=1
    else
      set -- "$@" "$arg"
    fi
  done
  shift "$total"
  build/bin/hbstat -confidence 0.9 -sample "$sample" "$@"
}

# hb_ranked_stat FORMAT RUN_JSON...: bench.sh's tables in FORMAT (hbstat's text, markdown, tsv...):
# for each size and load, time per hash, then throughput (noop reads nothing, so it has no
# throughput), fastest first; medians ± 90% confidence interval (hb_run_stat); with several
# processes each hash's rank interval and the table's fastest set (-ranks: docs/statistics.md,
# "Rankings"; the baseline rows, floors and ceilings, are shown but not ranked); cells whose
# interval reaches beyond ±5% of the median footnoted; above them,
# hbstat's line on how much the machine varied during the run (the reference row, which the
# tables leave out). One hbstat call, so that the line comes once.
hb_ranked_stat() {
  format=$1
  shift
  ranks=""
  [ $# -ge 2 ] && ranks=-ranks
  # shellcheck disable=SC2086  # ranks is one flag or none
  hb_run_stat -format "$format" $ranks ${ranks:+-ranks-filter -.name:baseline} -uncertain 5 -rank \
    -row /algo,/impl -table /size@num,/load \
    -filter '.name:(throughput OR baseline) -/algo:reference (.unit:sec/op OR (.unit:B/s -/algo:noop))' -- "$@"
}

# hb_ranked_tables FORMAT RUN_JSON...: hb_ranked_stat under a heading that says how to read it.
hb_ranked_tables() {
  format=$1
  shift
  if [ $# -ge 2 ]; then
    echo "Time per hash and throughput at each size: the median of $# processes' medians ± 90% confidence"
    echo "interval, fastest first; rank: where the hash's rank lies at 95%, simultaneously for every hash"
    echo "of its table (the baselines unranked); * the fastest set (every hash that could be the fastest),"
    echo "named under the table"
  else
    echo "Time per hash and throughput at each size: median of the repetitions ± 90% confidence interval,"
    echo "fastest first"
  fi
  echo
  hb_ranked_stat "$format" "$@"
}

# hb_tsv_columns NAME...: the columns called NAME in the header line of the TSV on standard input
# (hbstat -format tsv, hbsum --list --format tsv), tab-separated in the order named, one line per
# record; the header itself is not printed. A name the header lacks is an error.
hb_tsv_columns() {
  awk -F'\t' -v names="$(printf '%s\t' "$@")" '
    NR == 1 {
      n = split(names, want, "\t") - 1
      for (i = 1; i <= NF; i++) col[$i] = i
      for (i = 1; i <= n; i++)
        if (!(want[i] in col)) { printf "hb_tsv_columns: no column \"%s\"\n", want[i] > "/dev/stderr"; exit 2 }
      next
    }
    { line = $col[want[1]]; for (i = 2; i <= n; i++) line = line "\t" $col[want[i]]; print line }'
}

# hb_default_impls: "name impl" of each name's default implementation (the first entry in
# registry order that this CPU runs), the baselines (kind baseline: noop, memread, mulchain) left out.
hb_default_impls() {
  build/bin/hbsum --list --format tsv | hb_tsv_columns name impl kind 'runs here' |
    awk -F'\t' '$4 == "yes, default" && $3 != "baseline" { print $1, $2 }'
}

# hb_medians RUN_JSON ROWS FILTER: one line per row hbstat makes of the rows FILTER selects:
# the row's key values (ROWS, e.g. /algo,/impl,/size), then the median, tab-separated.
hb_medians() {
  # shellcheck disable=SC2046  # ROWS split at its commas: one column name each
  build/bin/hbstat -format tsv -filter "$3" -row "$2" "$1" 2>/dev/null |
    hb_tsv_columns $(echo "$2" | tr ',' ' ') median
}

# hb_runner [--aslr]: the command prefix that pins a benchmark to the last CPU (the first tends to
# take the interrupts) and turns address-space randomisation off (unless --aslr), as far as this
# machine allows.
hb_runner() {
  runner=""
  last_cpu=$(( $(hb_jobs) - 1 ))
  if command -v taskset >/dev/null 2>&1 && taskset -c "$last_cpu" true 2>/dev/null; then
    runner="taskset -c $last_cpu"
  fi
  if [ "${1:-}" != --aslr ] && command -v setarch >/dev/null 2>&1 && setarch "$(uname -m)" -R true 2>/dev/null; then
    runner="${runner:+$runner }setarch $(uname -m) -R"
  fi
  echo "$runner"
}

# hb_new_run_dir PREFIX [SUFFIX]: creates the folder PREFIX<UTC timestamp>SUFFIX (its parents
# too) and prints it; never reuses a folder, so no result is ever overwritten. mkdir itself is
# the test (a test then a mkdir would let two runs started in the same second take one folder):
# when the name is taken, PREFIX<timestamp>-2SUFFIX, -3 and so on are tried.
hb_new_run_dir() {
  mkdir -p "$(dirname "$1x")"
  stamp=$1$(date -u +%Y%m%dT%H%M%SZ)
  dir=$stamp${2:-}
  attempt=1
  until mkdir "$dir" 2>/dev/null; do
    if [ ! -e "$dir" ] || [ "$attempt" -ge 1000 ]; then
      mkdir "$dir" # again, for its own message
      return 1
    fi
    attempt=$((attempt + 1))
    dir=$stamp-$attempt${2:-}
  done
  echo "$dir"
}

# hb_results_dir OUT PREFIX [SUFFIX]: the results folder a script writes, created and printed:
# OUT when the caller named one (--out; it must not exist yet, its parents are made), else a new
# PREFIX<UTC timestamp>SUFFIX (hb_new_run_dir). A script that hands a folder to another is told
# the folder by --out; nothing reads a script's messages to find it.
hb_results_dir() {
  if [ -z "$1" ]; then
    hb_new_run_dir "$2" "${3:-}"
    return
  fi
  if [ -e "$1" ] || [ -L "$1" ]; then
    echo "${0##*/}: --out: $1 exists (results are never overwritten)" >&2
    return 1
  fi
  mkdir -p "$(dirname "$1")" && mkdir "$1" && (cd "$1" && pwd)
}
