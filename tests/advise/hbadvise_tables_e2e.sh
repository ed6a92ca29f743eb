#!/bin/sh
# hbadvise_tables_e2e.sh SOURCE HBADVISE ADVICE_ROWS — the table needs on a hand-written advice
# folder (tests/advise/fixtures/tables: run.json, tables.json and spread.json as the contracts of
# hashbench --suite hashtable and hbspread --battery write them, 200,000 8-byte keys, four
# entries): every entry of table and table-untrusted, ranked or left out, carries its tables per
# design in advice.json; the pick follows the table lookup time worked out by hand (xxh3-64's
# geometric mean of hit and miss over the three designs, (12*8*60*40*10*7)^(1/6) = 15.90 ns,
# against murmur3-32's 17.11 and siphash-1-3's 25.03), not the chain latency (crc32c 2.8 ns,
# murmur3-32 4.0, xxh3-64 5.0); crc32c, linear, is listed as "structure" with its figures and its
# capped uthash lookups as capped; --table uthash ranks by uthash alone (murmur3-32 sqrt(58*39) =
# 47.56 ns before xxh3-64's sqrt(60*40) = 48.99); the text and the HTML say the same, the HTML
# with a plot per design; bad --table values, a malformed tables.json and a battery off the
# contract get one line and exit 2.
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

# bad input
expect_usage_error "--table: unknown design 'hopscotch'" "$bin" --table hopscotch "$fixture"
mkdir "$work/bad_tables" "$work/bad_battery"
cp "$fixture/run.json" "$fixture/spread.json" "$work/bad_tables/"
head -c 500 "$fixture/tables.json" >"$work/bad_tables/tables.json"
expect_usage_error "$work/bad_tables/tables.json" "$bin" "$work/bad_tables"
cp "$fixture/run.json" "$fixture/tables.json" "$work/bad_battery/"
sed '0,/"verdict": "pass", "linearity"/s//"verdict": "maybe", "linearity"/' "$fixture/spread.json" >"$work/bad_battery/spread.json"
expect_usage_error "battery.verdict is not what hbspread --battery writes" "$bin" "$work/bad_battery"

expect_done hbadvise_tables_e2e
