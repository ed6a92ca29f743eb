#!/bin/sh
# hbadvise_e2e.sh SOURCE HBADVISE HASHBENCH HBSPREAD MAKE_KEYS ADVICE_ROWS — hbadvise on small real
# files: a run of a few hashes on 2000 generated URLs (hashbench --keys as six processes, one short
# repetition each) and their spread (hbspread); every output format, the rules as the registry's properties decide
# them (the 128-bit hash out of table, MurmurHash3 out of table-untrusted with its attack named,
# GxHash out of checksum and fingerprint for its versioned output and its AES, MD5 out of crypto),
# the JSON read back by yajl's tree parser against the text, the HTML and its plot; every format
# in one run (--output) against the single-format runs; two runs of one machine pooled, and a
# fleet of two; --default-buckets and --verdicts; then every kind of bad input: one line, exit 2.
set -eu
src=$1 bin=$2 hashbench=$3 hbspread=$4 make_keys=$5 rows=$6
. "$src/tests/lib/expect.sh"

algos=xxh3-64,xxh3-128,siphash-1-3,murmur3-32,crc32c,sha256,md5,fnv1a-64
"$bin" --help >"$work/help" || fail "--help exit status $?"
grep -q 'table-untrusted' "$work/help" || fail "--help does not name table-untrusted"
"$bin" --version | grep -q '^hbadvise (hashbench) ' || fail "--version"
[ "$("$bin" --list-needs | paste -sd, -)" = "table,table-untrusted,checksum,fingerprint,crypto,password,mac,shard" ] ||
  fail "--list-needs: $("$bin" --list-needs | paste -sd, -)"
case "$("$bin" --default-shards)" in ''|*[!0-9]*|0|1) fail "--default-shards: '$("$bin" --default-shards)'" ;; esac
tr '\n' ' ' <"$work/help" | sed 's/  */ /g' | grep -q "default $("$bin" --default-shards) shards" ||
  fail "--help does not state the default shard count"
# --describe-needs: every need once, each as --help lists it, and advise.sh --help prints the same
"$bin" --describe-needs >"$work/describe" || fail "--describe-needs exit status $?"
for need in $("$bin" --list-needs); do
  [ "$(grep -c "^  $need  " "$work/describe")" = 1 ] || fail "--describe-needs: '$need' not listed once"
done
"$src/scripts/advise.sh" --help >"$work/advise_help" || fail "advise.sh --help exit status $?"
while IFS= read -r line; do
  grep -qxF -- "$line" "$work/help" || fail "--help lacks --describe-needs' line '$line'"
  grep -qxF -- "$line" "$work/advise_help" || fail "advise.sh --help lacks --describe-needs' line '$line'"
done <"$work/describe"

# gxhash64 only where the build under test has it (AES on x86-64): its registry says, through the
# hbsum beside this hbadvise.
if "$(dirname "$bin")/hbsum" --list --format tsv 2>/dev/null | cut -f 1 | grep -qx gxhash64; then
  algos="$algos,gxhash64"
else
  skipped gxhash64 hbadvise.e2e "not in this build (x86-64 code only): its exclusion from checksum and fingerprint is not checked"
fi

mkdir -p "$work/run/runs"
"$make_keys" urls 2000 >"$work/urls.txt"
processes="1 2 3 4 5 6"
for k in $processes; do
  "$hashbench" --keys "$work/urls.txt" --size keys --algo "$algos,noop" --benchmark_min_time=0.002 \
    --benchmark_repetitions=1 --no-progress --process "$k" \
    --benchmark_out="$work/run/runs/run-$k.json" --benchmark_out_format=json >/dev/null 2>"$work/hashbench.err" ||
    fail "hashbench: $(tail -n 2 "$work/hashbench.err")"
done
buckets=$("$bin" --default-buckets "$work/run") || fail "--default-buckets exit $?"
expect_same "--default-buckets for 2000 distinct keys" 2048 "$buckets"
"$hbspread" --keys "file:$work/urls.txt" --buckets "$buckets" --algo "$algos" --avalanche-keys 500 --battery \
  --battery-max-buckets 4096 --format json >"$work/run/spread.json" 2>/dev/null || fail "hbspread exit $?"
