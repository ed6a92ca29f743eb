#!/bin/sh
# hbsum_e2e.sh HBSUM — property: hbsum prints what the system tools print (sha256sum, sha1sum,
# md5sum, b2sum, b3sum, xxhsum, xz's CRC-64, gzip's CRC-32, the CRC-32 check value), checks
# lists written by itself and by sha256sum, and handles every error path with one line on stderr
# and exit status 2; --hamming prints the CRCs' profiles and computes a distance.
set -eu
hbsum=$1
. "$(dirname "$0")/../lib/expect.sh"
dir=$work

# Inputs: empty, tiny, odd-sized, larger than the 64 KiB chunk, a name with a space.
: >"$dir/empty"
printf '123456789' >"$dir/check"
head -c 100003 /dev/urandom >"$dir/odd"
head -c 1048577 /dev/urandom >"$dir/big file"
files="empty check odd"

cd "$dir"
for f in $files "big file"; do
  expect_same "sha256 $f" "$(sha256sum "$f")" "$("$hbsum" -a sha256 "$f")"
  expect_same "sha1 $f" "$(sha1sum "$f")" "$("$hbsum" -a sha1 "$f")"
  expect_same "md5 $f" "$(md5sum "$f")" "$("$hbsum" -a md5 "$f")"
  expect_same "sha512 $f" "$(sha512sum "$f")" "$("$hbsum" -a sha512 "$f")"
  expect_same "blake2b-512 $f" "$(b2sum "$f")" "$("$hbsum" -a blake2b-512 "$f")"
  expect_same "xxh32 $f" "$(xxhsum -H0 "$f" 2>/dev/null)" "$("$hbsum" -a xxh32 "$f")"
  expect_same "xxh64 $f" "$(xxhsum -H1 "$f" 2>/dev/null)" "$("$hbsum" -a xxh64 "$f")"
  expect_same "xxh3-128 $f" "$(xxhsum -H2 "$f" 2>/dev/null)" "$("$hbsum" -a xxh3-128 "$f")"
  # xxhsum 0.8.1 prints XXH3-64 in BSD style, "XXH3 (file) = hex"
  expect_same "xxh3-64 $f" "$(xxhsum -H3 "$f" 2>/dev/null | sed 's/.* = //')" "$("$hbsum" -a xxh3-64 "$f" | cut -d' ' -f1)"
done
expect_same "crc32 check value" "cbf43926  check" "$("$hbsum" -a crc32 check)"
# Every implementation of BLAKE2b-512 (OpenSSL's, libb2's) against b2sum (GNU coreutils' own code).
for impl in $("$hbsum" --list --format tsv | awk -F'\t' '$1 == "blake2b-512" { print $2 }'); do
  for f in $files "big file"; do
    expect_same "blake2b-512/$impl $f" "$(b2sum "$f")" "$("$hbsum" -a "blake2b-512/$impl" "$f")"
  done
done

# BLAKE3 against b3sum (the reference Rust implementation) across the chunk edges: 0, 1, 1024,
# 1025 bytes and 1 MiB + 1.
if command -v b3sum >/dev/null 2>&1; then
  head -c 1 odd >b3_1
  head -c 1024 odd >b3_1024
  head -c 1025 odd >b3_1025
  for f in empty b3_1 b3_1024 b3_1025 "big file"; do
    expect_same "blake3 $f" "$(b3sum "$f")" "$("$hbsum" -a blake3 "$f")"
  done
else
  echo "b3sum not installed: blake3 not compared with it (scripts/setup.sh installs b3sum)"
fi
expect_same "crc32c check value" "e3069283  check" "$("$hbsum" -a crc32c check)"

# Every implementation of CRC-32, SHA-256 and SHA-224 against an independent tool: gzip's trailer
# (RFC 1952: the CRC-32 of the data, little-endian, then the length), sha256sum, sha224sum. An
# implementation this CPU cannot run is named with the reason.
gzip_crc32() {
  gzip -c <"$1" | tail -c 8 | head -c 4 | od -An -tx1 | awk '{ print $4 $3 $2 $1 }'
}
"$hbsum" --list --format tsv | awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
  $1 == "crc32" || $1 == "sha256" || $1 == "sha224" { print $1 "/" $2 "\t" $col["runs here"] }' >impls
