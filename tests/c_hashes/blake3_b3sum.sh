#!/bin/sh
# blake3_b3sum.sh HBSUM — property: every BLAKE3 implementation (the official C's dispatch and
# each of its ISA paths, our portable C) prints what b3sum (the Rust implementation, an
# independent program) prints, over fixed-seed inputs of many lengths around the block (64),
# chunk (1024) and tree edges, read whole and in odd-sized pieces; and blake3-keyed matches
# `b3sum --keyed` with the key the entry makes from the seed (the seed's 8 bytes little-endian,
# then 24 zero bytes). An implementation this CPU cannot run is named with the reason.
set -eu
hbsum=$1
. "$(dirname "$0")/../lib/expect.sh"
if ! command -v b3sum >/dev/null 2>&1; then
  skipped "blake3 against b3sum" blake3_b3sum "b3sum not installed (scripts/setup.sh installs it)"
  exit 0
fi
command -v openssl >/dev/null 2>&1 || { echo "blake3_b3sum: openssl not found (it makes the inputs)" >&2; exit 1; }
cd "$work"

# The inputs: prefixes of one AES-128-CTR keystream under a fixed key (the fixed seed), so every
# run and every machine hashes the same bytes.
head -c 1048577 /dev/zero |
  openssl enc -aes-128-ctr -nosalt -K 000102030405060708090a0b0c0d0e0f -iv 00000000000000000000000000000000 >stream
files=""
for n in 0 1 63 64 65 127 128 1023 1024 1025 2047 2048 2049 3072 3073 4095 4096 4097 5121 8192 8193 16383 16384 \
  16385 31744 32768 65535 65536 65537 100000 131072 1048576 1048577; do
  head -c "$n" stream >"in_$n"
  files="$files in_$n"
done
[ "$(wc -c <in_1048577)" -eq 1048577 ] || fail "openssl made a short input stream"

# shellcheck disable=SC2086 # $files is a list of names without spaces
b3sum $files >want
"$hbsum" --list --format tsv | awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
  $1 == "blake3" { print $1 "/" $2 "\t" $col["runs here"] }' >impls
[ "$(grep -c official impls)" -ge 2 ] || fail "--list lacks the official BLAKE3 entries: $(cut -f1 impls | tr '\n' ' ')"
while IFS='	' read -r spec runs; do
  case $runs in
  yes*) ;;
  *) skipped "$spec" blake3_b3sum "not run on this CPU: $runs"; continue ;;
  esac
  for chunk in 65536 1000; do
    # shellcheck disable=SC2086
    "$hbsum" -a "$spec" --chunk "$chunk" $files >got || fail "$spec: hbsum failed"
    cmp -s want got || fail "$spec (read in pieces of $chunk bytes): differs from b3sum: $(diff want got | head -n 3)"
  done
done <impls

# Keyed: the seed and the 32 key bytes b3sum reads (octal escapes for printf).
zeros='\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0'
for case in "0 \0\0\0\0\0\0\0\0" "1 \1\0\0\0\0\0\0\0" \
  "0x0123456789abcdef \357\315\253\211\147\105\043\001" "0xffffffffffffffff \377\377\377\377\377\377\377\377"; do
  seed=${case%% *} key=${case#* }
  # shellcheck disable=SC2059 # the key is a printf format of octal escapes
  # shellcheck disable=SC2086
  printf "$key$zeros" | b3sum --keyed $files >want
  # shellcheck disable=SC2086
  "$hbsum" -a blake3-keyed --seed "$seed" $files >got || fail "blake3-keyed seed $seed: hbsum failed"
  cmp -s want got || fail "blake3-keyed seed $seed: differs from b3sum --keyed: $(diff want got | head -n 3)"
done
expect_done blake3_b3sum