# the real tables on the same keys, for the entries of at most 64 bits, when this hashbench has them
tables=yes
"$hashbench" --suite hashtable --list >/dev/null 2>&1 || tables=""
if [ -n "$tables" ]; then
  for k in $processes; do
    "$hashbench" --suite hashtable --size keys --keys "$work/urls.txt" --designs absl,std-unordered,glib \
      --algo xxh3-64/inline,siphash-1-3/portable,murmur3-32/portable,crc32c,fnv1a-64/portable \
      --benchmark_min_time=0.001 --benchmark_repetitions=1 --no-progress --process "$k" \
      --benchmark_out="$work/run/runs/tables-$k.json" --benchmark_out_format=json >/dev/null 2>"$work/tables.err" ||
      fail "hashbench --suite hashtable: $(tail -n 2 "$work/tables.err")"
  done
else
  skipped "the table needs on real tables" hbadvise.e2e "this hashbench has no hashtable suite"
fi

for f in text json html brief; do
  "$bin" --format "$f" "$work/run" >"$work/advice.$f" 2>"$work/advice.$f.err" || fail "--format $f exit $?"
  [ ! -s "$work/advice.$f.err" ] || fail "--format $f wrote to stderr: $(cat "$work/advice.$f.err")"
done
"$rows" "$work/advice.json" >"$work/rows" || fail "advice.json does not read back"

# every format in one run (--output FORMAT=FILE), byte-identical to the runs above, the brief on
# standard output as --format asks; bad --output values: one line, exit 2, a file there kept
mkdir "$work/multi"
"$bin" --format brief --output "text=$work/multi/advice.text" --output "json=$work/multi/advice.json" \
  --output "html=$work/multi/advice.html" "$work/run" >"$work/multi/advice.brief" 2>"$work/multi.err" ||
  fail "--output: exit $?"
[ ! -s "$work/multi.err" ] || fail "--output wrote to stderr: $(cat "$work/multi.err")"
for f in text json html brief; do
  cmp -s "$work/advice.$f" "$work/multi/advice.$f" || fail "--output $f=FILE differs from --format $f"
done
"$bin" --output "brief=$work/multi/only.brief" "$work/run" >"$work/multi/stdout" || fail "--output alone: exit $?"
[ ! -s "$work/multi/stdout" ] || fail "--output without --format wrote to standard output"
cmp -s "$work/advice.brief" "$work/multi/only.brief" || fail "--output brief=FILE differs from --format brief"
echo kept >"$work/multi/old"
expect_usage_error "--output: unknown format 'xml'" "$bin" --output "xml=$work/multi/old" "$work/run"
expect_usage_error "the folder '$work/nowhere' does not exist" "$bin" --output "text=$work/nowhere/a" "$work/run"
expect_usage_error "$work/multi/../multi/old: named twice" "$bin" --output "text=$work/multi/old" \
  --output "json=$work/multi/../multi/old" "$work/run"
expect_usage_error "--output: only with advice" "$bin" --verdicts --output "text=$work/multi/old" "$work/run"
expect_usage_error "$work/nothere" "$bin" --output "text=$work/multi/old" "$work/nothere"
expect_same "a file named by a failed run" kept "$(cat "$work/multi/old")"
expect_same "temporary files left" "" "$(find "$work/multi" -name '*.tmp.*')"

# the new flags' bad values, and a folder's optional files that are there but malformed
expect_usage_error "--volume: 'lots' is not a whole number" "$bin" --volume lots "$work/run"
expect_usage_error "--shards: '0' is not a whole number" "$bin" --shards 0 "$work/run"
expect_usage_error "--record-size: '-8' is not a whole number" "$bin" --record-size -8 "$work/run"
expect_usage_error "--time-password takes no folder" "$bin" --time-password "$work/run"
mkdir "$work/badcost"
cp -r "$work/run/runs" "$work/run/spread.json" "$work/badcost/"
echo "argon2id fast" >"$work/badcost/password-cost.txt"
expect_usage_error "password-cost.txt: not a line of hbadvise --time-password" "$bin" "$work/badcost"
"$bin" --time-password >"$work/run/password-cost.txt" || fail "--time-password exit $?"
grep -q '^argon2id memory_kib=19456 iterations=2 lanes=1 repetitions=7 median_s=' "$work/run/password-cost.txt" ||
  fail "--time-password: $(cat "$work/run/password-cost.txt")"
