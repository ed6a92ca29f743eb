#!/bin/sh
# hbadvise_tables_e2e.sh SOURCE HBADVISE ADVICE_ROWS — the table needs on a hand-written advice
# folder (tests/advise/fixtures/tables: five processes' runs/run-P.json and tables-P.json, one
# repetition each, and spread.json, as the contracts of hashbench --process, --suite hashtable and
# hbspread --battery write them, 200,000 8-byte keys, four entries): every entry of table and
# table-untrusted, ranked or left out, carries its tables per design in advice.json, its rank
# interval and its processes, and each need its fastest set; the pick follows the table lookup time worked out by hand (xxh3-64's
# geometric mean of hit and miss over the three designs, (12*8*60*40*10*7)^(1/6) = 15.90 ns,
# against murmur3-32's 17.11 and siphash-1-3's 25.03), not the chain latency (crc32c 2.8 ns,
# murmur3-32 4.0, xxh3-64 5.0); crc32c, linear, is listed as "structure" with its figures and its
# capped uthash lookups as capped; --table uthash ranks by uthash alone (murmur3-32 sqrt(58*39) =
# 47.56 ns before xxh3-64's sqrt(60*40) = 48.99); the text and the HTML say the same, the HTML
# with a plot per design; each design ranked on its own, and against its default hash; --contenders
# and --agree; bad --table values, a malformed tables-P.json, a battery off the contract, a folder
# of the old layout (one run.json) and a folder missing a process file get one line and exit 2.
set -eu
src=$1 bin=$2 rows=$3
. "$src/tests/lib/expect.sh"
fixture="$src/tests/advise/fixtures/tables"

"$bin" --format json "$fixture" >"$work/advice.json" || fail "--format json exit $?"
"$bin" --format text "$fixture" >"$work/advice.txt" || fail "--format text exit $?"
"$bin" --format html "$fixture" >"$work/advice.html" || fail "--format html exit $?"
"$rows" "$work/advice.json" >"$work/rows" || fail "advice.json does not read back"

pick() { awk -F'\t' -v n="$1" '$1 == "pick" && $2 == n { print $3 }' "$work/rows"; }
expect_same "table: the least table lookup time" xxh3-64/inline "$(pick table)"
expect_same "table-untrusted: the only PRF" siphash-1-3/portable "$(pick table-untrusted)"
expect_same "table: the ranked order" "xxh3-64/inline murmur3-32/portable siphash-1-3/portable" \
  "$(awk -F'\t' '$1 == "ranked" && $2 == "table" { printf "%s%s", sep, $4; sep = " " }' "$work/rows")"

# every entry of the two table needs, ranked or left out, with its three designs
for need in table table-untrusted; do
  entries=$(awk -F'\t' -v n="$need" '($1 == "ranked" || $1 == "excluded") && $2 == n' "$work/rows" | wc -l)
  designs=$(awk -F'\t' -v n="$need" '$1 == "tables" && $2 == n && $5 != "none" { print $5 }' "$work/rows" | sort | uniq -c |
    awk '{ printf "%s%s:%s", sep, $2, $1; sep = " " }')
  expect_same "$need: tables per design for each of its $entries entries" \
    "absl:$entries open-addressing:$entries uthash:$entries" "$designs"
done
grep -q '^tables	table	ranked	xxh3-64/inline	uthash	60.000	40.000	90.000$' "$work/rows" ||
  fail "xxh3-64's uthash figures are not the fixture's medians"
grep -q '"hit_ns_low": 58.8' "$work/advice.json" || fail "no hit_ns_low beside xxh3-64's uthash median"

# crc32c: linear, listed with its figures, capped lookups as capped
expect_same "table leaves out crc32c by" structure \
  "$(awk -F'\t' '$1 == "excluded" && $2 == "table" && $3 == "crc32c" { print $4 }' "$work/rows")"
grep -q '^tables	table	excluded	crc32c/sse42	uthash	capped	capped	2000.000$' "$work/rows" ||
  fail "crc32c's capped uthash lookups are not shown as capped"
grep -q 'left out: crc32c — linear over GF(2)' "$work/advice.txt" || fail "text: crc32c's reason is not its structure"
# the untrusted table's pick with the key its paper gives SipHash (128 bits), not the 64-bit seed
tr '\n' ' ' <"$work/advice.txt" | sed 's/  */ /g' | grep -q 'siphash-1-3: key 128 bits' ||
  fail "text: table-untrusted does not name siphash-1-3's 128-bit key"
tr '\n' ' ' <"$work/advice.txt" | sed 's/  */ /g' |
  grep -q 'keys i\*2^6 in a table of 2^8 buckets indexed by its low bits occupy 64 buckets' ||
  fail "text: crc32c's first failure is not named"
grep -q '  -  crc32c/sse42 .* capped/capped/2000.00 ' "$work/advice.txt" || fail "text: crc32c's table figures not listed"

# the HTML: a plot per design for each table need, the pick marked, crc32c listed, capped as capped
for need in table table-untrusted; do
  for design in absl uthash open-addressing; do
    grep -q "<svg class=\"advice-plot-table\" id=\"plot-$need-$design\" data-need=\"$need\" data-design=\"$design\"" \
      "$work/advice.html" || fail "html: no $design plot for $need"
  done
done
awk '/<svg class="advice-plot-table" id="plot-table-uthash"/ { on = 1 } on { print } on && /<\/svg>/ { exit }' \
  "$work/advice.html" >"$work/uthash.svg"
grep -q 'class="entry pick" data-entry="xxh3-64/inline" data-rank="1" data-hit-ns="60.000" data-miss-ns="40.000"' \
  "$work/uthash.svg" || fail "html: the uthash plot does not mark the pick with its figures"
