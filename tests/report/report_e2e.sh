#!/bin/sh
# report_e2e.sh — hbreport on folders built here from hand-written files, checked against what
# those files say: the page holds hbstat's own html tables for the folder's kind (an A/B when its
# manifest.tsv says so), byte for byte (an A/B folder's with the test, adjustment and alpha of its
# manifest, or hbstat's defaults and "settings unknown" when it names none; a replicated run's over
# its processes, with -ranks; an advice folder's over its run.json alone; the legend names a test
# only where columns are compared);
# the spread verdicts of spread.json's headline keyset, the skipped entry left out and text
# escaped (spread/'s verdict table, as hbadvise --verdicts draws it); an SVG inline without its
# XML declaration and doctype; the run's context and the folder's manifest as definition lists;
# the advice fragment as it is. Bad input (a folder that is no results folder, a malformed run or
# spread.json, an existing page, bad flags) exits 2 with one line and writes nothing.
# Usage: report_e2e.sh HBREPORT HBSTAT SOURCE_DIR
set -eu

if [ "$#" -ne 3 ]; then
	echo "usage: report_e2e.sh HBREPORT HBSTAT SOURCE_DIR" >&2
	exit 2
fi
hbreport=$1 hbstat=$2 src=$3
. "$src/tests/lib/expect.sh"
data=$src/tests/summarise/data
fixtures=$src/tests/report/data

# contains WHAT PAGE FRAGMENT_FILE: every line of the fragment is a line of the page, in order.
contains() {
	awk 'NR == FNR { want[++n] = $0; next } i < n && $0 == want[i + 1] { i++ } END { exit i == n ? 0 : 1 }' \
		"$3" "$2" || fail "$1: the page lacks hbstat's output (first lines: $(head -n 3 "$3" | tr '\n' ' '))"
}

# 1. A run folder.
run=$work/run
mkdir "$run"
cp "$data/gb_old.json" "$run/run.json"
cp "$fixtures/spread.json" "$fixtures/plot.svg" "$run/"
printf 'kind\trun\nhashbench_flags\t--quick\n' >"$run/manifest.tsv"
printf '<p class="recommend">Use <b>fast64/c</b></p>\n' >"$run/advice.html"
run_status "$hbreport" "$run"
expect_same "run folder: exit" 0 "$status"
page=$run/report.html
[ -s "$page" ] || fail "run folder: no report.html"
"$hbstat" -format html -confidence 0.9 -uncertain 5 -rank -row /algo,/impl -table /size@num,/load \
	-filter '.name:(throughput OR baseline) .unit:sec/op' "run.json=$run/run.json" >"$work/time.html" 2>/dev/null
contains "run folder, time per hash" "$page" "$work/time.html"
"$hbstat" -format html -confidence 0.9 -uncertain 5 -rank -row /algo,/impl -table /size@num,/load \
	-filter '.name:(throughput OR baseline) .unit:B/s -/algo:noop' "run.json=$run/run.json" >"$work/rate.html" 2>/dev/null
contains "run folder, throughput" "$page" "$work/rate.html"
expect_same "run folder: hbstat tables" 4 "$(grep -c '<table class="hbstat"' "$page")"
grep -qF '<tr><td>fast64/c</td><td class="num" data-value="64">64</td><td class="verdict-pass">pass</td><td class="verdict-warn">warn</td><td class="verdict-pass">pass</td><td class="verdict-FAIL">FAIL</td><td class="num" data-value="3">3 (0.000123)</td></tr>' "$page" ||
	fail "run folder: the verdict row is not fast64's, with the headline keyset's 3 pairs against 0.000123"
grep -q 'avx9' "$page" && fail "run folder: the skipped entry has a row"
grep -qF '<p>hbspread on: seq, words&lt;&amp;&gt;. Each test'"'"'s p-value is scaled by the number of tests; warn at 2<sup>-12</sup>, FAIL at 2<sup>-18</sup>.</p>' "$page" ||
	fail "run folder: the keysets and thresholds are not spread.json's"
grep -q '<rect x="1"' "$page" || fail "run folder: the plot is not inline"
grep -q '<?xml\|<!DOCTYPE svg\|svg11.dtd' "$page" && fail "run folder: the SVG's declaration or doctype is in the page"
grep -qF '<figcaption>plot (scripts/plot.sh)</figcaption>' "$page" || fail "run folder: no caption naming the plot"
grep -qF '<div><dt>cpu_model</dt><dd>Test CPU @ 2.00GHz</dd></div>' "$page" || fail "run folder: the context's cpu_model"
grep -qF '<div><dt>num_cpus</dt><dd>2</dd></div>' "$page" || fail "run folder: the context's num_cpus"
grep -q '<dt>caches</dt>' "$page" && fail "run folder: the caches array is listed"
grep -qF '<div><dt>hashbench_flags</dt><dd>--quick</dd></div>' "$page" || fail "run folder: the manifest"
grep -qxF '<p class="recommend">Use <b>fast64/c</b></p>' "$page" || fail "run folder: the advice fragment"
grep -q '<title>hashbench report</title>' "$page" || fail "run folder: title"
grep -q 'significant change' "$page" && fail "run folder: the legend names a test, where no columns are compared"
cp "$page" "$work/first.html"
expect_usage_error "exists" "$hbreport" "$run"
cmp -s "$page" "$work/first.html" || fail "a second run changed the page"