"$bin" --need password "$work/run" | grep -q 'One login here: Argon2id at OWASP' ||
  fail "password: the timed login is not said"

# the eight needs, each with its rule, in every format
for need in table table-untrusted checksum fingerprint crypto password mac shard; do
  grep -q "^$need — " "$work/advice.text" || fail "text: no section for $need"
  grep -q "^pick	$need	" "$work/rows" || fail "json: no need $need"
  grep -q "id=\"need-$need\"" "$work/advice.html" || fail "html: no section for $need"
  grep -q "^  $need  *[^ ]" "$work/advice.brief" || fail "brief: no line for $need"
done
[ "$(grep -c '^  Rule: ' "$work/advice.text")" = 8 ] || fail "text: not one rule per need"
[ "$(grep -c '<p class="rule">' "$work/advice.html")" = 8 ] || fail "html: not one rule per need"

# every row of the advice tables has as many cells as the header has columns
awk '/<table class="advice"/ { table = 1 } table && /<thead>/ { heads = gsub(/<th /, "&") }
     table && /^<tr/ { cells = gsub(/<td[ >]/, "&"); if (cells != heads) { print "row of " cells " cells under " heads " headings"; exit 1 } }
     /<\/table>/ { table = 0 }' "$work/advice.html" >"$work/columns" || fail "html: $(cat "$work/columns")"

# each pick, in the JSON, the text and the brief alike
pick() { awk -F'\t' -v n="$1" '$1 == "pick" && $2 == n { print $3 }' "$work/rows"; }
for need in table table-untrusted checksum fingerprint crypto; do
  p=$(pick "$need")
  grep -q "^  $need  *$p\$" "$work/advice.brief" || fail "brief: $need is not $p"
  [ "$p" = - ] || grep -q "^  => $need: $p " "$work/advice.text" || fail "text: $need's pick is not $p"
done
expect_same "table-untrusted: the only PRF" siphash-1-3/portable "$(pick table-untrusted)"
expect_same "crypto: md5 is broken" sha256 "$(pick crypto | cut -d / -f 1)"

excluded() { awk -F'\t' -v n="$1" -v a="$2" '$1 == "excluded" && $2 == n && $3 == a { print $4 }' "$work/rows"; }

# the table needs on the real tables: every entry, ranked or left out, carries the three designs
# measured (--designs) and no other;
# crc32c (linear) is never ranked and is listed for its structure
for need in table table-untrusted; do
  entries=$(awk -F'\t' -v n="$need" '($1 == "ranked" || $1 == "excluded") && $2 == n' "$work/rows" | wc -l)
  designs=$(awk -F'\t' -v n="$need" '$1 == "tables" && $2 == n && $5 != "none" { print $5 }' "$work/rows" | sort | uniq -c |
    awk '{ printf "%s%s:%s", sep, $2, $1; sep = " " }')
  expect_same "$need: tables per design for each of its $entries entries" \
    "absl:$entries glib:$entries std-unordered:$entries" "$designs"
done
awk -F'\t' '$1 == "ranked" && ($2 == "table" || $2 == "table-untrusted") && $4 ~ /^crc32c\//' "$work/rows" | grep -q . &&
  fail "a table need ranks crc32c, which is linear"
expect_same "table leaves out crc32c by" structure "$(excluded table crc32c)"
if [ -n "$tables" ]; then
  awk -F'\t' '$1 == "tables" && $2 == "table" && $3 == "ranked" && $5 == "absl" && $6 !~ /^[0-9]/' "$work/rows" |
    grep -q . && fail "a ranked table entry has no absl hit figure"
  grep -q '<svg class="advice-plot-table" id="plot-table-std-unordered"' "$work/advice.html" || fail "html: no std-unordered plot"
  ! grep -q 'id="plot-table-uthash"' "$work/advice.html" || fail "html: a plot of uthash, which the run did not measure"
fi
tr '\n' ' ' <"$work/advice.text" | sed 's/  */ /g' | grep -q 'Ranked by the measured lookup time in real tables' ||
  fail "text: the table rule is not the tables'"

