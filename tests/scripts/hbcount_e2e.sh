#!/bin/sh
# hbcount_e2e.sh SOURCE_DIR HBCOUNT — property: hbcount counts only what valgrind can run and says
# so, and its counts are exact. An entry whose cpu_req names an instruction set valgrind 3.19 cannot
# decode is refused by name with its reason when named, on any CPU (the registry decides, not
# this machine); a bare name counts the rest of its implementations and names those left out;
# without valgrind on PATH, one line and exit 2. Counted: two processes give the same counts to
# the last instruction; one more byte costs FNV-1a-64 the same instructions at 16 bytes as at 1024
# (its loop's cost per byte, whatever the length: only the calls are counted); the JSON is
# Google Benchmark's with the counted context of CONTRACTS.md section 3.
set -eu
src=$1 hbcount=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
skip() { echo "SKIP: $*"; [ -z "${HB_SKIP_LOG:-}" ] || echo "hbcount_e2e: $*" >>"$HB_SKIP_LOG"; }
out="$tmp/out" err="$tmp/err"

# refused SPEC WANT: exit 2 with one line holding WANT.
refused() {
  status=0
  "$hbcount" --algo "$1" --list >"$out" 2>"$err" || status=$?
  [ "$status" = 2 ] && [ "$(wc -l <"$err")" = 1 ] && grep -qF -- "$2" "$err" ||
    fail "hbcount --algo $1: exit $status, want 2 and one line with '$2': $(cat "$err")"
}

case "$(uname -m)" in
  x86_64)
    for case in "xxh3-64/inline-avx512|needs avx512f" "crc32c/vpclmul-avx2|needs vpclmulqdq" "sha256/shani|needs sha_ni"; do
      spec=${case%%|*}
      if "$hbcount" --algo "${spec%%/*}" --list 2>"$tmp/bare" | grep -q .; then
        if grep -qF "$spec (" "$tmp/bare"; then
          refused "$spec" "$spec: not countable under valgrind: ${case#*|}"
          # The bare name: the rest counted, the refused one named on stderr, absent from the rows.
          grep -qF "$spec (${case#*|}" "$tmp/bare" || fail "bare ${spec%%/*}: '$spec' not named as left out: $(cat "$tmp/bare")"
          ! "$hbcount" --algo "${spec%%/*}" --list 2>/dev/null | grep -q "impl:${spec#*/}/" ||
            fail "bare ${spec%%/*}: $spec listed for counting"
        else
          skip "$spec is not in this build"
        fi
      fi
    done
    ;;
  *) skip "the AVX-512 refusal is checked on x86-64 builds only" ;;
esac
# The rows are hashbench's: the same names, in the same order, as its throughput suite lists.
hashbench=$(dirname "$hbcount")/hashbench
"$hbcount" --algo fnv1a-64,crc32c/portable,murmur3-32 --size 16,rand1-32,1024 --list >"$tmp/counted" 2>"$err"
"$hashbench" --suite throughput --algo fnv1a-64,crc32c/portable,murmur3-32 --size 16,rand1-32,1024 --load cpu \
  --list >"$tmp/timed" 2>/dev/null
[ -s "$tmp/counted" ] && cmp -s "$tmp/counted" "$tmp/timed" ||
  fail "hbcount's rows are not hashbench's: $(diff "$tmp/counted" "$tmp/timed")"
"$hbcount" --help >"$out" 2>"$err" && grep -q "^usage: hbcount" "$out" && [ ! -s "$err" ] || fail "hbcount --help"
refused "no-such-hash" "no-such-hash"
for bad in "--load ram|is not counted" "--suite latency|is not counted" "--calls 0|--calls: bad value" \
           "--benchmark_out_format=csv|json only" "--frobnicate|unknown flag"; do
  status=0
  # shellcheck disable=SC2086  # the case's words
  "$hbcount" ${bad%%|*} >"$out" 2>"$err" || status=$?
  [ "$status" = 2 ] && [ "$(wc -l <"$err")" = 1 ] && grep -qF -- "${bad#*|}" "$err" ||
    fail "hbcount ${bad%%|*}: exit $status, want 2 and one line with '${bad#*|}': $(cat "$err")"
done

# No valgrind on PATH: one line, exit 2, nothing written.
status=0
PATH="$tmp/nowhere" "$hbcount" --algo fnv1a-64 --size 16 --benchmark_out="$tmp/none.json" >"$out" 2>"$err" || status=$?
[ "$status" = 2 ] && [ "$(wc -l <"$err")" = 1 ] && grep -q "valgrind not found on PATH" "$err" ||
  fail "without valgrind: exit $status, want 2 and one line: $(cat "$err")"
[ ! -e "$tmp/none.json" ] || fail "without valgrind: the JSON was written"

if ! command -v valgrind >/dev/null 2>&1; then
  skip "valgrind is not installed: nothing counted"
  exit 0
fi
count() { "$hbcount" --algo fnv1a-64 --size 16,17,1024,1025 --align 0 --calls 32 --benchmark_out="$1" >"$out" 2>"$err" ||
  fail "hbcount: $(cat "$err")"; }
count "$tmp/a.json"
count "$tmp/b.json"
# The JSON: every counted row, its counters, the context's keys.
for key in '"hashbench_measure": "instructions"' '"valgrind_version": "valgrind-' '"counting_cpu": ' \
           '"run_type": "iteration"' '"repetitions": 1' '"iterations": 32' '"time_unit": "ns"' '"instructions/op": ' \
           '"instructions/B": ' '"name": "throughput/algo:fnv1a-64/impl:portable/size:1025/load:cpu"'; do
  grep -qF "$key" "$tmp/a.json" || fail "the JSON lacks $key: $(cat "$tmp/a.json")"
done
! grep -q "estimated-cycles/op" "$tmp/a.json" || fail "estimated-cycles/op without --estimate-cycles"
# Two processes, the same counts.
grep '"instructions/op"' "$tmp/a.json" >"$tmp/a.counts"
grep '"instructions/op"' "$tmp/b.json" >"$tmp/b.counts"
[ "$(wc -l <"$tmp/a.counts")" = 4 ] && cmp -s "$tmp/a.counts" "$tmp/b.counts" ||
  fail "two counts differ: $(paste "$tmp/a.counts" "$tmp/b.counts")"
# One byte more costs the same at 16 as at 1024 (the text output: row, instructions/op, per byte).
awk '$1 ~ /size:16\// { a = $2 } $1 ~ /size:17\// { b = $2 } $1 ~ /size:1024\// { c = $2 } $1 ~ /size:1025\// { d = $2 }
     END { if (b - a <= 0 || b - a != d - c) { printf "16->17: %s, 1024->1025: %s\n", b - a, d - c; exit 1 } }' "$out" ||
  fail "a byte more costs differently at 16 and 1024: $(cat "$out")"
"$hbcount" --algo fnv1a-64 --size 16 --estimate-cycles --benchmark_out="$tmp/c.json" >"$out" 2>"$err" || fail "--estimate-cycles: $(cat "$err")"
grep -q '"estimated-cycles/op": ' "$tmp/c.json" || fail "--estimate-cycles: no estimated-cycles/op"
echo "hbcount_e2e: all checks passed"