# 1b. A replicated run (bench.sh's runs/): its tables are hbstat's over the processes, ranked.
rep=$work/replicated
mkdir -p "$rep/runs"
cp "$data/gb_old.json" "$rep/run.json"
cp "$data/gb_old.json" "$rep/runs/run-1.json"
cp "$data/gb_old_rerun.json" "$rep/runs/run-2.json"
cp "$data/gb_new.json" "$rep/runs/run-3.json"
cp "$fixtures/spread.json" "$rep/"
run_status "$hbreport" "$rep"
expect_same "replicated run: exit" 0 "$status"
"$hbstat" -format html -confidence 0.9 -uncertain 5 -ranks -ranks-filter -.name:baseline -rank -row /algo,/impl \
	-table /size@num,/load \
	-filter '.name:(throughput OR baseline) .unit:sec/op' "run.json=$rep/runs/run-1.json" \
	"run.json=$rep/runs/run-2.json" "run.json=$rep/runs/run-3.json" >"$work/ranked.html" 2>/dev/null
grep -q 'class="rank-set"' "$work/ranked.html" || fail "replicated run: hbstat's html has no best set"
contains "replicated run, time per hash ranked over 3 processes" "$rep/report.html" "$work/ranked.html"
grep -q 'cells are the medians of 3 processes' "$rep/report.html" || fail "replicated run: the legend"

# 1c. An advice folder (size:keys rows) with its raced processes in runs/: the advice ranks them,
# the tables stay run.json's, unranked.
adv=$work/advice
mkdir -p "$adv/runs"
cp "$src"/tests/advise/fixtures/tables/runs/run-*.json "$adv/runs/"
cp "$adv/runs/run-1.json" "$adv/run.json"
run_status "$hbreport" "$adv"
expect_same "advice folder: exit" 0 "$status"
"$hbstat" -format html -confidence 0.9 -uncertain 5 -rank -row /algo,/impl -table .name,/load \
	-filter '/size:keys .unit:sec/op' "run.json=$adv/run.json" >"$work/advice-time.html" 2>/dev/null
contains "advice folder, run.json's time per key" "$adv/report.html" "$work/advice-time.html"
grep -q 'class="rank-set"' "$adv/report.html" && fail "advice folder: its tables are ranked over raced processes"
grep -q 'processes' "$adv/report.html" && fail "advice folder: the legend speaks of processes"

# 2. An A/B folder, two rounds a side: told by its manifest's kind, not by its files' names.
# Without a manifest it is no results folder; with kind ab but no statistics its tables take
# hbstat's defaults and say so; with them, its own.
ab=$work/ab
mkdir "$ab"
cp "$data/gb_old.json" "$ab/old-1.json"
cp "$data/gb_old_rerun.json" "$ab/old-2.json"
cp "$data/gb_new.json" "$ab/new-1.json"
cp "$data/gb_new.json" "$ab/new-2.json"
expect_usage_error "no manifest.tsv naming an A/B" "$hbreport" --out "$work/ab-none.html" "$ab"
[ ! -e "$work/ab-none.html" ] || fail "A/B folder without a manifest: a page was written"
printf 'kind\tbisect\n' >"$ab/manifest.tsv"
expect_usage_error "a bisection's folder" "$hbreport" --out "$work/ab-none.html" "$ab"
printf 'kind\tab\nrevisions\t2\n' >"$ab/manifest.tsv"
run_status "$hbreport" --out "$work/ab-unknown.html" "$ab"
expect_same "A/B folder: exit" 0 "$status"
grep -q 'A/B settings unknown' "$work/ab-unknown.html" || fail "A/B folder without statistics: settings not said to be unknown"
"$hbstat" -format html -confidence 0.9 -uncertain 5 -row .fullname \
	"old=$ab/old-1.json" "old=$ab/old-2.json" "new=$ab/new-1.json" "new=$ab/new-2.json" >"$work/ab.html" 2>/dev/null
contains "A/B folder without statistics" "$work/ab-unknown.html" "$work/ab.html"
printf 'kind\tab\nrevisions\t2\nsample\tpaired\nadjust\tholm\nalpha\t0.1\nprocesses\t2\n' >"$ab/manifest.tsv"
run_status "$hbreport" "$ab"
expect_same "A/B folder with a manifest: exit" 0 "$status"
grep -qF 'significant change (Wilcoxon signed-rank over rounds, p adjusted (holm) &le; 0.1)' "$ab/report.html" ||
	fail "A/B folder: the legend does not name the manifest's test"
