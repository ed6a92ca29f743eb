#!/bin/sh
# hostile_input.sh — what a careless or hostile user feeds the tools ends promptly, in bounded
# memory, with one line naming the limit or the reason and exit status 2 (or works, where the
# input is valid): endless inputs (/dev/zero, yes ' '), FIFOs without a writer, directories,
# devices, wrong JSON types, negative times, NUL bytes in names, lines at and past their limit,
# and several runs of a script started in the same second. Every command runs under a 256 MiB
# address-space limit and a timeout, so a regression fails fast instead of eating the machine.
# Usage: hostile_input.sh SOURCE_DIR HBSTAT HBSPREAD HBSUM HASHBENCH
set -eu

if [ "$#" -ne 5 ]; then
  echo "usage: hostile_input.sh SOURCE_DIR HBSTAT HBSPREAD HBSUM HASHBENCH" >&2
  exit 2
fi
src=$1 hbstat=$2 hbspread=$3 hbsum=$4 hashbench=$5
. "$src/tests/lib/expect.sh"

memory_kib=262144
seconds=20
# Under qemu-user (an AArch64 build on an x86-64 machine) the limit goes to the emulated program:
# qemu reserves exactly that much address space for it (QEMU_RESERVED_VA), and qemu itself, whose
# translation buffer alone takes 128 MiB, gets 256 MiB more under ulimit -v.
host_memory_kib=$memory_kib
if foreign_program "$hbstat"; then
  QEMU_RESERVED_VA=$((memory_kib * 1024))
  export QEMU_RESERVED_VA
  host_memory_kib=$((memory_kib + 262144))
  echo "hostile_input.sh: the tools run under an emulator: $((memory_kib / 1024)) MiB of address space for each, $((host_memory_kib / 1024)) MiB with the emulator"
fi

# guarded [--stdin FILE] CMD...: CMD under the memory limit and the timeout; output in
# $work/out and $work/err, exit status in $status (124: the timeout struck).
guarded() {
  input=/dev/null
  if [ "$1" = --stdin ]; then
    input=$2
    shift 2
  fi
  status=0
  (ulimit -v "$host_memory_kib" && exec timeout "$seconds" "$@") <"$input" >"$work/out" 2>"$work/err" || status=$?
}

# refused WHAT CULPRIT: the last guarded command exited 2 with one line on stderr holding CULPRIT.
refused() {
  lines=$(wc -l <"$work/err")
  if [ "$status" -ne 2 ] || [ "$lines" -ne 1 ] || ! grep -qF -- "$2" "$work/err"; then
    fail "$1: exit $status, $lines stderr lines: $(head -c 300 "$work/err") (want exit 2, one line naming '$2')"
  fi
}

mkfifo "$work/fifo"
mkdir "$work/dir"
: >"$work/empty"

# ---- hbstat
guarded "$hbstat" /dev/zero
refused "hbstat /dev/zero" "longer than 1048576 bytes (1 MiB)"
yes ' ' | { guarded --stdin /dev/stdin "$hbstat" -; echo "$status" >"$work/status"; }
status=$(cat "$work/status") # the pipeline ran guarded in a subshell
refused "yes ' ' | hbstat -" "more than 1048576 bytes of blank space"
head -c 100000 /dev/zero >"$work/zeros"
guarded "$hbstat" "$work/zeros"
refused "hbstat on NUL bytes (not blank)" "neither Google Benchmark JSON nor Go benchmark text"
guarded "$hbstat" "$work/fifo"
refused "hbstat on a FIFO without a writer" "empty file"
guarded "$hbstat" "$work/dir"
refused "hbstat DIR" "is a directory"

row() { # row NAME_JSON MEMBERS: one iteration row
  printf '{"name":%s,"run_type":"iteration",%s}' "$1" "$2"
}
json() { printf '{"benchmarks":[%s]}\n' "$1" >"$work/in.json"; }
json "$(row '"A"' '"iterations":1,"real_time":"1","time_unit":"ns"')"
guarded "$hbstat" "$work/in.json"
refused "real_time as a string" '"real_time" is not a number'
json "$(row '7' '"iterations":1,"real_time":1,"time_unit":"ns"')"
guarded "$hbstat" "$work/in.json"
refused "name as a number" '"name" is not a string'
json "$(row '"A"' '"iterations":1,"real_time":1,"time_unit":3')"
guarded "$hbstat" "$work/in.json"
refused "time_unit as a number" '"time_unit" is not a string'
json "$(row '"NegTime"' '"iterations":1,"real_time":-1,"time_unit":"ns"')"
guarded "$hbstat" "$work/in.json"
refused "negative real_time" '(NegTime): negative "real_time"'
json "$(row '"NegIter"' '"iterations":-5,"real_time":1,"time_unit":"ns"')"
guarded "$hbstat" "$work/in.json"
refused "negative iterations" '(NegIter): negative "iterations" -5'
printf 'BenchmarkNegGo 10 -5 ns/op\n' >"$work/neg.txt"
guarded "$hbstat" "$work/neg.txt"
refused "Go text negative time" "BenchmarkNegGo: negative time -5 ns/op"
printf 'BenchmarkNegIterGo -10 5 ns/op\n' >"$work/neg.txt"
guarded "$hbstat" "$work/neg.txt"
refused "Go text negative iteration count" "BenchmarkNegIterGo: negative iteration count -10"
json "$(row '"A\u0000x"' '"iterations":1,"real_time":1,"time_unit":"ns"'),$(row '"A\u0000y"' '"iterations":1,"real_time":2,"time_unit":"ns"')"
guarded "$hbstat" -format csv "$work/in.json"
expect_same "names with a NUL stay apart and print it escaped" "0:A\\x00x,1e-09|A\\x00y,2e-09" \
  "$status:$(grep '^A' "$work/out" | cut -d, -f1,2 | paste -sd'|' -)"
{ printf '{"benchmarks":[{"name":"'; head -c 1048577 /dev/zero | tr '\0' x; printf '"}]}\n'; } >"$work/long.json"
guarded "$hbstat" "$work/long.json"
refused "a JSON string past 1 MiB" "past the longest allowed, 1048576 (1 MiB)"
# Read as a stream, a number token that spans chunks is held whole by the JSON parser: an endless
# one is refused at 1 MiB, not read on (a regular file is parsed in place from its mapping).
{ printf '{"benchmarks":[{"name":"A","run_type":"iteration","iterations":1,"real_time":1'
  head -c 3000000 /dev/zero | tr '\0' 7; printf '}]}\n'; } >"$work/longnum.json"