grep -q 'class="entry listed" data-entry="crc32c/sse42" data-hit-ns="capped" data-miss-ns="capped"' "$work/uthash.svg" ||
  fail "html: crc32c is not listed as capped in the uthash plot"

# one design
"$bin" --format json --table uthash --need table "$fixture" >"$work/uthash.json" || fail "--table uthash exit $?"
expect_same "--table uthash" murmur3-32/portable "$("$rows" "$work/uthash.json" | awk -F'\t' '$1 == "pick" { print $3 }')"
# each design on its own beside the combined ranking, the same pick as --table
expect_same "table_designs uthash pick" murmur3-32/portable \
  "$(awk -F'\t' '$1 == "design" && $2 == "table" && $3 == "uthash" { print $4 }' "$work/rows")"

# each design against its own default: absl's (absl::Hash) is not among the fixture's entries, so
# not timed, and said; uthash's default is no registry entry; the text and the HTML say the same
expect_same "table: absl against its default" "not-timed absl-hash -" \
  "$(awk -F'\t' '$1 == "against" && $2 == "table" && $3 == "absl" { print $4, $5, $6 }' "$work/rows")"
expect_same "table: uthash against its default" "no-default - -" \
  "$(awk -F'\t' '$1 == "against" && $2 == "table" && $3 == "uthash" { print $4, $5, $6 }' "$work/rows")"
tr '\n' ' ' <"$work/advice.txt" | sed 's/  */ /g' |
  grep -q 'Against the default of absl::flat_hash_set, absl::Hash (absl-hash): not timed in this design' ||
  fail "text: absl's answer against absl::Hash is not said"
grep -q '<li data-design="uthash" data-against="no-default">' "$work/advice.html" ||
  fail "html: uthash's answer against its default is not marked"

# the fastest set: every need ranked carries one, its members first, the pick its first member
for need in table table-untrusted; do
  set=$(awk -F'\t' -v n="$need" '$1 == "set" && $2 == n { print $3 }' "$work/rows" | head -n 1)
  [ "$set" = "$(pick "$need")" ] || fail "$need: the set's first member '$set' is not the pick $(pick "$need")"
done
awk -F'\t' '$1 == "ranked" && ($2 == "table" || $2 == "table-untrusted") && $13 != 5' "$work/rows" | grep -q . &&
  fail "a ranked entry does not count the fixture's five processes"
grep -q 'Fastest set at 95%' "$work/advice.txt" || fail "text: no fastest set"
# five processes: the even half has two, too few to rank, which the list says
grep -q 'Not checked in halves: 5 processes leave a half fewer than 3' "$work/advice.txt" ||
  fail "text: the halves check not said"
grep -q '<p class="fastest-set">' "$work/advice.html" || fail "html: no fastest set"

# racing: the entries the fixture's processes still leave able to win, for the next process
"$bin" --contenders tables "$fixture" >"$work/contenders" || fail "--contenders tables exit $?"
grep -q "xxh3-64/inline" "$work/contenders" || fail "--contenders tables dropped the pick: $(cat "$work/contenders")"
[ "$(wc -l <"$work/contenders")" = 1 ] || fail "--contenders prints more than one line"
expect_usage_error "--contenders: unknown kind 'disk'" "$bin" --contenders disk "$fixture"
# two runs compared: the fixture against itself agrees everywhere
"$bin" --agree "$fixture" "$fixture" >"$work/agree" || fail "--agree exit $?"
head -n 1 "$work/agree" | grep -q '^ranking	ranked_a	ranked_b	set_a	set_b	pick_a	pick_b	intersect	identical' ||
  fail "--agree: no header"
awk -F'\t' 'NR > 1 && ($8 != "yes" || $9 != "yes" || $10 != "yes" || $11 != "yes")' "$work/agree" | grep -q . &&
  fail "--agree: the fixture disagrees with itself"
grep -q '^table/uthash	' "$work/agree" || fail "--agree: no row per design"
expect_usage_error "--agree takes two advice folders, not 1" "$bin" --agree "$fixture"

# bad input
expect_usage_error "--table: unknown design 'hopscotch'" "$bin" --table hopscotch "$fixture"
mkdir "$work/old"
for d in bad_tables bad_battery gap short; do cp -r "$fixture" "$work/$d"; done
head -c 500 "$fixture/runs/tables-2.json" >"$work/bad_tables/runs/tables-2.json"
expect_usage_error "$work/bad_tables/runs/tables-2.json" "$bin" "$work/bad_tables"
sed '0,/"verdict": "pass", "linearity"/s//"verdict": "maybe", "linearity"/' "$fixture/spread.json" >"$work/bad_battery/spread.json"
expect_usage_error "battery.verdict is not what hbspread --battery writes" "$bin" "$work/bad_battery"
# the old layout: one run.json from one process
cp "$fixture/runs/run-1.json" "$work/old/run.json"
cp "$fixture/spread.json" "$work/old/"
expect_usage_error "$work/old: an advice folder of the old layout (one run.json, from one process)" "$bin" "$work/old"
expect_usage_error "$work/old: an advice folder of the old layout" "$bin" --default-buckets "$work/old"
# a process file missing: inside a kind, and at the end of one kind
rm "$work/gap/runs/run-3.json"
expect_usage_error "$work/gap: runs/run-3.json missing (run-1.json to run-5.json are one per process)" "$bin" "$work/gap"
rm "$work/short/runs/tables-5.json"
expect_usage_error "$work/short: runs/tables-P.json for 4 processes but run-P.json for 5" "$bin" "$work/short"

expect_done hbadvise_tables_e2e