# the rules through the registry's real properties
expect_same "table leaves out xxh3-128 by" bits "$(excluded table xxh3-128)"
expect_same "table-untrusted leaves out murmur3-32 by" dos "$(excluded table-untrusted murmur3-32)"
grep -q "left out: murmur3-32.* — dos seed-independent: .*evidence (published): Aumasson, Bernstein" \
  "$work/advice.html" || fail "html: the untrusted list does not name MurmurHash3's attack"
expect_same "crypto leaves out md5 by" broken "$(excluded crypto md5)"
if echo "$algos" | grep -q gxhash64; then
  expect_same "checksum leaves out gxhash64 by" output "$(excluded checksum gxhash64)"
  expect_same "fingerprint leaves out gxhash64 by" output "$(excluded fingerprint gxhash64)"
fi
awk -F'\t' '$1 == "ranked" && $2 == "table" && $5 > 64' "$work/rows" | grep -q . && fail "table ranks a hash wider than 64 bits"
awk -F'\t' '$1 == "ranked" && $2 == "table-untrusted" && $6 != "prf"' "$work/rows" | grep -q . &&
  fail "table-untrusted ranks a hash that is not a PRF"
awk -F'\t' '$1 == "ranked" && ($2 == "checksum" || $2 == "fingerprint") && ($7 != "frozen" || $8 != "-")' "$work/rows" |
  grep -q . && fail "checksum or fingerprint ranks a versioned hash or one with CPU needs"
grep -q 'noop' "$work/rows" && fail "the noop baseline appears in the advice"

# the plot of each need: one marker per ranked entry, the pick marked, the same figures as the JSON
for need in table checksum; do
  awk -v need="$need" 'index($0, "data-need=\"" need "\"") && /<svg/ { on = 1 } on { print } on && /<\/svg>/ { exit }' \
    "$work/advice.html" | grep -o '<g class="entry[^"]*" [^>]*>' >"$work/plot.$need" || true
  want=$(awk -F'\t' -v n="$need" '$1 == "ranked" && $2 == n' "$work/rows" | wc -l)
  [ "$(wc -l <"$work/plot.$need")" = "$want" ] || fail "$need: $(wc -l <"$work/plot.$need") plot markers for $want entries"
  [ "$(grep -c 'class="entry pick"' "$work/plot.$need")" = 1 ] || fail "$need: the pick is not marked once"
  sed 's/.*data-entry="\([^"]*\)" data-rank="\([^"]*\)" data-ns-per-key="\([^"]*\)" data-latency-ns-per-key="\([^"]*\)".*/\2 \1 \3 \4/' \
    "$work/plot.$need" | LC_ALL=C sort >"$work/plot.$need.got"
  awk -F'\t' -v n="$need" '$1 == "ranked" && $2 == n { print $3, $4, $9, $10 }' "$work/rows" | LC_ALL=C sort \
    >"$work/plot.$need.want"
  cmp -s "$work/plot.$need.want" "$work/plot.$need.got" ||
    fail "$need: the plot's figures differ from advice.json: $(diff "$work/plot.$need.want" "$work/plot.$need.got" | head -n 3 | tr '\n' ' ')"
  grep -q "class=\"entry pick\" data-entry=\"$(pick "$need")\" data-rank=\"1\"" "$work/plot.$need" ||
    fail "$need: the marked point is not the pick"
done