guarded --stdin "$work/longnum.json" "$hbstat" -
refused "a JSON number past 1 MiB on standard input" "a JSON number or literal longer than 1048576 bytes (1 MiB)"
awk 'BEGIN { for (i = 0; i < 100; i++) printf "{\"a\":"; printf "1"; for (i = 0; i < 100; i++) printf "}"; print "" }' >"$work/deep.json"
guarded "$hbstat" "$work/deep.json"
refused "JSON nested 100 deep" "nested deeper than 64 levels"
# A Go text line of exactly 1 MiB (newline and a '\r' before it excluded) is read; one byte more is refused.
{ printf 'BenchmarkA 1 1 ns/op\nBenchmarkB 1 1 ns/op '; head -c 1048555 /dev/zero | tr '\0' x; printf '\r\n'; } >"$work/exact.txt"
guarded "$hbstat" -format csv "$work/exact.txt"
expect_same "a Go text line of exactly 1 MiB" "0:1048576" "$status:$(sed -n 2p "$work/exact.txt" | tr -d '\r\n' | wc -c)"
{ printf 'BenchmarkA 1 1 ns/op\nBenchmarkB 1 1 ns/op '; head -c 1048556 /dev/zero | tr '\0' x; printf '\n'; } >"$work/over.txt"
guarded "$hbstat" "$work/over.txt"
refused "a Go text line of 1 MiB + 1 byte" "over.txt:2: line longer than 1048576 bytes"

# ---- hbspread (file: keys must be a regular file; a larger one is sampled, see keys/user_keys.h)
spread() { guarded "$hbspread" --algo xxh3-64 --avalanche-keys 0 --threads 1 --buckets 4 "$@"; }
spread --keys file:/dev/zero
refused "hbspread --keys file:/dev/zero" "/dev/zero: not a regular file"
spread --keys "file:$work/fifo"
refused "hbspread on a FIFO without a writer" "fifo: not a regular file"
spread --keys "file:$work/dir"
refused "hbspread on a directory" "is a directory"

# ---- hbsum
guarded "$hbsum" -a crc32 -c /dev/zero
refused "hbsum -c /dev/zero" "line longer than 65536 bytes"
guarded "$hbsum" -a crc32 -c "$work/dir"
refused "hbsum -c DIR" "is a directory"
guarded "$hbsum" -a crc32 "$work/fifo"
expect_same "hbsum on a FIFO without a writer hashes nothing" "0:00000000  $work/fifo" "$status:$(cat "$work/out")"
guarded "$hbsum" -a noop "$work/empty"
expect_same "hbsum -a noop on an empty file" 0 "$status"

# ---- hashbench --file
guarded "$hashbench" --suite stream --algo crc32 --file "$work/fifo" --quick
refused "hashbench --file FIFO" "is a FIFO; --file needs a regular file it can map"
guarded "$hashbench" --suite stream --algo crc32 --file /dev/null --quick
refused "hashbench --file /dev/null" "is a character device"
guarded "$hashbench" --suite stream --algo crc32 --file "$work/empty" --quick
refused "hashbench --file empty" "is empty"
guarded "$hashbench" --keys "$work/fifo" --list
refused "hashbench --keys FIFO" "fifo: not a regular file"

# ---- scripts: runs started in the same second each get their own folder
(
  cd "$work"
  . "$src/scripts/lib/common.sh"
  for i in 1 2 3 4 5 6 7 8; do
    hb_new_run_dir runs/ -x >"made.$i" &
  done
  wait
)
made=$(cat "$work"/made.* | sort -u | wc -l)
exist=$(find "$work/runs" -mindepth 1 -maxdepth 1 -type d | wc -l)
expect_same "8 runs at once: 8 distinct folders, all there" "8 8" "$made $exist"

[ "$failures" -eq 0 ] || { echo "hostile_input.sh: $failures failure(s)"; exit 1; }
echo "hostile_input.sh: ok"
