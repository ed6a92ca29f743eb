#!/bin/sh
# advise.sh — which hash for these keys, on this machine: hashbench on the user's keys (time per
# key in cache and from DRAM, independent calls and the dependent chain), hashbench's real tables
# on the same keys (the entries the table needs consider, which hbadvise names), each as several
# processes (scripts/lib/replicate.sh) raced by hbadvise --contenders; hbspread on the same keys
# with its structure battery, then hbadvise's rules (docs/advice.md) and scripts/report.sh.
# Orchestration only: every value it needs a tool prints.
set -eu

usage() {
  cat <<'EOF_USAGE'
usage: scripts/advise.sh KEYFILE [--need NEED|all] [--buckets N] [--keys-format lines|nul|fixed:N]
                         [--record-size BYTES] [--volume N] [--shards N] [--processes N] [--tables LIST]
                         [--quick] [--out DIR]
       scripts/advise.sh --from ADVICE_DIR... [--need NEED|all] [--record-size BYTES] [--out DIR]

Measures every hash on your keys and says which to use, per need (each rule in full in the
output and in docs/advice.md; all: every one, the default):
EOF_USAGE
  # the needs and their numbers as hbadvise's rules hold them
  if [ -x "$(dirname "$0")/../build/bin/hbadvise" ]; then
    "$(dirname "$0")/../build/bin/hbadvise" --describe-needs
  else
    echo "  (build/bin/hbadvise --describe-needs lists them once built)"
  fi
  cat <<'EOF_USAGE'
Entries left out are listed with the reason. Each timing runs as several processes, each with
its own row order, buffer offset and environment (a process is one sample of the program's
layout and the machine's state); a need's entries are ranked by a fastest set at 95% from the
spread between processes, the pick is the set's member the need's tie-break prefers, and the
answer says whether it held in both halves of the processes. The first 3 processes time every
entry, each later one only those still able to be in a fastest set (a race). About 2-4 minutes
for 200,000 keys (--quick: a first look, 3 processes of one short repetition, no halves).

  KEYFILE              one key per line (--keys-format: nul, or fixed:N for binary keys)
  --buckets N          your table's bucket count for the spread test (default: the distinct
                       keys rounded up to a power of two)
  --record-size BYTES  checksum: the record a check covers (default: the checksum need's,
                       above); the candidates are timed at that size, and each CRC's Hamming
                       distance is given at it
  --volume N           checksum: corrupted records a year that reach the check (at most the
                       records you write a year); a width too few for it is listed last
  --shards N           shard: your shard count, tested beside the others (default: the shard
                       need's, above)
  --processes N        processes per timing (default 8, at least 6: two halves of 3)
  --tables LIST        the table designs to measure, comma-separated (hashbench --list-designs
                       names them; default: hbadvise --table-designs, the C++ standard table,
                       Abseil, Boost and GLib's)
  --out DIR            results folder (default results/<UTC timestamp>-advise)
  --from DIR...        no measuring: advice folders (each written by advise.sh, same keys).
                       Folders of one machine (the same host name and CPU model: runs at
                       different times) pool their processes into one; several machines make a
                       fleet, one column per machine, and one pick for the whole fleet: of the
                       entries that qualify on every machine and are in every machine's fastest
                       set (their union when none is), the tie-break's, then the least time on
                       its slowest machine (give the --record-size the folders were measured at)

Output in the results folder: advice.txt (what is printed), advice.json (every figure and
reason), advice.html (the fragment with a plot per need that report.html shows); in runs/, per
process P (1 to N), run-P.json (hashbench on the keys), tables-P.json (hashbench --suite
hashtable), record-P.json (the checksum candidates at the record size), bulk-P.json
(the crypto candidates at 64 KiB), each with its console output in KIND-P.txt; run.json (a
second name of runs/run-1.json); spread.json (hbspread --battery, and over the shard counts and
rendezvous servers), password-cost.txt (hbadvise --time-password), report.html (scripts/report.sh).
A key file larger than 4194304 keys or 128 MiB of keys is streamed and a fixed-seed sample is
used (said in the output). Exit status: 0 done, 2 bad arguments or an unreadable key file.
EOF_USAGE
}

die() { echo "advise.sh: $*" >&2; exit 2; }

keyfile="" need=all buckets="" format=lines quick="" out="" from="" dirs="" record_size="" volume="" shards=""
processes=8 first=3 repetitions=2
designs=""
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --need) [ $# -ge 2 ] || die "--need needs a value"; need=$2; shift 2 ;;
    --buckets) [ $# -ge 2 ] || die "--buckets needs a value"; buckets=$2; shift 2 ;;
    --keys-format) [ $# -ge 2 ] || die "--keys-format needs a value"; format=$2; shift 2 ;;
    --out) [ $# -ge 2 ] || die "--out needs a value"; out=$2; shift 2 ;;
    --record-size) [ $# -ge 2 ] || die "--record-size needs a value"; record_size=$2; shift 2 ;;
    --volume) [ $# -ge 2 ] || die "--volume needs a value"; volume=$2; shift 2 ;;
    --shards) [ $# -ge 2 ] || die "--shards needs a value"; shards=$2; shift 2 ;;
    --processes) [ $# -ge 2 ] || die "--processes needs a value"; processes=$2; shift 2 ;;
    --tables) [ $# -ge 2 ] || die "--tables needs a value"; designs=$2; shift 2 ;;
    --quick) quick=--quick; shift ;;
    --from) from=1; shift ;;
    -*) die "unknown argument '$1' (try --help)" ;;
    *) if [ -n "$from" ]; then
         if [ ! -r "$1/runs/run-1.json" ] && [ -r "$1/run.json" ]; then
           die "--from: '$1' is an advice folder of the old layout (one run.json, from one process): measure again"
         fi
         [ -r "$1/runs/run-1.json" ] && [ -r "$1/spread.json" ] ||
           die "--from: '$1' is not an advice folder (no runs/run-1.json and spread.json)"
         dirs="$dirs $(cd "$1" && pwd)"; shift; continue
       fi
       [ -z "$keyfile" ] || die "one key file only ('$keyfile', then '$1')"; keyfile=$1; shift ;;
  esac
