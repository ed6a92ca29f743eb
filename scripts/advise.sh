#!/bin/sh
# advise.sh — which hash for these keys, on this machine: hashbench on the user's keys (time per
# key, in cache and from DRAM, independent and dependent calls), hbspread on the same keys, and
# per need a ranked short list with the entries left out and why (rules: scripts/lib/advise.awk).
set -eu

usage() {
  cat <<'EOF_USAGE'
usage: scripts/advise.sh KEYFILE [--need table|checksum|fingerprint|crypto|all] [--buckets N]
                         [--keys-format lines|nul|fixed:N] [--quick] [--out DIR]
       scripts/advise.sh --from ADVICE_DIR... [--need ...] [--out DIR]

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
  --from DIR...        no measuring: advice folders from several machines (each written by
                       advise.sh on that machine, same keys), one column per machine, and one
                       pick for the whole fleet: the entry that qualifies on every machine with
                       the least time per key on its slowest machine (verdicts: the worst one)

Output in the results folder: advice.txt (what is printed), advice.json (the same), run.json
(hashbench), spread.json (hbspread), report.html (scripts/report.sh).
A key file larger than 4194304 keys or 128 MiB of keys is streamed and a fixed-seed sample is
used (said in the output). Exit status: 0 done, 2 bad arguments or an unreadable key file.
EOF_USAGE
}

die() { echo "advise.sh: $*" >&2; exit 2; }

keyfile="" need=all buckets="" format=lines quick="" out="" from=""
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --need) [ $# -ge 2 ] || die "--need needs a value"; need=$2; shift 2 ;;
    --buckets) [ $# -ge 2 ] || die "--buckets needs a value"; buckets=$2; shift 2 ;;
    --keys-format) [ $# -ge 2 ] || die "--keys-format needs a value"; format=$2; shift 2 ;;
    --out) [ $# -ge 2 ] || die "--out needs a value"; out=$2; shift 2 ;;
    --quick) quick=--quick; shift ;;
    --from) from=1; shift ;;
    -*) die "unknown argument '$1' (try --help)" ;;
    *) if [ -n "$from" ]; then
         [ -r "$1/run.json" ] && [ -r "$1/spread.json" ] || die "--from: '$1' is not an advice folder (no run.json and spread.json)"
         from="$from $(cd "$1" && pwd)"; shift; continue
       fi
       [ -z "$keyfile" ] || die "one key file only ('$keyfile', then '$1')"; keyfile=$1; shift ;;
  esac
