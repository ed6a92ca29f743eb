#!/bin/sh
# fidelity.sh — hashbench's figures against the tools people already trust, measured side by side
# in one run: builds hbfidelity (fidelity/, C built by CMake) and runs it. Each round runs
# hashbench and every reference in turn (A B A B ...), pinned to CPU 1 when the system allows, and
# the medians over the rounds are compared as ratios with the goals of fidelity/fidelity_goals.c:
#
#   md5, sha1, sha256, sha512, blake2b-512, blake2s-256 (openssl) at 64 KiB  vs  openssl speed -evp
#   blake2b-512, blake2s-256: the faster of openssl and libb2                 vs  openssl speed -evp
#   blake3/official at 64 KiB    vs  the official BLAKE3 C's own hasher, called directly; and
#                                    vs  b3sum --num-threads 1 --no-mmap over a 64 MiB file
#   xxh3-64/inline, xxh64/libxxhash at 64 KiB                                 vs  xxhsum -b -B64K
#   crc32c/sse42 at 64 KiB; noop at 16 B; memread load ram / load cpu at 1 MiB
#   latency xxh3-64/inline, rapidhash/portable at 16 and 64 B  vs  a minimal chain of the same code
#   every row: B/s x real time per hash = bytes per hash
#   memread at 64 KiB  vs  a vector load loop; the fastest hash rows  vs  memread
#   mulchain (1000 dependent multiplies)  vs  3000 core cycles; core_hz
#   folding CRCs and SHA-NI against ISA-L and OpenSSL, every variant's GB/s and bytes per cycle
#
# --tables runs the table check instead: per design (absl, std-unordered, boost-flat, glib, uthash,
# open-addressing), hashbench's time per successful lookup against hbtableref, a minimal program of
# ours holding the same keys as uint64_t in the same design, processes alternating; goal 0.8-1.25.
# --table-keys N (default 200000) and --designs LIST go to it.
#
# docs/fidelity.md says what each goal means. Writes the raw outputs, summary.txt and manifest.tsv
# (for programs: kind, results_dir, rounds, seconds or table_keys, summary) to
# results/<timestamp>-fidelity/ (-fidelity-tables/) or to --out DIR; never overwrites.
# Usage: scripts/fidelity.sh [--rounds N] [--seconds S] [--build DIR] [--out DIR]
#        scripts/fidelity.sh --tables [--rounds N] [--table-keys N] [--designs LIST] [--build DIR] [--out DIR]
set -eu

rounds=5 seconds=1 build=build out="" tables="" table_keys=200000 designs=""
while [ "$#" -gt 0 ]; do
  case "$1" in
    --tables) tables=1; shift ;;
    --table-keys) table_keys=${2:?--table-keys needs a value}; shift 2 ;;
    --designs) designs=${2:?--designs needs a value}; shift 2 ;;
    --rounds) rounds=${2:?--rounds needs a value}; shift 2 ;;
    --seconds) seconds=${2:?--seconds needs a value}; shift 2 ;;
    --build) build=${2:?--build needs a value}; shift 2 ;;
    --out) out=${2:?--out needs a folder}; shift 2 ;;
    -h|--help)
      sed -n '2,28p' "$0" | sed 's/^# \{0,1\}//'
      exit 0 ;;
    *) echo "fidelity.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
case "$rounds" in ''|*[!0-9]*|0) echo "fidelity.sh: --rounds: expected a whole number of at least 1" >&2; exit 2 ;; esac
case "$seconds" in ''|*[!0-9]*|0) echo "fidelity.sh: --seconds: expected whole seconds, at least 1" >&2; exit 2 ;; esac

case "$out" in ''|/*) ;; *) out="$(pwd)/$out" ;; esac
cd "$(dirname "$0")/.."
. scripts/lib/common.sh
. scripts/lib/manifest.sh
[ -f "$build/CMakeCache.txt" ] || { echo "fidelity.sh: $build is not a CMake build folder (scripts/test.sh or cmake -S . -B $build)" >&2; exit 2; }
cmake --build "$build" --target hbfidelity hashbench hbstat hbsum >/dev/null ||
  { echo "fidelity.sh: building hbfidelity in $build failed" >&2; exit 1; }

if [ -n "$tables" ]; then
  out=$(hb_results_dir "$out" results/ -fidelity-tables) || exit 2
  set -- --tables --table-keys "$table_keys"
  [ -z "$designs" ] || set -- "$@" --designs "$designs"
else
  out=$(hb_results_dir "$out" results/ -fidelity) || exit 2
  set -- --seconds "$seconds"
fi
# hbfidelity refuses a bad value (exit 2) before it writes anything: the empty folder goes too.
status=0
"$build/bin/hbfidelity" "$@" --out "$out" --rounds "$rounds" >/dev/null || status=$?
if [ "$status" -eq 2 ]; then
  rmdir "$out"
  exit 2
fi
[ "$status" -eq 0 ] || exit 1
m="$out/manifest.tsv"
hb_manifest_put "$m" kind "fidelity${tables:+-tables}"
hb_manifest_put "$m" results_dir "$(cd "$out" && pwd)"
hb_manifest_put "$m" rounds "$rounds"
if [ -n "$tables" ]; then
  hb_manifest_put "$m" table_keys "$table_keys"
else
  hb_manifest_put "$m" seconds "$seconds"
fi
hb_manifest_put "$m" summary summary.txt
cat "$out/summary.txt"
echo "fidelity.sh: raw outputs and summary in $out" >&2
