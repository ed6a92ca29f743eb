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

case "$out" in ''|/*) ;; *) out="$(pwd)/$out" ;; esac
cd "$(dirname "$0")/.."
. scripts/lib/common.sh
hbsum=build/bin/hbsum
[ -x "$hbsum" ] && [ -x build/bin/hbstat ] || hb_build hbsum hbstat
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

# The rows: digest label, then the commands (hbsum first). Each prints a checksum line in the GNU
# format ("HEX  FILE"; openssl dgst -r: "HEX *FILE") or the BSD-tag one ("XXH3 (FILE) = HEX",
# xxhsum -H3).
rows="sha256|$hbsum -a sha256|sha256sum|openssl dgst -sha256 -r
sha1|$hbsum -a sha1|sha1sum|openssl dgst -sha1 -r
md5|$hbsum -a md5|md5sum|openssl dgst -md5 -r
sha512|$hbsum -a sha512|sha512sum|openssl dgst -sha512 -r
blake2b-512|$hbsum -a blake2b-512|b2sum|openssl dgst -blake2b512 -r
xxh64|$hbsum -a xxh64|xxhsum -H1
xxh3-128|$hbsum -a xxh3-128|xxhsum -H2
xxh3-64|$hbsum -a xxh3-64|xxhsum -H3"

# digest_of: the digest of the checksum line on standard input, in either format.
digest_of() {
  awk 'NR == 1 { print ($(NF - 1) == "=") ? $NF : $1 }'
}

now_ns() { date +%s%N; }

echo "filehash.sh: $(basename "$file"): $bytes bytes, page-cached; $runs interleaved runs per tool${pin:+, pinned to CPU 1}" >&2
# Every run is one line of Go benchmark text, BenchmarkFilehash/digest:LABEL/tool:N NS ns/op (N the
# command's place in its row), for hbstat to take the medians; every digest must be hbsum's.
: >"$work/runs.txt"
echo "$rows" | while IFS='|' read -r label c1 c2 c3; do
  reference=""
  for r in $(seq "$runs"); do
    n=0
    for cmd in "$c1" "$c2" "$c3"; do
      n=$((n + 1))
      [ -n "$cmd" ] || continue
      start=$(now_ns)
      # shellcheck disable=SC2086  # CMD is a command line to split
      digest=$($pin $cmd "$file" 2>/dev/null | digest_of)
      end=$(now_ns)
      [ -n "$digest" ] || { echo "filehash.sh: $label: '$cmd' printed no digest" >&2; exit 1; }
      [ -n "$reference" ] || reference=$digest
      if [ "$digest" != "$reference" ]; then
        echo "filehash.sh: $label: '$cmd' printed $digest, hbsum printed $reference" >&2
        exit 1
      fi
      echo "BenchmarkFilehash/digest:$label/tool:$n 1 $((end - start)) ns/op" >>"$work/runs.txt"
    done
  done
done
build/bin/hbstat -format tsv -row /digest,/tool "$work/runs.txt" | hb_tsv_columns /digest /tool median >"$work/medians"

table="$work/table.md"
{
  echo "| digest | tool | median MB/s | hbsum / tool |"
  echo "|---|---|---:|---:|"
} >"$table"
echo "$rows" | while IFS='|' read -r label c1 c2 c3; do
  n=0 hb_mbs=""
  for cmd in "$c1" "$c2" "$c3"; do
    n=$((n + 1))
    [ -n "$cmd" ] || continue
    seconds=$(awk -F'\t' -v d="$label" -v t="$n" '$1 == d && $2 == t { print $3 }' "$work/medians")
    mbs=$(awk -v b="$bytes" -v s="$seconds" 'BEGIN { printf "%.0f", b / s / 1e6 }')
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
