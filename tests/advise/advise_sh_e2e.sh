#!/bin/sh
# advise_sh_e2e.sh SOURCE MAKE_KEYS ADVICE_ROWS — scripts/advise.sh as orchestration: its bad-input
# contract (a missing, unreadable or empty key file, a bad --need, --buckets or --processes, a
# --from folder that is no advice or of the old layout, an --out that exists: exit 2, one line,
# nothing on stdout); a --quick run on 1200 generated URLs (3 processes) leaves every file it
# promises (run-P.json, tables-P.json, record-P.json at --record-size, bulk-P.json at 64 KiB per
# process, spread.json, advice.txt/json/html, report.html with a plot per need), prints the advice,
# and passes --need and --buckets through; the checksum ranked on the record size's rows (the
# median of the processes' medians), the crypto's 64 KiB figures beside its pick, a 64-bit MAC tag
# never first; --from pools a folder given twice (one machine) and makes a fleet's advice of two
# machines, without measuring.
set -eu
src=$1 make_keys=$2 rows=$3
. "$src/tests/lib/expect.sh"
advise="$src/scripts/advise.sh"

# bad input
: >"$work/empty"
"$make_keys" urls 1200 >"$work/keys.txt"
mkdir "$work/taken"
expect_usage_error "$work/missing: no such file" "$advise" "$work/missing"
expect_usage_error "not a regular file" "$advise" "$work"
expect_usage_error "empty key file" "$advise" "$work/empty"
expect_usage_error "--need: unknown need 'speed'" "$advise" "$work/keys.txt" --need speed
expect_usage_error "--buckets: '1'" "$advise" "$work/keys.txt" --buckets 1
expect_usage_error "--buckets: 'many'" "$advise" "$work/keys.txt" --buckets many
expect_usage_error "is not an advice folder" "$advise" --from "$work"
mkdir "$work/old"
: >"$work/old/run.json"
expect_usage_error "is an advice folder of the old layout" "$advise" --from "$work/old"
expect_usage_error "--processes: '5' is not a count of processes from 6" "$advise" "$work/keys.txt" --processes 5
expect_usage_error "--from needs advice folders" "$advise" --from
expect_usage_error "exists (results are never overwritten)" "$advise" "$work/keys.txt" --out "$work/taken"
expect_usage_error "unknown argument '--fast'" "$advise" "$work/keys.txt" --fast
expect_usage_error "--shards: '1'" "$advise" "$work/keys.txt" --shards 1
expect_usage_error "--volume: 'lots'" "$advise" "$work/keys.txt" --volume lots
expect_usage_error "--record-size: '0'" "$advise" "$work/keys.txt" --record-size 0

# a first look at 1200 keys
"$advise" "$work/keys.txt" --quick --buckets 1024 --record-size 512 --out "$work/a" >"$work/a.out" 2>"$work/a.err" ||
  fail "advise.sh --quick exit $?: $(tail -n 3 "$work/a.err")"
for f in runs/run-1.json runs/run-3.json runs/record-1.json runs/record-3.json runs/bulk-1.json runs/bulk-3.json \
  run.json spread.json advice.txt advice.json advice.html report.html; do
  [ -s "$work/a/$f" ] || fail "advise.sh left no $f"
done
[ ! -e "$work/a/runs/run-4.json" ] || fail "--quick ran more than 3 processes"
cmp -s "$work/a/run.json" "$work/a/runs/run-1.json" || fail "run.json is not process 1's run"
if "$src/build/bin/hashbench" --suite hashtable --list >/dev/null 2>&1; then
  [ -s "$work/a/runs/tables-3.json" ] || fail "advise.sh left no runs/tables-3.json"
fi
cmp -s "$work/a.out" "$work/a/advice.txt" || fail "what advise.sh printed is not advice.txt"
grep -q '"buckets": 1024' "$work/a/spread.json" || fail "--buckets 1024 did not reach hbspread"
"$rows" "$work/a/advice.json" >"$work/a.rows" || fail "advice.json does not read back"
[ "$(grep -c '^pick' "$work/a.rows")" = 8 ] || fail "advice.json: not eight needs"
for need in table table-untrusted checksum fingerprint crypto password mac shard; do
  grep -q "^$need — " "$work/a.out" || fail "advise.sh did not answer $need"
done
[ -s "$work/a/password-cost.txt" ] || fail "advise.sh left no password-cost.txt"
# the shard counts of the default 16 shards and the rendezvous servers, in spread.json as advice.json reads them back
grep -qx 'counts	shard	shard_counts	2,3,4,5,8,12,16,32,64,128,256,512,1024' "$work/a.rows" ||
  fail "advice.json: not the shard counts of the default 16 shards"