[ "$(grep -c . impls)" -ge 3 ] || fail "--list lacks crc32, sha256 or sha224 implementations"
while IFS='	' read -r spec runs; do
  case $runs in
  yes*) ;;
  *) skipped "$spec" hbsum_e2e "not run on this CPU: $runs"; continue ;;
  esac
  for f in $files "big file"; do
    case $spec in
    crc32/*) expect_same "$spec $f" "$(gzip_crc32 "$f")  $f" "$("$hbsum" -a "$spec" "$f")" ;;
    sha256/*) expect_same "$spec $f" "$(sha256sum "$f")" "$("$hbsum" -a "$spec" "$f")" ;;
    sha224/*) expect_same "$spec $f" "$(sha224sum "$f")" "$("$hbsum" -a "$spec" "$f")" ;;
    esac
  done
  expect_same "$spec chunk 1" "$("$hbsum" -a "$spec" odd)" "$("$hbsum" -a "$spec" --chunk 1 odd)"
done <impls

# CRC-64/XZ against xz itself: the check value xz stores for each block of an .xz file (one block
# here) is the CRC-64 of the uncompressed data. Only when this build has ISA-L.
if ! "$hbsum" --list | grep -q '^crc64-xz '; then
  echo "crc64-xz not in this build ($("$hbsum" --list | grep '^not in this build' || true)): xz comparison not run"
elif ! command -v xz >/dev/null 2>&1; then
  echo "xz not installed: crc64-xz not compared with xz (scripts/setup.sh installs xz-utils)"
else
  for f in empty odd "big file"; do
    xz -c --check=crc64 "$f" >"$f.xz"
    # --robot -lvv: the "block" line's 11th field is the check value (no block for an empty file)
    want=$(xz --robot -lvv "$f.xz" | awk -F'\t' '$1 == "block" { print $11 }')
    [ -n "$want" ] || want=0000000000000000
    expect_same "crc64-xz $f vs xz" "$want  $f" "$("$hbsum" -a crc64-xz "$f")"
  done
fi

# Every implementation of a name prints what its default prints, whichever implementations this
# build has (the registry says: vector paths exist for one CPU architecture only); chunk size does
# not matter.
"$hbsum" --list --format tsv |
  awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    $1 == "xxh3-64" || $1 == "xxh3-128" || $1 == "crc32c" || $1 == "adler32" { print $1 "/" $2 "\t" $col["runs here"] }' >variants
[ "$(grep -c '^xxh3-64/' variants)" -ge 2 ] || fail "--list: fewer than two xxh3-64 implementations"
while IFS='	' read -r spec runs; do
  case $runs in
  yes*) expect_same "$spec vs ${spec%/*}" "$("$hbsum" -a "${spec%/*}" odd)" "$("$hbsum" -a "$spec" odd)" ;;
  *) skipped "$spec" hbsum_e2e "not run on this CPU: $runs" ;;
  esac
done <variants
expect_same "chunk 1" "$("$hbsum" -a sha256 odd)" "$("$hbsum" -a sha256 --chunk 1 odd)"
expect_same "chunk 7K" "$("$hbsum" -a sha256 odd)" "$("$hbsum" -a sha256 --chunk=7K odd)"

# Standard input: no file, or -.
expect_same "stdin" "$(sha256sum <odd)" "$("$hbsum" -a sha256 <odd)"
expect_same "stdin -" "$(sha256sum - <odd)" "$("$hbsum" -a sha256 - <odd)"

# Seeds: siphash-1-3 of "" under the all-zero key is published; a seed changes the output.
expect_same "siphash-1-3 empty" "d1fba762150c532c  empty" "$("$hbsum" -a siphash-1-3 empty)"
[ "$("$hbsum" -a xxh64 --seed 1 odd)" != "$("$hbsum" -a xxh64 odd)" ] || fail "--seed 1 did not change xxh64"
expect_same "xxh32 seed" "$(xxhsum -H0 odd 2>/dev/null | cut -d' ' -f1)" "$("$hbsum" -a xxh32 --seed 0 odd | cut -d' ' -f1)"

# -c: lists written by hbsum and by sha256sum; a damaged file fails with exit 1.
"$hbsum" -a sha256 $files "big file" >sums.hb
sha256sum $files "big file" >sums.coreutils
run_status "$hbsum" -a sha256 -c sums.hb
expect_same "-c own list" 0 "$status"
grep -q '^big file: OK$' out || fail "-c own list: no OK line for 'big file'"
run_status "$hbsum" -a sha256 -c sums.coreutils
expect_same "-c sha256sum list" 0 "$status"
printf 'x' >>odd
run_status "$hbsum" -a sha256 -c sums.hb
expect_same "-c damaged" 1 "$status"
grep -q '^odd: FAILED$' out || fail "-c damaged: no FAILED line"
grep -q 'did NOT match' err || fail "-c damaged: no warning"
run_status "$hbsum" -a sha256 -c --status sums.hb
expect_same "-c --status" "1:" "$status:$(cat out)"

# A file name with a newline is escaped as sha256sum does, and -c reads it back.
nl='new
line'
printf 'data' >"$nl"
expect_same "escaped name" "$(sha256sum "$nl")" "$("$hbsum" -a sha256 "$nl")"
"$hbsum" -a sha256 "$nl" >sums.nl
run_status "$hbsum" -a sha256 -c sums.nl
expect_same "-c escaped name" 0 "$status"

# --list: every registry entry, unavailable ones marked, tsv with thirteen columns.
"$hbsum" --list >list.txt
for name in crc32 crc32c adler32 xxh3-64 xxh3-128 xxh64 xxh32 murmur3-32 murmur3-128 siphash-1-3 siphash-2-4 \
  fnv1a-32 fnv1a-64 md5 sha1 sha224 sha256 sha384 sha512 sha3-256 blake2b-512 blake2s-256 noop komihash polymur a5hash blake3; do
  grep -q "^$name " list.txt || fail "--list lacks $name"
done
# Entries that exist for one CPU architecture are listed, or named under "not in this build"
# with the reason (gxhash64 needs x86-64's AES instructions).
for spec in gxhash64/aes xxh3-64/inline-sse2 xxh3-64/inline-avx2 xxh3-64/inline-avx512; do
  grep -q "^${spec%/*} *${spec#*/} " list.txt && continue
  why=$(unbuilt_reason list.txt "$spec")
  if [ -n "$why" ]; then skipped "$spec" hbsum_e2e "not in this build: $why"
  else fail "--list: $spec neither listed nor named as not in this build"; fi
