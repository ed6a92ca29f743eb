#!/bin/sh
# filehash.sh — which tool hashes a file fastest here? hbsum against the system tools for the same
# digest, side by side on one page-cached file: several interleaved runs each, median MB/s
# (1 MB = 10^6 bytes), and hbsum's speed as a ratio to each tool. The digests are compared: a
# mismatch is an error.
#
# Usage: scripts/filehash.sh [-n RUNS] [-o FILE] [SIZE]
#   SIZE   file size in bytes, or with a K, M or G suffix (powers of 1024); default 1G
#   -n     runs per tool (default 5); -o also writes the table to FILE (refuses to overwrite)
set -eu

usage() {
  cat <<'EOF'
usage: scripts/filehash.sh [-n RUNS] [-o FILE] [SIZE]
Times hbsum -a X against sha256sum, sha1sum, md5sum, sha512sum, b2sum, xxhsum -H1/-H2/-H3 and
openssl dgst on one page-cached file of SIZE bytes (default 1G; K/M/G suffixes are powers of 1024).
Runs are interleaved tool by tool and pinned to one CPU when taskset is available; each row is the
median of RUNS runs (default 5) in MB/s (10^6 bytes/s) and hbsum's ratio to that tool.
Digests are compared; a mismatch stops the script with exit status 1.
EOF
}

runs=5 out=""
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    -n) [ $# -ge 2 ] || { echo "filehash.sh: -n needs a number" >&2; exit 2; }; runs=$2; shift 2 ;;
    -o) [ $# -ge 2 ] || { echo "filehash.sh: -o needs a file" >&2; exit 2; }; out=$2; shift 2 ;;
    -*) echo "filehash.sh: unknown option '$1' (try --help)" >&2; exit 2 ;;
    *) break ;;
  esac
done
[ $# -le 1 ] || { echo "filehash.sh: one SIZE at most (try --help)" >&2; exit 2; }
size_text=${1:-1G}
case "$runs" in ''|*[!0-9]*|0) echo "filehash.sh: -n: '$runs' is not a positive number" >&2; exit 2 ;; esac
case "$size_text" in
  *[!0-9KMG]*|''|[KMG]*) echo "filehash.sh: SIZE '$size_text' is not a number with an optional K, M or G" >&2; exit 2 ;;
  *K) bytes=$(( ${size_text%K} * 1024 )) ;;
  *M) bytes=$(( ${size_text%M} * 1024 * 1024 )) ;;
  *G) bytes=$(( ${size_text%G} * 1024 * 1024 * 1024 )) ;;
  *) bytes=$size_text ;;
esac
[ "$bytes" -gt 0 ] || { echo "filehash.sh: SIZE must be positive" >&2; exit 2; }
if [ -n "$out" ] && [ -e "$out" ]; then
  echo "filehash.sh: $out exists; not overwriting it" >&2; exit 2
fi

cd "$(dirname "$0")/.."
hbsum=build/bin/hbsum
if [ ! -x "$hbsum" ]; then
  scripts/setup.sh
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build -j "$(nproc 2>/dev/null || echo 2)" --target hbsum >/dev/null
fi
for tool in sha256sum sha1sum md5sum sha512sum b2sum xxhsum openssl; do
  command -v "$tool" >/dev/null 2>&1 || { echo "filehash.sh: $tool not found (scripts/setup.sh installs it)" >&2; exit 2; }
done
pin=""
if command -v taskset >/dev/null 2>&1 && taskset -c 1 true 2>/dev/null; then pin="taskset -c 1"; fi

work=$(mktemp -d "${TMPDIR:-/var/tmp}/hb-filehash.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
file="$work/sample.bin"
# Deterministic content: the same file on every machine (a fixed AES-CTR keystream from openssl).
head -c "$bytes" /dev/zero |
  openssl enc -aes-128-ctr -nosalt -K 000102030405060708090a0b0c0d0e0f -iv 00000000000000000000000000000000 >"$file"
cat "$file" >/dev/null # page-cache it

# The rows: digest label, then the commands (hbsum first). Each prints the digest somewhere on
# its first line; hex_of pulls out the first hex run of at least 8 digits.
rows="sha256|$hbsum -a sha256|sha256sum|openssl dgst -sha256 -r
sha1|$hbsum -a sha1|sha1sum|openssl dgst -sha1 -r
md5|$hbsum -a md5|md5sum|openssl dgst -md5 -r
sha512|$hbsum -a sha512|sha512sum|openssl dgst -sha512 -r
blake2b-512|$hbsum -a blake2b-512|b2sum|openssl dgst -blake2b512 -r
xxh64|$hbsum -a xxh64|xxhsum -H1
xxh3-128|$hbsum -a xxh3-128|xxhsum -H2
xxh3-64|$hbsum -a xxh3-64|xxhsum -H3"

hex_of() {
  awk 'NR == 1 { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9a-f]+$/ && length($i) >= 8) { print $i; exit } }'
}

now_ns() { date +%s%N; }

# time_once CMD: prints "<nanoseconds> <digest>"
time_once() {
  start=$(now_ns)
  # shellcheck disable=SC2086  # CMD is a command line to split
  digest=$($pin $1 "$file" 2>/dev/null | hex_of)
  end=$(now_ns)
  echo "$((end - start)) $digest"
}

median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "filehash.sh: $(basename "$file"): $bytes bytes, page-cached; $runs interleaved runs per tool${pin:+, pinned to CPU 1}" >&2
table="$work/table.md"
{
  echo "| digest | tool | median MB/s | hbsum / tool |"
  echo "|---|---|---:|---:|"
} >"$table"
echo "$rows" | while IFS='|' read -r label c1 c2 c3; do
  : >"$work/times"
  for r in $(seq "$runs"); do
    for cmd in "$c1" "$c2" "$c3"; do
      [ -n "$cmd" ] || continue
      set -- $(time_once "$cmd")
      echo "$cmd|$1|$2" >>"$work/times"
    done
  done
  reference=$(grep -F "$c1|" "$work/times" | head -1 | cut -d'|' -f3)
  [ -n "$reference" ] || { echo "filehash.sh: $c1 printed no digest" >&2; exit 1; }
  hb_mbs=""
  for cmd in "$c1" "$c2" "$c3"; do
    [ -n "$cmd" ] || continue
    mismatched=$(grep -F "$cmd|" "$work/times" | cut -d'|' -f3 | grep -v -x -F "$reference" || true)
    if [ -n "$mismatched" ]; then
      echo "filehash.sh: $label: '$cmd' printed $mismatched, hbsum printed $reference" >&2
      exit 1
    fi
    ns=$(grep -F "$cmd|" "$work/times" | cut -d'|' -f2 | median)
    mbs=$(awk -v b="$bytes" -v ns="$ns" 'BEGIN { printf "%.0f", b / ns * 1000 }')
    [ -n "$hb_mbs" ] || hb_mbs=$mbs
    ratio=$(awk -v a="$hb_mbs" -v b="$mbs" 'BEGIN { printf "%.2fx", a / b }')
    tool=$(echo "$cmd" | sed "s|^$hbsum|hbsum|")
    echo "| $label | \`$tool\` | $mbs | $ratio |" >>"$table"
  done
done
cat "$table"
if [ -n "$out" ]; then
  cp "$table" "$out"
fi
