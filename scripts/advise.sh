#!/bin/sh
# advise.sh — which hash for these keys, on this machine: hashbench on the user's keys (time per
# key in cache and from DRAM, independent calls and the dependent chain), hashbench's real tables
# on the same keys (the entries the table needs consider, which hbadvise names), hbspread on the
# same keys with its structure battery, then hbadvise's rules (docs/advice.md) and
# scripts/report.sh. Orchestration only: every value it needs a tool prints.
set -eu

usage() {
  cat <<'EOF_USAGE'
usage: scripts/advise.sh KEYFILE [--need NEED|all] [--buckets N] [--keys-format lines|nul|fixed:N]
                         [--record-size BYTES] [--volume N] [--shards N] [--quick] [--out DIR]
       scripts/advise.sh --from ADVICE_DIR... [--need NEED|all] [--out DIR]

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
Entries left out are listed with the reason. About 1-3 minutes for 200,000 keys (--quick: a
first look, one repetition, no intervals).

  KEYFILE              one key per line (--keys-format: nul, or fixed:N for binary keys)
  --buckets N          your table's bucket count for the spread test (default: the distinct
                       keys rounded up to a power of two)
  --record-size BYTES  checksum: the record a check covers (default: your keys' median length)
  --volume N           checksum: corrupted records a year that reach the check (at most the
                       records you write a year); a width too few for it is listed last
  --shards N           shard: the shard count to spread your keys over (default: the shard
                       need's, above)
  --out DIR            results folder (default results/<UTC timestamp>-advise)
  --from DIR...        no measuring: advice folders from several machines (each written by
                       advise.sh on that machine, same keys), one column per machine, and one
                       pick for the whole fleet: the entry that qualifies on every machine with
                       the least time on its slowest machine

Output in the results folder: advice.txt (what is printed), advice.json (every figure and
reason), advice.html (the fragment with a plot per need that report.html shows), run.json
(hashbench), record.json (the checksum candidates at --record-size, when given), bulk.json
(the crypto candidates at 64 KiB), tables.json (hashbench --suite hashtable), spread.json (hbspread --battery),
shards.json (hbspread over the shard count), password-cost.txt (hbadvise --time-password),
report.html (scripts/report.sh).
A key file larger than 4194304 keys or 128 MiB of keys is streamed and a fixed-seed sample is
used (said in the output). Exit status: 0 done, 2 bad arguments or an unreadable key file.
EOF_USAGE
}

die() { echo "advise.sh: $*" >&2; exit 2; }

keyfile="" need=all buckets="" format=lines quick="" out="" from="" dirs="" record_size="" volume="" shards=""
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
    --quick) quick=--quick; shift ;;
    --from) from=1; shift ;;
    -*) die "unknown argument '$1' (try --help)" ;;
    *) if [ -n "$from" ]; then
         [ -r "$1/run.json" ] && [ -r "$1/spread.json" ] || die "--from: '$1' is not an advice folder (no run.json and spread.json)"
         dirs="$dirs $(cd "$1" && pwd)"; shift; continue
       fi
       [ -z "$keyfile" ] || die "one key file only ('$keyfile', then '$1')"; keyfile=$1; shift ;;
  esac
done
case "$buckets" in "") ;; *[!0-9]*|0|1) die "--buckets: '$buckets' is not a bucket count of at least 2" ;; esac
case "$shards" in "") ;; *[!0-9]*|0|1) die "--shards: '$shards' is not a shard count of at least 2" ;; esac
case "$record_size" in "") ;; *[!0-9]*|0*) die "--record-size: '$record_size' is not a size in bytes of at least 1" ;; esac
case "$volume" in "") ;; *[!0-9]*|0*) die "--volume: '$volume' is not a whole number of records of at least 1" ;; esac
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
[ "$need" = all ] || build/bin/hbadvise --list-needs | grep -qx -- "$need" ||
  die "--need: unknown need '$need' ($(build/bin/hbadvise --list-needs | paste -sd, - | sed 's/,/, /g'), all)"

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
echo "advise.sh: timing every hash on the keys${runner:+ (via '$runner')}" >&2
status=0
# shellcheck disable=SC2086  # runner is a command prefix; quick is one flag or none
$runner build/bin/hashbench --progress --suite throughput,latency,baseline --keys "$keyfile" --keys-format "$format" --size keys $quick \
  --benchmark_out="$dir/run.json" --benchmark_out_format=json >"$dir/console.txt" 2>"$tmp/err" || status=$?