done
"$hbsum" --list --format tsv >list.tsv
awk -F'\t' 'NF != 17 { bad = 1 } END { exit bad }' list.tsv || fail "--list --format tsv: not 17 columns everywhere"
[ "$(head -n 1 list.tsv)" = "name	impl	family	kind	bits	seeded	dos	output	version	needs	linkage	provider	runs here	linear	dos_evidence	dos_source	key" ] ||
  fail "--list --format tsv: header is '$(head -n 1 list.tsv)'"
# dos_evidence: one of the four kinds on every algorithm (baselines: -), the kinds the issue's
# sources support on the names they name
awk -F'\t' 'NR > 1 && $4 != "baseline" && $15 !~ /^(published|reported|reproduced|by-design)$/ { bad = 1 }
  NR > 1 && $4 == "baseline" && $15 != "-" { bad = 1 } END { exit bad }' list.tsv ||
  fail "--list: a dos_evidence outside published, reported, reproduced, by-design"
for want in "murmur3-32 published Hash-flooding" "xxh64 reproduced #180" "wyhash reproduced #99" \
            "komihash reproduced #23" "highwayhash-64 by-design 1612.06257" "rapidhash published CVE-2025-27209" \
            "polymur by-design hash values or timing"; do
  set -- $want
  awk -F'\t' -v n="$1" -v k="$2" -v w="$3" '$1 == n && $15 == k && index($16, w) { ok = 1 } END { exit !ok }' list.tsv ||
    fail "--list: $1's dos_evidence is not $2 citing '$3'"
done
# the algorithm's properties, as the literature has them (the entries' files cite it)
property() { awk -F'\t' -v name="$1" -v col="$2" '$1 == name { print $col; exit }' list.tsv; }
[ "$(property siphash-2-4 7)" = prf ] || fail "--list: siphash-2-4's dos is '$(property siphash-2-4 7)', not prf"
# the key each algorithm takes, as its paper defines it (SipHash 128 bits, HighwayHash 256)
[ "$(property siphash-2-4 17)" = 128-bit ] || fail "--list: siphash-2-4's key is '$(property siphash-2-4 17)', not 128-bit"
[ "$(property siphash-1-3 17)" = 128-bit ] || fail "--list: siphash-1-3's key is '$(property siphash-1-3 17)', not 128-bit"
if [ -n "$(property highwayhash-64 1)" ]; then
  [ "$(property highwayhash-64 17)" = 256-bit ] ||
    fail "--list: highwayhash-64's key is '$(property highwayhash-64 17)', not 256-bit"
fi
[ "$(property murmur3-32 7)" = seed-independent ] || fail "--list: murmur3-32's dos is not seed-independent"
[ "$(property crc32c 7)" = none ] || fail "--list: crc32c's dos is not none"
[ "$(property sha256 8)" = frozen ] || fail "--list: sha256's output is not frozen"
[ "$(property rapidhash 8)" = versioned ] || fail "--list: rapidhash's output is not versioned"
[ "$(property rapidhash 9)" = V3 ] || fail "--list: rapidhash's version is '$(property rapidhash 9)', not V3"
[ "$(property xxh3-64 10)" = - ] || fail "--list: xxh3-64 should need no CPU feature"
# linear: GF(2)-affine (every CRC; the baselines memread, an XOR of words, and noop, a constant), on
# every implementation; hbspread's probe checks each entry (spread.test_linear_registry), here the
# column carries it
awk -F'\t' 'NR > 1 && ($1 ~ /^(crc|memread$|noop$)/) != ($14 == "yes") { print $1 "/" $2 ": linear " $14 }' \
  list.tsv >wrong_linear