"$hbstat" -format html -confidence 0.9 -uncertain 5 -sample paired -adjust holm -alpha 0.1 -row .fullname \
	"old=$ab/old-1.json" "old=$ab/old-2.json" "new=$ab/new-1.json" "new=$ab/new-2.json" >"$work/paired.html" 2>/dev/null
contains "A/B folder with a manifest" "$ab/report.html" "$work/paired.html"
grep -qF '<div><dt>sample</dt><dd>paired</dd></div>' "$ab/report.html" || fail "A/B folder: the manifest is not listed"
grep -q '<title>hashbench A/B report</title>' "$ab/report.html" || fail "A/B folder: title"

# 3. Two machines.
mkdir "$work/m1" "$work/m2"
cp "$data/gb_old.json" "$work/m1/run.json"
cp "$data/gb_other_cpu.json" "$work/m2/run.json"
run_status "$hbreport" --out "$work/machines.html" "$work/m1" "$work/m2"
expect_same "machines: exit" 0 "$status"
"$hbstat" -format html -confidence 0.9 -uncertain 5 -row /algo,/impl -col cpu_model,host_name -table .name,/size@num,/load \
	-filter '.unit:sec/op' "$work/m1/run.json" "$work/m2/run.json" >"$work/machines-want.html" 2>/dev/null
contains "machines" "$work/machines.html" "$work/machines-want.html"
grep -q '<title>hashbench: 2 machines side by side</title>' "$work/machines.html" || fail "machines: title"
grep -qF 'significant change (Mann-Whitney U, p &le; 0.05)' "$work/machines.html" || fail "machines: the legend does not name the test"

# 4. Counted runs (hbcount, ab.sh --counts: docs/counts.md): hbstat's exact tables of
# instructions/op and instructions/B, cells the files' counts with no interval, a legend that says
# so and names the valgrind that counted; an A/B folder compared at its manifest's -exact-change.
counted=$work/counted
mkdir "$counted"
cp "$data/counted_a.json" "$counted/run.json"
run_status "$hbreport" "$counted"
expect_same "counted run: exit" 0 "$status"
page=$counted/report.html
for unit in instructions/op instructions/B; do
	"$hbstat" -format html -confidence 0.9 -uncertain 5 -rank -row /algo,/impl -table /size@num,/load \
		-filter ".name:(throughput OR baseline) .unit:$unit" "run.json=$counted/run.json" >"$work/counted.html" 2>/dev/null
	contains "counted run, $unit" "$page" "$work/counted.html"
done
expect_same "counted run: hbstat tables" 4 "$(grep -c '<table class="hbstat"' "$page")"
# counted_a.json's counts: 95 and 4620 instructions per call, 5.9375 and 4.51171875 per byte.
for value in 95 4620 5.9375 4.51171875; do
	grep -qF "<td class=\"num\" data-value=\"$value\"><span class=\"center\">" "$page" ||
		fail "counted run: no cell of the file's count $value"
done
grep -q 'sec/op\|B/s' "$page" && fail "counted run: a time or throughput table from a counted run"
grep -q '±\|&plusmn;\|confidence interval' "$page" && fail "counted run: an interval on exact counts"
grep -qF 'cells are exact instruction counts per hash call (instructions/op) and per byte (instructions/B), counted under valgrind-3.19.0' "$page" ||
	fail "counted run: the legend does not say the cells are exact counts under valgrind-3.19.0"
grep -qF '<div><dt>counting_cpu</dt><dd>GenuineIntel, Intel(R) Core(TM) i7-4770 CPU @ 3.40GHz, sse2 sse4.2 avx avx2</dd></div>' "$page" ||
	fail "counted run: the provenance lacks counting_cpu"
counted_ab=$work/counted-ab
mkdir "$counted_ab"
cp "$data/counted_a.json" "$counted_ab/old-1.json"
cp "$data/counted_a2.json" "$counted_ab/old-2.json"
cp "$data/counted_b.json" "$counted_ab/new-1.json"
cp "$data/counted_b.json" "$counted_ab/new-2.json"
printf 'kind\tab-counts\nmeasure\tinstructions\nexact_change\t0.07\n' >"$counted_ab/manifest.tsv"
run_status "$hbreport" "$counted_ab"
expect_same "counted A/B: exit" 0 "$status"
page=$counted_ab/report.html
"$hbstat" -format html -confidence 0.9 -uncertain 5 -exact-change 0.07 -row .fullname \
	"old=$counted_ab/old-1.json" "old=$counted_ab/old-2.json" "new=$counted_ab/new-1.json" "new=$counted_ab/new-2.json" \
	>"$work/counted-ab.html" 2>/dev/null