if [ "$status" != 0 ]; then
  grep -v '^hashbench: [0-9]' "$tmp/err" >&2 || true
  # hashbench's exit status 2 is bad input, here the caller's key file or format: exit 2 as it did
  [ "$status" = 2 ] && exit 2
  echo "advise.sh: hashbench failed; see $dir/console.txt" >&2
  exit 1
fi
grep '^hashbench: [0-9]' "$tmp/err" | tail -n 1 >&2 || true

# The real tables on the keys: hits, misses and inserts in absl::flat_hash_map, uthash and open
# addressing, for the entries the table needs rank (hbadvise --table-entries: of each algorithm of
# at most 64 output bits, its default implementation, so that one run stays within the time
# docs/advice.md states); only the file's keys (--size keys), 5 repetitions of at least 10 ms
# each for 90% intervals (--quick: 1).
if build/bin/hashbench --suite hashtable --list >/dev/null 2>&1; then
  entries=$(build/bin/hbadvise --table-entries)
  echo "advise.sh: lookups in real tables on the keys (absl, uthash, open addressing)" >&2
  table_runs="--benchmark_repetitions=5 --benchmark_min_time=0.01"
  [ -z "$quick" ] || table_runs="--benchmark_repetitions=1 --benchmark_min_time=0.01"
  # shellcheck disable=SC2086  # runner is a command prefix; table_runs is a list of flags
  if ! $runner build/bin/hashbench --suite hashtable --size keys --keys "$keyfile" --keys-format "$format" --algo "$entries" \
       $table_runs --benchmark_enable_random_interleaving=false --no-progress \
       --benchmark_out="$dir/tables.json" --benchmark_out_format=json >"$dir/tables-console.txt" 2>"$tmp/err"; then
    cat "$tmp/err" >&2
    echo "advise.sh: hashbench --suite hashtable failed; see $dir/tables-console.txt" >&2
    exit 1
  fi
else
  echo "advise.sh: this hashbench has no hashtable suite: the table needs rank by chain latency, which the advice says" >&2
fi
# sized RUN SIZE NEED: hashbench times NEED's candidates (hbadvise names them) at SIZE bytes, in
# cache, into RUN.json: the rows hbadvise ranks that need on besides the keys' own.
sized() {
  echo "advise.sh: timing the $3 candidates at $2 bytes" >&2
  # shellcheck disable=SC2086  # runner is a command prefix; quick is one flag or none
  $runner build/bin/hashbench --suite throughput --load cpu --size "$2" --algo "$(build/bin/hbadvise --candidates "$3")" \
    $quick --benchmark_out="$dir/$1.json" --benchmark_out_format=json >"$dir/$1.txt" 2>"$tmp/$1.err" ||
    { grep -v '^hashbench: [0-9]' "$tmp/$1.err" >&2 || true; echo "advise.sh: hashbench failed; see $dir/$1.txt" >&2; exit 1; }
}
if [ -n "$record_size" ]; then
  case "$need" in all|checksum) sized record "$record_size" checksum ;; esac
fi
case "$need" in all|crypto) sized bulk 65536 crypto ;; esac

[ -n "$buckets" ] || buckets=$(build/bin/hbadvise --default-buckets "$dir")
echo "advise.sh: spread of the same keys over $buckets buckets and the structure battery (hbspread, every core)" >&2
avalanche=10000
[ -z "$quick" ] || avalanche=2000
build/bin/hbspread --keys "file:$keyfile" --keys-format "$format" --buckets "$buckets" --avalanche-keys "$avalanche" \
  --battery --format json >"$dir/spread.json" 2>"$tmp/spread.err" || { cat "$tmp/spread.err" >&2; exit 1; }

case "$need" in all|shard)
  echo "advise.sh: spread of the same keys over $shards shards (hbspread)" >&2
  build/bin/hbspread --keys "file:$keyfile" --keys-format "$format" --buckets "$shards" --avalanche-keys 0 \
    --format json >"$dir/shards.json" 2>"$tmp/shards.err" || { cat "$tmp/shards.err" >&2; exit 1; } ;;
esac
case "$need" in all|password)
  echo "advise.sh: what one Argon2id login costs here (hbadvise --time-password)" >&2
  build/bin/hbadvise --time-password >"$dir/password-cost.txt" ;;
esac

advice "$dir"
scripts/report.sh "$dir" 2>"$tmp/report.err" || { cat "$tmp/report.err" >&2; echo "advise.sh: report.html not written" >&2; }
cat "$dir/advice.txt"
echo "advise.sh: $(($(date +%s) - start)) s; results in $dir (advice.txt, advice.json, report.html, run.json, tables.json, spread.json)" >&2