# two runs of one machine (the same host and CPU): their processes pooled into one machine
cp -r "$work/run" "$work/again"
"$bin" --format json "$work/run" "$work/again" >"$work/pooled.json" || fail "pooled exit $?"
"$rows" "$work/pooled.json" >"$work/pooled.rows" || fail "pooled json does not read back"
grep -q '"processes": 12,' "$work/pooled.json" || fail "two runs of six processes: not 12 pooled"
grep -q '^pick' "$work/pooled.rows" && ! grep -q 'per_machine' "$work/pooled.json" || fail "pooled runs made a fleet"
"$bin" "$work/run" "$work/again" | grep -q 'Pooled: 2 runs on this machine' || fail "text: the pooling not said"
# a fleet of two machines (the same figures under another host name): picks per machine and for
# the fleet, whose fastest set holds the machine's own pick (each machine ranked at 97.5%)
mkdir -p "$work/run2/runs"
for f in "$work/run"/* "$work/run"/runs/*; do
  [ -f "$f" ] || continue
  sed 's/"host_name": "[^"]*"/"host_name": "another-machine"/' "$f" >"$work/run2/${f#"$work/run/"}"
done
"$bin" "$work/run" "$work/run2" >"$work/fleet.text" || fail "fleet exit $?"
grep -q '^  m1 ' "$work/fleet.text" && grep -q '^  m2 ' "$work/fleet.text" || fail "fleet: machines not listed"
grep -q '^  need  *m1  *m2  *fleet$' "$work/fleet.text" || fail "fleet: no table of picks per machine"
"$bin" --format json "$work/run" "$work/run2" >"$work/fleet.json" || fail "fleet json exit $?"
"$rows" "$work/fleet.json" >"$work/fleet.rows" || fail "fleet json does not read back"
for need in table checksum fingerprint crypto; do
  p=$(pick "$need")
  [ "$p" = - ] || grep -q "^set	$need	$p\$" "$work/fleet.rows" || fail "fleet: $need's set lacks the machine's pick $p"
done

# the spread verdicts report.sh shows
"$bin" --verdicts --format html "$work/run" >"$work/verdicts.html" || fail "--verdicts exit $?"
[ "$(grep -c '<td class="verdict-' "$work/verdicts.html")" -ge 4 ] || fail "--verdicts: no verdict cells"
"$bin" --verdicts "$work/run" | grep -q '^  crc32c/' || fail "--verdicts text: no crc32c row"

# fewer than 1000 keys: said; one process: no interval, said
mkdir -p "$work/few/runs"
head -n 300 "$work/urls.txt" >"$work/few.txt"
"$hashbench" --keys "$work/few.txt" --size keys --algo xxh3-64,noop --quick --no-progress \
  --benchmark_out="$work/few/runs/run-1.json" --benchmark_out_format=json >/dev/null 2>&1 || fail "hashbench (few) failed"
"$hbspread" --keys "file:$work/few.txt" --buckets 512 --algo xxh3-64 --avalanche-keys 200 --format json \
  >"$work/few/spread.json" 2>/dev/null || fail "hbspread (few) failed"
"$bin" "$work/few" >"$work/few.text" || fail "few keys: exit $?"
grep -q 'Only 300 distinct keys, fewer than 1000' "$work/few.text" || fail "few keys: not said"
grep -q 'no 90% interval can be computed' "$work/few.text" || fail "one repetition: the missing intervals not said"

# bad input: one line, exit 2, nothing written
mkdir "$work/empty_dir" "$work/no_run" "$work/bad_run" "$work/bad_spread" "$work/not_spread" "$work/no_rows" \
  "$work/deep" "$work/long" "$work/old"
cp "$work/run/spread.json" "$work/no_run/"
mkdir "$work/bad_run/runs"
printf '{ "context": {' >"$work/bad_run/runs/run-1.json"
cp "$work/run/spread.json" "$work/bad_run/"
cp -r "$work/run/runs" "$work/bad_spread/"
head -c 300 "$work/run/spread.json" >"$work/bad_spread/spread.json"
cp -r "$work/run/runs" "$work/not_spread/"
echo '{"algorithms": []}' >"$work/not_spread/spread.json"
mkdir "$work/no_rows/runs"
"$hashbench" --algo xxh3-64 --size 16 --suite throughput --quick --no-progress \
  --benchmark_out="$work/no_rows/runs/run-1.json" --benchmark_out_format=json >/dev/null 2>&1 || fail "hashbench (no rows) failed"
cp "$work/run/spread.json" "$work/no_rows/"
for d in deep long; do cp -r "$work/run/runs" "$work/$d/"; done
cp "$work/run/runs/run-1.json" "$work/old/run.json"
cp "$work/run/spread.json" "$work/old/"
awk 'BEGIN { printf "{\"hbspread_schema\": 1, \"x\": "; for (i = 0; i < 40; i++) printf "["; for (i = 0; i < 40; i++) printf "]"; print "}" }' \
  >"$work/deep/spread.json"
awk 'BEGIN { printf "{\"hbspread_schema\": 1, \"x\": \""; for (i = 0; i < 70000; i++) printf "a"; print "\"}" }' \
  >"$work/long/spread.json"
expect_usage_error "$work/missing: No such file" "$bin" "$work/missing"
expect_usage_error "not a folder" "$bin" "$work/urls.txt"
expect_usage_error "not an advice folder" "$bin" "$work/empty_dir"
expect_usage_error "$work/no_run: not an advice folder (no runs/run-1.json)" "$bin" "$work/no_run"
expect_usage_error "$work/bad_run/runs/run-1.json: truncated" "$bin" "$work/bad_run"
expect_usage_error "$work/old: an advice folder of the old layout" "$bin" "$work/old"
expect_usage_error "$work/bad_spread/spread.json: truncated" "$bin" "$work/bad_spread"
expect_usage_error "not hbspread --format json output" "$bin" "$work/not_spread"
expect_usage_error "no timing rows at size:keys" "$bin" "$work/no_rows"
expect_usage_error "nested deeper than" "$bin" "$work/deep"
expect_usage_error "the longest allowed" "$bin" "$work/long"
expect_usage_error "no timing rows at size:keys" "$bin" --default-buckets "$work/no_rows"
expect_usage_error "--need: unknown need 'speed'" "$bin" --need speed "$work/run"
expect_usage_error "--rows: 'a b'" "$bin" --rows 'a b' "$work/run"
expect_usage_error "--format: unknown format 'xml'" "$bin" --format xml "$work/run"
expect_usage_error "--format: 'json' is not text or html" "$bin" --verdicts --format json "$work/run"
expect_usage_error "unknown option '--bogus'" "$bin" --bogus "$work/run"
expect_usage_error "option '--need' needs a value" "$bin" --need
expect_usage_error "no advice folder given" "$bin"
expect_usage_error "--verdicts takes one folder" "$bin" --verdicts "$work/run" "$work/run2"
# hostile spread files end promptly in bounded memory (256 MiB, 20 s): endless bytes, endless
# nesting, a FIFO without a writer, a directory
mkdir "$work/zero" "$work/nest" "$work/fifo" "$work/dirs"
for d in zero nest fifo dirs; do cp -r "$work/run/runs" "$work/$d/"; done
ln -s /dev/zero "$work/zero/spread.json"
awk 'BEGIN { printf "{\"hbspread_schema\": 1, \"x\": "; for (i = 0; i < 2000000; i++) printf "[" }' >"$work/nest/spread.json"
mkfifo "$work/fifo/spread.json"
mkdir "$work/dirs/spread.json"
# Under qemu-user the limit goes to the emulated program (QEMU_RESERVED_VA) and qemu gets 256 MiB
# more for itself, as tests/scripts/hostile_input.sh does.
memory_kib=262144
if foreign_program "$bin"; then
  QEMU_RESERVED_VA=$((memory_kib * 1024))
  export QEMU_RESERVED_VA
  memory_kib=$((memory_kib + 262144))
fi
refused_guarded() {
  status=0
  (ulimit -v "$memory_kib" && exec timeout 20 "$bin" "$2") >"$work/out" 2>"$work/err" || status=$?
  [ "$status" = 2 ] && [ ! -s "$work/out" ] && [ "$(wc -l <"$work/err")" = 1 ] && grep -q '^hbadvise: ' "$work/err" &&
    grep -qF -- "$1" "$work/err" || fail "hbadvise $2 -> exit $status: $(head -c 300 "$work/err") (want exit 2, one line naming '$1')"
}
refused_guarded "malformed JSON" "$work/zero"
refused_guarded "nested deeper than" "$work/nest"
refused_guarded "empty file" "$work/fifo"
refused_guarded "is a directory" "$work/dirs"
# a fleet with one bad folder writes nothing
expect_usage_error "$work/bad_run/runs/run-1.json" "$bin" "$work/run" "$work/bad_run"
# --rows 16 on a bench-like run: no latency rows, so table needs rank by time per key and say so
"$bin" --rows 16 --need table "$work/no_rows" >"$work/bench.text" 2>"$work/bench.err" ||
  fail "--rows 16 exit $?: $(cat "$work/bench.err")"
grep -q 'no latency rows at size:16' "$work/bench.text" || fail "--rows 16: the missing latency rows are not said"
grep -q 'Keys: synthetic' "$work/bench.text" || fail "--rows 16: synthetic keys not said"

expect_done hbadvise_e2e
