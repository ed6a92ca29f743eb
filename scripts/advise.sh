#!/bin/sh
# advise.sh — which hash for these keys, on this machine: hashbench on the user's keys (time per
# key, in cache and from DRAM, independent and dependent calls), hbspread on the same keys, and
# per need a ranked short list with the entries left out and why (rules: scripts/lib/advise.awk).
set -eu

usage() {
  cat <<'EOF_USAGE'
usage: scripts/advise.sh KEYFILE [--need table|checksum|fingerprint|crypto|all] [--buckets N]
                         [--keys-format lines|nul|fixed:N] [--quick] [--out DIR]

Measures every hash on your keys and says which to use, per need:
  table        hash table keys: seeded (HashDoS), even buckets and low-32 bits on your keys
  checksum     catching accidental corruption: at least 32 bits, no excess collisions
  fingerprint  telling keys apart by their hash: enough output bits that 10 x your key count
               expects at most 1e-6 colliding pairs (birthday bound), every spread test passed
  crypto       an adversary chooses the inputs: a cryptographic hash without known collisions
  all          the four (default)
Each list is ranked by the median time per key (your keys, shuffled, in cache); entries left
out are listed with the reason. About 1-3 minutes (--quick: a first look, one repetition).

  KEYFILE              one key per line (--keys-format: nul, or fixed:N for binary keys)
  --buckets N          your table's bucket count for the spread test (default: the key count
                       rounded up to a power of two)
  --out DIR            results folder (default results/<UTC timestamp>-advise)

Output in the results folder: advice.txt (what is printed), advice.json (the same), run.json
(hashbench), spread.json and spread.txt (hbspread), report.html (scripts/report.sh).
A key file larger than 4194304 keys or 128 MiB of keys is streamed and a fixed-seed sample is
used (said in the output). Exit status: 0 done, 2 bad arguments or an unreadable key file.
EOF_USAGE
}

die() { echo "advise.sh: $*" >&2; exit 2; }

keyfile="" need=all buckets="" format=lines quick="" out=""
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --need) [ $# -ge 2 ] || die "--need needs a value"; need=$2; shift 2 ;;
    --buckets) [ $# -ge 2 ] || die "--buckets needs a value"; buckets=$2; shift 2 ;;
    --keys-format) [ $# -ge 2 ] || die "--keys-format needs a value"; format=$2; shift 2 ;;
    --out) [ $# -ge 2 ] || die "--out needs a value"; out=$2; shift 2 ;;
    --quick) quick=--quick; shift ;;
    -*) die "unknown argument '$1' (try --help)" ;;
    *) [ -z "$keyfile" ] || die "one key file only ('$keyfile', then '$1')"; keyfile=$1; shift ;;
  esac
done
[ -n "$keyfile" ] || die "no key file given (try --help)"
case "$need" in table|checksum|fingerprint|crypto|all) ;; *) die "--need: unknown need '$need' (table, checksum, fingerprint, crypto, all)" ;; esac
case "$buckets" in "") ;; *[!0-9]*|0|1) die "--buckets: '$buckets' is not a bucket count of at least 2" ;; esac
[ -e "$keyfile" ] || die "$keyfile: no such file"
[ -r "$keyfile" ] || die "$keyfile: not readable"
[ -f "$keyfile" ] || die "$keyfile: not a regular file"
[ -s "$keyfile" ] || die "$keyfile: empty key file (no keys)"
case "$keyfile" in /*) ;; *) keyfile="$(pwd)/$keyfile" ;; esac

cd "$(dirname "$0")/.."
. scripts/lib/common.sh
. scripts/lib/advice.sh
for tool in hashbench hbspread hbstat hbsum; do
  [ -x "build/bin/$tool" ] || hb_build hashbench hbspread hbstat hbsum
done
if [ -n "$out" ]; then
  [ ! -e "$out" ] || die "--out: '$out' exists (results are never overwritten)"
  mkdir -p "$out"
  dir=$out
else
  dir=$(hb_new_run_dir results/ -advise)
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
start=$(date +%s)
runner=$(hb_runner)

echo "advise.sh: timing every hash on the keys${runner:+ (via '$runner')}" >&2
# shellcheck disable=SC2086  # runner is a command prefix; quick is one flag or none
if ! $runner build/bin/hashbench --progress --keys "$keyfile" --keys-format "$format" --size keys $quick \
     --benchmark_out="$dir/run.json" --benchmark_out_format=json >"$dir/console.txt" 2>"$tmp/err"; then
  grep -v '^hashbench: [0-9]' "$tmp/err" >&2 || true
  # a bad key file is the caller's input: exit 2 as hashbench did
  grep -q '^hashbench: --keys' "$tmp/err" && exit 2
  echo "advise.sh: hashbench failed; see $dir/console.txt" >&2
  exit 1
fi
grep '^hashbench: [0-9]' "$tmp/err" | tail -n 1 >&2 || true

# The facts hashbench recorded about the keys, one "key<TAB>value" per line.
sed -n 's/^    "\(keys_[a-z0-9_]*\)": "\(.*\)",*$/\1	\2/p' "$dir/run.json" | sed 's/\\\\/\\/g' >"$tmp/facts"
used=$(awk -F'\t' '$1 == "keys_used" { print $2 + 0 }' "$tmp/facts")
dups=$(awk -F'\t' '$1 == "keys_duplicates" { print $2 + 0 }' "$tmp/facts")
distinct=$((used - dups))
if [ -z "$buckets" ]; then
  buckets=2
  while [ "$buckets" -lt "$distinct" ] && [ "$buckets" -lt 1073741824 ]; do buckets=$((buckets * 2)); done
fi
{
  echo "need	$need"
  echo "buckets	$buckets"
  echo "keys_distinct	$distinct"
  grep -q 'keys_used	.*sample' "$tmp/facts" && echo "keys_sampled	yes" || echo "keys_sampled	no"
  sed 's/	\([0-9]*\) (.*/	\1/' "$tmp/facts"
} >"$tmp/facts.tsv"

echo "advise.sh: spread of the same keys over $buckets buckets (hbspread, every core)" >&2
avalanche=10000
[ -z "$quick" ] || avalanche=2000
build/bin/hbspread --keys "file:$keyfile" --keys-format "$format" --buckets "$buckets" --avalanche-keys "$avalanche" \
  --format json >"$dir/spread.json" 2>"$tmp/spread.err" || { cat "$tmp/spread.err" >&2; exit 1; }
build/bin/hbspread --keys "file:$keyfile" --keys-format "$format" --buckets "$buckets" --avalanche-keys "$avalanche" \
  >"$dir/spread.txt" 2>/dev/null || true

hb_spread_verdicts "$dir/spread.json" >"$tmp/spread.tsv"
hb_timings "$dir/run.json" '/size:keys' >"$tmp/timings.tsv"
hb_advice "$tmp/facts.tsv" "$tmp/timings.tsv" "$tmp/spread.tsv" "$dir"
scripts/report.sh "$dir" 2>"$tmp/report.err" || { cat "$tmp/report.err" >&2; echo "advise.sh: report.html not written" >&2; }
cat "$dir/advice.txt"
echo
echo "advise.sh: $(($(date +%s) - start)) s; results in $dir (advice.txt, advice.json, report.html, run.json, spread.json)" >&2