done
case "$need" in table|checksum|fingerprint|crypto|all) ;; *) die "--need: unknown need '$need' (table, checksum, fingerprint, crypto, all)" ;; esac
if [ -n "$from" ]; then
  [ "$from" != 1 ] || die "--from needs advice folders"
  [ -z "$keyfile" ] || die "--from takes advice folders, not a key file"
  set -- ${from#1 }
  cd "$(dirname "$0")/.."
  . scripts/lib/common.sh
  . scripts/lib/advice.sh
  [ -x build/bin/hbstat ] && [ -x build/bin/hbsum ] || hb_build hbstat hbsum
  if [ -n "$out" ]; then [ ! -e "$out" ] || die "--out: '$out' exists"; mkdir -p "$out"; dir=$out
  else dir=$(hb_new_run_dir results/ -advise-fleet); fi
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  trap 'exit 130' INT TERM
  i=0
  : >"$tmp/machines"
  for d in "$@"; do
    i=$((i + 1))
    host=$(sed -n 's/^    "host_name": "\(.*\)",*$/\1/p' "$d/run.json" | head -n 1)
    cpu=$(sed -n 's/^    "cpu_model": "\(.*\)",*$/\1/p' "$d/run.json" | head -n 1)
    spread_buckets=$(sed -n 's/^    "buckets": \([0-9]*\),*$/\1/p' "$d/spread.json" | head -n 1)
    printf '%s\t%s (%s)\n' "$i" "$host" "$cpu" >>"$tmp/machines"
    hb_key_facts "$d/run.json" "$need" "$spread_buckets" >"$tmp/facts.$i"
    hb_timings "$d/run.json" '/size:keys' | sed "s/^/$i	/" >>"$tmp/timings.all"
    hb_spread_verdicts "$d/spread.json" | sed "s/^/$i	/" >>"$tmp/spread.all"
    hb_timings "$d/run.json" '/size:keys' >"$tmp/timings.$i"
    hb_spread_verdicts "$d/spread.json" >"$tmp/spread.$i"
    mkdir "$tmp/m$i"
    hb_advice "$tmp/facts.$i" "$tmp/timings.$i" "$tmp/spread.$i" "$tmp/m$i"
  done
  # The fleet: a row on every machine, its slowest median; a verdict, the worst machine's.
  awk -F'\t' -v machines="$i" '{ k = $2 FS $3 FS $4 FS $5; seen[k]++; if (!(k in t) || $6 + 0 > t[k] + 0) { t[k] = $6; lo[k] = $7; hi[k] = $8 } }
    END { for (k in seen) if (seen[k] == machines) printf "%s\t%s\t%s\t%s\n", k, t[k], lo[k], hi[k] }' \
    "$tmp/timings.all" >"$tmp/timings.fleet"
  awk -F'\t' -v machines="$i" 'function worse(a, b) { return a == "FAIL" || b == "FAIL" ? "FAIL" : a == "warn" || b == "warn" ? "warn" : a }
    { k = $2; seen[k]++; if (!(k in v)) { line[k] = $0; for (j = 5; j <= 8; j++) v[k, j] = $j; v[k] = 1 }
      else for (j = 5; j <= 8; j++) v[k, j] = worse(v[k, j], $j) }
    END { for (k in seen) if (seen[k] == machines) { n = split(line[k], f, "\t")
      printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", f[2], f[3], f[4], v[k, 5], v[k, 6], v[k, 7], v[k, 8], f[9], f[10] } }' \
    "$tmp/spread.all" >"$tmp/spread.fleet"
  hb_advice "$tmp/facts.1" "$tmp/timings.fleet" "$tmp/spread.fleet" "$dir"
  {
    echo "One column per machine; fleet: qualifies on every machine, least time per key on its slowest one."
    echo
    awk -F'\t' '{ printf "  %-3s %s\n", "m" $1, $2 }' "$tmp/machines"
    echo
    printf '  %-12s' need
    j=0; while [ "$j" -lt "$i" ]; do j=$((j + 1)); printf ' %-24s' "m$j"; done
    printf ' %s\n' fleet
    for n in table checksum fingerprint crypto; do
      [ "$need" = all ] || [ "$need" = "$n" ] || continue
      printf '  %-12s' "$n"
      j=0
      while [ "$j" -lt "$i" ]; do
        j=$((j + 1))
        printf ' %-24s' "$(awk -v n="$n" '$1 == n && seen { print $2 } /^Recommendation per need:/ { seen = 1 }' "$tmp/m$j/advice.txt")"
      done
      printf ' %s\n' "$(awk -v n="$n" '$1 == n && seen { print $2 } /^Recommendation per need:/ { seen = 1 }' "$dir/advice.txt")"
    done
    echo
    echo "Fleet lists (times: the slowest machine's median per key):"
    cat "$dir/advice.txt"
  } >"$tmp/fleet.txt"
  mv "$tmp/fleet.txt" "$dir/advice.txt"
  scripts/report.sh --out "$dir/report.html" "$@" 2>"$tmp/report.err" || cat "$tmp/report.err" >&2
  cat "$dir/advice.txt"
  echo "advise.sh: results in $dir (advice.txt, advice.json: the fleet's; report.html)" >&2
  exit 0
fi
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

hb_key_facts "$dir/run.json" "$need" "$buckets" >"$tmp/facts.tsv"
buckets=$(awk -F'\t' '$1 == "buckets" { print $2 }' "$tmp/facts.tsv")

echo "advise.sh: spread of the same keys over $buckets buckets (hbspread, every core)" >&2
avalanche=10000
[ -z "$quick" ] || avalanche=2000
build/bin/hbspread --keys "file:$keyfile" --keys-format "$format" --buckets "$buckets" --avalanche-keys "$avalanche" \
  --format json >"$dir/spread.json" 2>"$tmp/spread.err" || { cat "$tmp/spread.err" >&2; exit 1; }

hb_spread_verdicts "$dir/spread.json" >"$tmp/spread.tsv"
hb_timings "$dir/run.json" '/size:keys' >"$tmp/timings.tsv"
hb_advice "$tmp/facts.tsv" "$tmp/timings.tsv" "$tmp/spread.tsv" "$dir"
scripts/report.sh "$dir" 2>"$tmp/report.err" || { cat "$tmp/report.err" >&2; echo "advise.sh: report.html not written" >&2; }
cat "$dir/advice.txt"
echo
echo "advise.sh: $(($(date +%s) - start)) s; results in $dir (advice.txt, advice.json, report.html, run.json, spread.json)" >&2