grep -qx 'counts	shard	rendezvous_servers	3,5' "$work/a.rows" || fail "advice.json: no rendezvous servers"
# checksum: every CRC with its Hamming distance at the record (512 bytes here), a general hash with none
# (4096 data bits: CRC-32C's HD 6 holds to 5243, CRC-32's HD 5 only to 2974)
grep -qx 'hamming	checksum	crc32c/[a-z0-9-]*	6	exact' "$work/a.rows" || fail "checksum: crc32c's HD at 512 bytes is not 6"
grep -qx 'hamming	checksum	crc32/[a-z0-9-]*	4	exact' "$work/a.rows" || fail "checksum: crc32's HD at 512 bytes is not 4"
grep -q '^hamming	checksum	xxh3-64/[a-z0-9-]*	-	-$' "$work/a.rows" || fail "checksum: xxh3-64 given a Hamming distance"
grep -q 'One login here: Argon2id' "$work/a.out" || fail "password: no Argon2id cost said"
grep -q '^  => shard: ' "$work/a.out" || fail "shard: no pick on 1200 URLs over the shard counts"
grep -q '^excluded	shard	crc32	structure$' "$work/a.rows" || fail "shard: crc32 not left out for its structure"
[ "$(grep -c '<svg class="advice-plot"' "$work/a/report.html")" -ge 4 ] || fail "report.html: fewer than four plots"
grep -q 'Mann-Whitney' "$work/a/report.html" && fail "report.html explains a test though nothing is compared"
grep -q '<td class="verdict-pass">' "$work/a/report.html" || fail "report.html: no spread verdicts"

# real_time FILE ROW: the real_time of ROW in a one-repetition hashbench JSON, as written there
real_time() {
  awk -v row="\"name\": \"$2\"," 'index($0, row) { found = 1 } found && /"real_time"/ {
    sub(/.*"real_time": /, ""); sub(/,$/, ""); print; exit }' "$1"
}
# median KIND ROW: the median over the three processes of ROW's real_time in KIND-P.json, in ns
median() {
  for k in 1 2 3; do real_time "$work/a/runs/$1-$k.json" "$2"; done | sort -g | sed -n 2p | awk '{ printf "%.3f\n", $1 }'
}
# checksum at the record size: the keys are URLs of 29 to 81 bytes, --record-size 512; the pick's
# time per record is the median of its size:512 rows in record-P.json (read here from the raw
# JSON), not its keys' rows
pick=$(grep '^ranked	checksum	1	' "$work/a.rows" | cut -f 4)
[ -n "$pick" ] || fail "checksum: no pick"
at512=$(median record "throughput/algo:${pick%/*}/impl:${pick#*/}/size:512/load:cpu")
atkeys=$(median run "throughput/algo:${pick%/*}/impl:${pick#*/}/size:keys/load:cpu")
[ -n "$at512" ] && [ -n "$atkeys" ] || fail "checksum: $pick has no size:512 row in record.json or keys row"
expect_same "checksum pick's ns per record" "$at512" "$(grep '^ranked	checksum	1	' "$work/a.rows" | cut -f 9)"
[ "$at512" != "$atkeys" ] || fail "checksum: the size:512 and keys rows of $pick agree ($at512): no test"
grep -q 'Ranked on the rows at size:512, the record size' "$work/a.out" || fail "checksum: not said ranked at 512"
grep -q 'size:keys' "$work/a/runs/record-1.json" && fail "runs/record-1.json holds keys rows"
# crypto at 64 KiB: every crypto entry ranked has its 64 KiB time, and the note lists them
grep -q '"name": "throughput/algo:sha256/impl:[a-z0-9-]*/size:65536/load:cpu"' "$work/a/runs/bulk-1.json" ||
  fail "runs/bulk-1.json: no sha256 row at 65536"
grep -q 'At 64 KiB (bulk-P.json' "$work/a.out" || fail "crypto: no 64 KiB ranking beside the pick"
grep -q '"ns_per_64k": [0-9]' "$work/a/advice.json" || fail "advice.json: no ns_per_64k"
# mac: a 64-bit tag never above a 256-bit one
if grep -q '^ranked	mac	1	siphash-2-4' "$work/a.rows"; then fail "mac: a 64-bit tag ranked first"; fi

# --from: the same folder twice is one machine, its processes pooled (at the record size it was measured at)
"$advise" --from "$work/a" "$work/a" --need checksum --record-size 512 --out "$work/pooled" >"$work/pooled.out" \
  2>"$work/pooled.err" || fail "advise.sh --from (pooled) exit $?: $(tail -n 3 "$work/pooled.err")"
grep -q 'Pooled: 2 runs on this machine' "$work/pooled.out" || fail "--from: one machine's runs not pooled"
grep -q 'need  *m1  *m2' "$work/pooled.out" && fail "--from: one machine's runs made a fleet"
# --from: a fleet of two machines (the folder under another host name), one need
mkdir -p "$work/b/runs"
for f in "$work/a"/*.json "$work/a"/*.txt "$work/a"/runs/*; do
  sed 's/"host_name": "[^"]*"/"host_name": "another-machine"/' "$f" >"$work/b/${f#"$work/a/"}"
done
"$advise" --from "$work/a" "$work/b" --need checksum --record-size 512 --out "$work/fleet" >"$work/fleet.out" \
  2>"$work/fleet.err" ||
  fail "advise.sh --from exit $?: $(tail -n 3 "$work/fleet.err")"
grep -q '^  need  *m1  *m2  *fleet$' "$work/fleet.out" || fail "--from: no table of picks per machine"
"$rows" "$work/fleet/advice.json" | grep '^pick' | cut -f 2 >"$work/fleet.needs" || fail "fleet advice.json"
expect_same "--need checksum" checksum "$(cat "$work/fleet.needs")"
[ -s "$work/fleet/report.html" ] || fail "--from: no report.html"

expect_done advise_sh_e2e