done
case "$buckets" in "") ;; *[!0-9]*|0|1) die "--buckets: '$buckets' is not a bucket count of at least 2" ;; esac
case "$shards" in "") ;; *[!0-9]*|0|1) die "--shards: '$shards' is not a shard count of at least 2" ;; esac
case "$record_size" in "") ;; *[!0-9]*|0*) die "--record-size: '$record_size' is not a size in bytes of at least 1" ;; esac
case "$volume" in "") ;; *[!0-9]*|0*) die "--volume: '$volume' is not a whole number of records of at least 1" ;; esac
case "$processes" in ""|*[!0-9]*|0*|?????*) die "--processes: '$processes' is not a count of processes from 6 to 9999" ;; esac
[ "$processes" -ge 6 ] || die "--processes: '$processes' is not a count of processes from 6 to 9999"
[ -z "$quick" ] || processes=3
if [ -n "$from" ]; then
  [ -n "$dirs" ] || die "--from needs advice folders"
  [ -z "$keyfile" ] || die "--from takes advice folders, not a key file"
else
  [ -n "$keyfile" ] || die "no key file given (try --help)"
  [ -e "$keyfile" ] || die "$keyfile: no such file"
  [ -r "$keyfile" ] || die "$keyfile: not readable"
  [ -f "$keyfile" ] || die "$keyfile: not a regular file"
  [ -s "$keyfile" ] || die "$keyfile: empty key file (no keys)"
  case "$keyfile" in /*) ;; *) keyfile="$(pwd)/$keyfile" ;; esac
fi
case "$out" in ""|/*) ;; *) out="$(pwd)/$out" ;; esac
[ -z "$out" ] || [ ! -e "$out" ] || die "--out: '$out' exists (results are never overwritten)"

cd "$(dirname "$0")/.."
. scripts/lib/common.sh
for tool in hashbench hbspread hbstat hbsum hbadvise; do
  [ -x "build/bin/$tool" ] || { hb_build hashbench hbspread hbstat hbsum hbadvise; break; }
done
[ -n "$shards" ] || shards=$(build/bin/hbadvise --default-shards)
[ -n "$record_size" ] || record_size=$(build/bin/hbadvise --default-record-size)
[ "$need" = all ] || build/bin/hbadvise --list-needs | grep -qx -- "$need" ||
  die "--need: unknown need '$need' ($(build/bin/hbadvise --list-needs | paste -sd, - | sed 's/,/, /g'), all)"
if [ -z "$from" ]; then # --tables: a design hashbench does not know is refused in hashbench's own words
  [ -n "$designs" ] || designs=$(build/bin/hbadvise --table-designs)
  refused=$(build/bin/hashbench --suite hashtable --designs "$designs" --list 2>&1 >/dev/null) ||
    { echo "$refused" >&2; exit 2; }
fi

if [ -n "$out" ]; then
  mkdir -p "$out"
  dir=$out
elif [ -n "$from" ]; then
  dir=$(hb_new_run_dir results/ -advise-fleet)
else
  dir=$(hb_new_run_dir results/ -advise)
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

# advice DIR...: hbadvise's text, JSON and HTML fragment of the folders into $dir, in one run
# (hbadvise renames them into place only when all three are written).
advice() {
  build/bin/hbadvise --need "$need" --shards "$shards" ${record_size:+--record-size "$record_size"} \
    ${volume:+--volume "$volume"} --output "text=$dir/advice.txt" --output "json=$dir/advice.json" \
    --output "html=$dir/advice.html" "$@" || exit 2
}

if [ -n "$from" ]; then
  # shellcheck disable=SC2086  # dirs is a list of absolute folder paths
  set -- $dirs
  advice "$@"
  scripts/report.sh --out "$dir/report.html" "$@" 2>"$tmp/report.err" || cat "$tmp/report.err" >&2
  cat "$dir/advice.txt"
  echo "advise.sh: results in $dir (advice.txt, advice.json, advice.html: the fleet's; report.html)" >&2
  exit 0
fi

start=$(date +%s)
runner=$(hb_runner)
. scripts/lib/replicate.sh
# What each process times, every kind a file per process (docs/advice.md, "The folder"): run-P.json
# (time per key: throughput, latency, baseline), tables-P.json (the real tables, when this hashbench
# has them), record-P.json (the checksum candidates at --record-size), bulk-P.json (the crypto
# candidates at 64 KiB). Each process times every kind, so a busy minute falls on every kind alike.
tables="" chain=""
if build/bin/hashbench --suite hashtable --list >/dev/null 2>&1; then
  case "$need" in all|table|table-untrusted) tables=1 ;; esac
else
  echo "advise.sh: this hashbench has no hashtable suite: the table needs rank by chain latency, which the advice says" >&2
  case "$need" in all|table|table-untrusted) chain=1 ;; esac
fi
record=""
[ -z "$record_size" ] || case "$need" in all|checksum) record=1 ;; esac
bulk=""
case "$need" in all|crypto) bulk=1 ;; esac
# The repetitions inside one process only refine that process's median: few and short. The
# tables: the entries the table needs rank (hbadvise --table-entries: of each algorithm of at most
# 64 output bits, its default implementation), one repetition of at least 10 ms each.
reps="--benchmark_repetitions=$repetitions"
table_reps="--benchmark_repetitions=1 --benchmark_min_time=0.01 --benchmark_enable_random_interleaving=false"
# --quick: a first look, 3 processes of one repetition of 4 ms each
if [ -n "$quick" ]; then
  reps="--benchmark_repetitions=1 --benchmark_min_time=0.004"
  table_reps="--benchmark_repetitions=1 --benchmark_min_time=0.004 --benchmark_enable_random_interleaving=false"
fi
# A racing process times only what ranks: time per key in cache (the chain latency too where the
# table needs rank by it) and the tables' lookups; what is shown and not ranked (the chain latency,
# DRAM, inserts) keeps the first processes' figures.
race_run="--suite throughput,baseline --load cpu" race_tables="--benchmark_filter=-op:insert"
[ -z "$chain" ] || race_run="--suite throughput,latency,baseline --load cpu"
run_all="" tables_all=$(build/bin/hbadvise --table-entries)
record_all=$(build/bin/hbadvise --candidates checksum) bulk_all=$(build/bin/hbadvise --candidates crypto)
contenders_flags="${record_size:+--record-size $record_size}"

# timed KIND ALGOS HASHBENCH_ARGS...: process $k of KIND into $dir/runs/KIND-$k.json (ALGOS empty: every
# entry); hashbench's messages into $tmp/KIND.err, shown when it fails.
timed() {
  t_kind=$1 t_algos=$2
  shift 2
  # shellcheck disable=SC2086  # runner is a command prefix
  $runner build/bin/hashbench --no-progress ${t_algos:+--algo "$t_algos"} "$@" --process "$k" \
    --benchmark_out="$dir/runs/$t_kind-$k.json" --benchmark_out_format=json >"$dir/runs/$t_kind-$k.txt" \
    2>"$tmp/$t_kind.err" || {
    t_status=$?
    cat "$tmp/$t_kind.err" >&2
    return "$t_status"
  }
}

# spread: hbspread on the same keys, once, after process 1 (its key count sets the buckets): the
# spread and the structure battery, the spread over the shard need's counts and rendezvous servers
# (hbadvise names them) in the same run, and one Argon2id login's cost.
spread() {
  [ -n "$buckets" ] || buckets=$(build/bin/hbadvise --default-buckets "$dir")
  avalanche=10000
  [ -z "$quick" ] || avalanche=2000
  set --
  case "$need" in all|shard)
    counts=$(build/bin/hbadvise --shards "$shards" --shard-counts) || return 2
    servers=$(build/bin/hbadvise --rendezvous-servers)
    set -- --shards "$counts" --rendezvous "$servers" ;;
  esac
  echo "advise.sh: spread of the same keys over $buckets buckets${1:+ and over shards}, and the structure battery (hbspread, every core)" >&2
  build/bin/hbspread --keys "file:$keyfile" --keys-format "$format" --buckets "$buckets" --avalanche-keys "$avalanche" \
    "$@" --battery --format json >"$dir/spread.json" 2>"$tmp/spread.err" || { cat "$tmp/spread.err" >&2; return 1; }
  case "$need" in all|password)
    echo "advise.sh: what one Argon2id login costs here (hbadvise --time-password)" >&2
    build/bin/hbadvise --time-password >"$dir/password-cost.txt" ;;
  esac
}

# race ARGS...: process K (hb_replicate's hook; ARGS name run-K.json) of every kind. The first
# $first processes time every entry; each later one only the entries hbadvise --contenders still
# finds able to be in a fastest set of that kind's rows, from the processes before it, at a
# stricter confidence than the advice's (racing: an entry that cannot win stops costing time).
race() {
  k=$HB_REPLICATE_PROCESS
  run_algos=$run_all t_algos=$tables_all r_algos=$record_all b_algos=$bulk_all
  run_rows="--suite throughput,latency,baseline" table_rows=""
  if [ "$k" -gt "$first" ]; then
    run_rows=$race_run table_rows=$race_tables
    # every list before any file of process K is written: hbadvise reads whole processes
    # shellcheck disable=SC2086  # contenders_flags is one flag and its value, or nothing
    run_algos=$(build/bin/hbadvise --contenders run $contenders_flags "$dir")
    # shellcheck disable=SC2086
    [ -z "$tables" ] || t_algos=$(build/bin/hbadvise --contenders tables $contenders_flags "$dir")
    # shellcheck disable=SC2086
    [ -z "$record" ] || r_algos=$(build/bin/hbadvise --contenders record $contenders_flags "$dir")
    # shellcheck disable=SC2086
    [ -z "$bulk" ] || b_algos=$(build/bin/hbadvise --contenders bulk $contenders_flags "$dir")
  fi
  # shellcheck disable=SC2086  # runner is a command prefix; run_rows and reps lists of flags
  $runner build/bin/hashbench --no-progress $run_rows --keys "$keyfile" --keys-format "$format" \
    --size keys $reps ${run_algos:+--algo "$run_algos"} "$@" 2>"$tmp/run.err" || {
    r_status=$?
    grep -v '^hashbench: [0-9]' "$tmp/run.err" >&2 || true
    return "$r_status"
  }
  # shellcheck disable=SC2086  # table_reps, table_rows and reps are lists of flags
  [ -z "$tables" ] || timed tables "$t_algos" --suite hashtable --designs "$designs" --size keys --keys "$keyfile" \
    --keys-format "$format" $table_reps $table_rows
  # shellcheck disable=SC2086
  [ -z "$record" ] || timed record "$r_algos" --suite throughput --load cpu --size "$record_size" $reps
  # shellcheck disable=SC2086
  [ -z "$bulk" ] || timed bulk "$b_algos" --suite throughput --load cpu --size 65536 $reps
  [ "$k" != 1 ] || spread
}

echo "advise.sh: timing every hash on the keys in $processes processes, each with its own row order, buffer offset and environment${runner:+ (via '$runner')}; from process $((first + 1)) only the entries that can still be the fastest" >&2
status=0
mkdir "$dir/runs"
hb_replicate "$processes" "$dir/runs" run race || status=$?
if [ "$status" != 0 ]; then
  # hashbench's exit status 2 is bad input, here the caller's key file or format: exit 2 as it did
  [ "$status" = 2 ] && exit 2
  echo "advise.sh: a process failed; see $dir/runs" >&2
  exit 1
fi
# run.json: a second name of process 1's run, for the tools that read one run (scripts/report.sh)
ln "$dir/runs/run-1.json" "$dir/run.json"

advice "$dir"
scripts/report.sh "$dir" 2>"$tmp/report.err" || { cat "$tmp/report.err" >&2; echo "advise.sh: report.html not written" >&2; }
cat "$dir/advice.txt"
echo "advise.sh: $(($(date +%s) - start)) s; results in $dir (advice.txt, advice.json, report.html, runs/, spread.json)" >&2