contains "counted A/B" "$page" "$work/counted-ab.html"
# 4623 against 4620 instructions is +0.065%: within the manifest's 0.07%, so no change.
grep -qF '<td class="num delta" data-value="0.06493506493505663">+0.065% <span class="p">(exact n=2)</span></td>' "$page" ||
	fail "counted A/B: the 1024-byte row is not an exact +0.065% below the threshold"
grep -q 'delta worse\|delta better' "$page" && fail "counted A/B: a change within -exact-change 0.07"
grep -q '±\|&plusmn;\|confidence interval\|Mann-Whitney\|Wilcoxon' "$page" && fail "counted A/B: an interval or a test on exact counts"
grep -qF 'an exact change beyond 0.07% (-exact-change), no test' "$page" ||
	fail "counted A/B: the legend does not name the manifest's -exact-change"

# Two machines' counted runs: a column of instructions/op per machine.
mkdir "$work/cm1" "$work/cm2"
cp "$data/counted_a.json" "$work/cm1/run.json"
sed 's/"host_name": "hb-test"/"host_name": "hb-other"/' "$data/counted_b.json" >"$work/cm2/run.json"
run_status "$hbreport" --out "$work/counted-machines.html" "$work/cm1" "$work/cm2"
expect_same "counted machines: exit" 0 "$status"
"$hbstat" -format html -confidence 0.9 -uncertain 5 -row /algo,/impl -col cpu_model,host_name -table .name,/size@num,/load \
	-filter '.unit:instructions/op' "$work/cm1/run.json" "$work/cm2/run.json" >"$work/counted-machines-want.html" 2>/dev/null
contains "counted machines" "$work/counted-machines.html" "$work/counted-machines-want.html"
grep -qF '<th scope="col" class="num">Test CPU @ 2.00GHz hb-other</th>' "$work/counted-machines.html" ||
	fail "counted machines: no column for the second machine"
grep -q '±\|&plusmn;\|Mann-Whitney' "$work/counted-machines.html" && fail "counted machines: an interval or a test on exact counts"

# 5. Bad input: one line, exit 2, no page.
expect_usage_error "need a RUN_DIR" "$hbreport"
expect_usage_error "--nope" "$hbreport" --nope
expect_usage_error "--out needs" "$hbreport" --out
expect_usage_error "no such directory" "$hbreport" "$work/missing"
mkdir "$work/empty"
expect_usage_error "not a results folder" "$hbreport" "$work/empty"
expect_usage_error "several RUN_DIRs need --out" "$hbreport" "$work/m1" "$work/m2"
mkdir "$work/bad-run"
cp "$data/bad_malformed.json" "$work/bad-run/run.json"
expect_usage_error "bad-run/run.json: malformed JSON" "$hbreport" "$work/bad-run"
[ -e "$work/bad-run/report.html" ] && fail "a malformed run.json left a page"
mkdir "$work/bad-spread"
cp "$data/gb_old.json" "$work/bad-spread/run.json"
echo '{"algorithms": [' >"$work/bad-spread/spread.json"
expect_usage_error "spread.json: truncated" "$hbreport" "$work/bad-spread"
[ -e "$work/bad-spread/report.html" ] && fail "a malformed spread.json left a page"
echo '{"hbspread_schema": 1}' >"$work/bad-spread/spread.json"
expect_usage_error "spread.json: no \"config.buckets\" (not hbspread --format json output?)" "$hbreport" "$work/bad-spread"
expect_usage_error "no run.json (a machines report compares run folders)" "$hbreport" --out "$work/mixed.html" "$work/m1" "$ab"

# A history (--history): hbstat -history's html, byte for byte, and one plot per series that
# changed with one dashed line per change point its tables list.
"$hbreport" --history --out "$work/history.html" "$data"/history/r* || fail "hbreport --history failed"
"$hbstat" -history -format html "$data"/history/r* >"$work/history.fragment"
contains "--history" "$work/history.html" "$work/history.fragment"
changes=$(grep -c '^<tr><th scope="row">' "$work/history.fragment" || true)
lines=$(grep -c '<line class="change"' "$work/history.html" || true)
plots=$(grep -c '<figure class="history-plot">' "$work/history.html" || true)
[ "$plots" -ge 1 ] || fail "--history: no plot on the page"
[ "$changes" -ge 1 ] && [ "$lines" -eq "$changes" ] || fail "--history: $changes change points but $lines change lines"
expect_usage_error "--history needs --out" "$hbreport" --history "$data"/history/r00 "$data"/history/r01
expect_usage_error "reports are never overwritten" "$hbreport" --history --out "$work/history.html" "$data"/history/r*

expect_done report_e2e