[ ! -s wrong_linear ] || fail "--list: linear column: $(cat wrong_linear)"
[ "$(property xxh3-64 14)" = no ] || fail "--list: xxh3-64's linear is '$(property xxh3-64 14)', not no"
[ "$(property adler32 14)" = no ] || fail "--list: adler32's linear is '$(property adler32 14)', not no"
# (the AVX-512 variants are in the build unless it left them out, checked above)
avx512_built=no
grep -q '^xxh3-64	inline-avx512	' list.tsv && avx512_built=yes
if [ "$avx512_built" = yes ] && ! grep -q avx512f /proc/cpuinfo; then
  grep '^xxh3-64	inline-avx512	' list.tsv | grep -q 'no (needs avx512f)' ||
    fail "--list: inline-avx512 not marked unavailable on a CPU without AVX-512"
fi

# Help and version go to stdout with status 0.
run_status "$hbsum" --help
expect_same "--help" 0 "$status"
grep -q 'usage: hbsum' out || fail "--help lacks usage"
run_status "$hbsum" --version
expect_same "--version" 0 "$status"

# Errors: one line, exit 2.
expect_usage_error "unknown algorithm 'sha265' (did you mean: sha224, sha256?" "$hbsum" -a sha265 check
expect_usage_error "unknown algorithm 'sha256/nope'" "$hbsum" -a sha256/nope check
expect_usage_error "sha256 is not seeded" "$hbsum" -a sha256 --seed 5 check
expect_usage_error "murmur3-32 takes a 32-bit seed" "$hbsum" -a murmur3-32 --seed 0x100000000 check
expect_usage_error "--seed: '-3' is not an unsigned integer" "$hbsum" -a xxh64 --seed -3 check
expect_usage_error "unknown option '--frobnicate'" "$hbsum" --frobnicate
expect_usage_error "option '-a' needs a value" "$hbsum" -a
expect_usage_error "no algorithm given" "$hbsum" check
expect_usage_error "--chunk: '0'" "$hbsum" -a sha256 --chunk 0 check
expect_usage_error "--format: 'xml'" "$hbsum" --list --format xml
expect_usage_error "empty: no properly formatted sha256 checksum lines" "$hbsum" -a sha256 -c empty
if [ "$avx512_built" = yes ] && ! grep -q avx512f /proc/cpuinfo; then
  expect_usage_error "xxh3-64/inline-avx512: this CPU cannot run it (needs avx512f)" "$hbsum" -a xxh3-64/inline-avx512 check
fi

# --hamming: the CRCs' profiles as stored, a distance computed now, bad input.
"$hbsum" --hamming >out || fail "--hamming: exit $?"
for name in crc32 crc32c crc64-xz crc64-go-iso crc64-redis; do
  grep -q "^$name (CRC-" out || fail "--hamming: no profile of $name"
done
grep -qx 'crc32 at 32768 data bits: Hamming distance 4' out || fail "--hamming: CRC-32 at 4 KiB is not HD 4"
"$hbsum" --hamming -a crc32c --data-bits 4096 >out || fail "--hamming -a crc32c --data-bits: exit $?"
grep -qx 'crc32c at 4096 data bits: Hamming distance 6' out || fail "--hamming: CRC-32C at 512 bytes is not HD 6"
expect_usage_error "'xxh3-64' is not a CRC of the registry" "$hbsum" --hamming -a xxh3-64
expect_usage_error "--data-bits: '0' is not a bit count" "$hbsum" --hamming -a crc32 --data-bits 0
expect_usage_error "--data-bits 8: only with --hamming -a CRC" "$hbsum" --data-bits 8

# Unreadable files (a missing path, a directory: root can read anything else) are reported one
# line each, exit 2, and the other files are still hashed.
mkdir adir
run_status "$hbsum" -a sha256 missing check adir
expect_same "unreadable: status" 2 "$status"
expect_same "unreadable: stdout" "$(sha256sum check)" "$(cat out)"
grep -q '^hbsum: missing: No such file or directory$' err || fail "missing file message: $(cat err)"
grep -q '^hbsum: adir: Is a directory$' err || fail "directory message: $(cat err)"
expect_same "unreadable: two lines" 2 "$(wc -l <err)"

# A full standard output is an error, not a silent loss.
if [ -w /dev/full ]; then
  run_status sh -c "\"\$1\" -a sha256 check >/dev/full" sh "$hbsum"
  expect_same "/dev/full" 2 "$status"
fi

expect_done hbsum_e2e
