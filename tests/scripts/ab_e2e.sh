#!/bin/sh
# ab_e2e.sh SOURCE_DIR — property: scripts/ab.sh compares commits end to end and its gate tells a
# real slowdown from none. In a throwaway repository holding this project at two commits, the
# second making fnv1a-64 50% slower on 1 KiB (scripts/lib/inject-slowdown.sh: 512 extra steps of
# the hash's own kind on top of its 1024, against 0 in the first, with the same code), a small run flags that row with the right sign (lower
# B/s, more cycles/B) and the gate exits 1 naming it; the same commit on both sides (byte-identical
# binaries) passes the gate; three revisions give one column each; the results folder keeps the raw
# JSON of every process, the run order (each revision in each place of a round equally often,
# reproduced by its seed), the tables (table.tsv for programs) and manifest.tsv, whose keys give
# the run's settings as they were asked for (hand-checked below); --out puts the folder where the
# caller says and never over an existing one; no worktree or temporary file is left and the working
# tree is untouched; every bad flag or revision exits 2 with one line before anything is built.
# --duet runs both revisions at once, one per CPU, finds the slowdown too, and is refused on one
# usable CPU.
set -eu
src=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
fail() { echo "FAIL: $*" >&2; exit 1; }

. "$src/scripts/lib/inject-slowdown.sh"
repo="$tmp/repo"
hb_throwaway_repo "$src" "$repo"
cd "$repo"
# Both commits carry the extra steps, 0 and 500 permille: the same machine code, one datum apart.
hb_inject_slowdown "$repo" 0
git commit -q --amend -a --no-edit
hb_inject_slowdown "$repo" 500
git commit -qam "fnv1a-64 50% slower"
status_before=$(git status --porcelain)
out="$tmp/out" err="$tmp/err"

# Bad input first: one line, exit 2, and nothing built or written.
mkdir "$tmp/scratch"
for bad in "HEAD no-such-revision|unknown revision 'no-such-revision'" "HEAD|at least two revisions" \
           "-n x HEAD HEAD|-n: 'x'" "-r 0 HEAD HEAD|-r: '0'" "--fail-on-regression 1.2.3 HEAD HEAD|'1.2.3' is not a percentage" \
           "--adjust bonferroni HEAD HEAD|--adjust: 'bonferroni'" "--alpha 2 HEAD HEAD|--alpha: '2'" \
           "--seed -1 HEAD HEAD|--seed: '-1'" "--frobnicate HEAD HEAD|unknown option '--frobnicate'" \
           "HEAD HEAD -- --benchmark_repetitions=9|is ab.sh's to set" \
           "--from $tmp/nowhere|'$tmp/nowhere' is not an ab.sh results folder" \
           "--out $tmp/scratch HEAD HEAD|'$tmp/scratch' exists" "--min-change 3 HEAD HEAD|--min-change only with --bisect"; do
  args=${bad%%|*} want=${bad#*|}
  status=0
  # shellcheck disable=SC2086  # the case's words
  TMPDIR="$tmp/scratch" scripts/ab.sh $args >"$out" 2>"$err" || status=$?
  [ "$status" = 2 ] || fail "ab.sh $args: exit $status, want 2"
  [ "$(wc -l <"$err")" = 1 ] && grep -qF -- "$want" "$err" || fail "ab.sh $args: want one line with '$want', got: $(cat "$err")"
done
[ ! -e results/ab ] || fail "a bad invocation created results/ab"
[ -z "$(ls -A "$tmp/scratch")" ] || fail "a bad invocation left files in TMPDIR"

# balanced ORDER K N: every revision takes every place of a round exactly once in each block of K
# rounds (at most once in the last, short block), so over N rounds each place holds each revision
# floor(N/K) or ceil(N/K) times; the warm-up round 0 holds each revision once.
balanced() {
  awk -v k="$2" -v n="$3" '
    { place[$1]++ }
    $1 == 0 { warm[$2]++; next }
    { b = int(($1 - 1) / k); if (++in_block[b " " $2 " " place[$1]] > 1) bad = bad " round " $1 " repeats revision " $2 " in place " place[$1] ";"
      total[$2 " " place[$1]]++ }
    END {
      if (NR != k * (n + 1)) bad = bad " " NR " lines, want " k * (n + 1) ";"
      for (i = 1; i <= k; i++) {
        if (warm[i] != 1) bad = bad " warm-up runs revision " i " " warm[i] + 0 " times;"
        for (j = 1; j <= k; j++) { c = total[i " " j] + 0
          if (c < int(n / k) || c > int((n + k - 1) / k)) bad = bad " revision " i " in place " j " " c " times;" }
      }
      if (bad != "") { print bad; exit 1 }
    }' "$1"
}

selection="--suite throughput --algo fnv1a-64 --size 1024 --load cpu --benchmark_min_time=0.005"
# shellcheck disable=SC2086  # selection is a word list
ab() { TMPDIR="$tmp/scratch" scripts/ab.sh --build-cache "$tmp/cache" -r 1 "$@" -- $selection >"$out" 2>"$err"; }

# section UNIT: the rows of the table of that unit in the last output.
section() {
  awk -v unit="$1" '/│/ && index($0, " " unit " ") { on = 1; next } /^$/ { on = 0 } on' "$out"
}

# Eight processes a side of three repetitions each. The gate's threshold, 10%, is a fifth of the
# injected slowdown: far enough from both 0 and 50% that a busy machine does not decide the test
# (with 20% injected, other tests sharing the pinned CPU under ctest -j2 flipped enough of the
# eight pairs, now and then, that the signed-rank test missed it).
status=0
ab -n 8 -r 3 --seed 7 --fail-on-regression 10 HEAD~1 HEAD || status=$?
[ "$status" = 1 ] || { cat "$err" "$out" >&2; fail "50% slower: the gate exited $status, want 1"; }
old=$(git rev-parse --short HEAD~1) new=$(git rev-parse --short HEAD)
grep -q "^old: $old base$" "$out" || fail "no 'old: $old base' line: $(cat "$out")"
grep -q "^new: $new fnv1a-64 50% slower$" "$out" || fail "no 'new: ...' line"
grep -q "│ *old *│ *new *│" "$out" || fail "no header with columns old and new: $(cat "$out")"
row="throughput/algo:fnv1a-64/impl:portable/size:1024/load:cpu"
# B/s down and cycles/B up by well over 10%, significant (not "~") with 8 processes a side. All
# three units come from the row's real time (one clock), which on a machine busy with other work
# (this test cannot take a benchmark lock) counts the neighbours' time slices too: sec/op is
# printed but not asserted on, and a very busy machine can blur the rates below significance.
section B/s | grep "^$row .* -[1-9][0-9]\.[0-9][0-9]% (p=[0-9.]* n=8)" >/dev/null || fail "B/s not flagged -: $(cat "$out")"
section cycles/B | grep "^$row .* +[1-9][0-9]\.[0-9][0-9]% (p=[0-9.]* n=8)" >/dev/null || fail "cycles/B not flagged +: $(cat "$out")"
section sec/op | grep -q "^$row " || fail "no sec/op table: $(cat "$out")"
grep -q "regression beyond 10%: $row \[new\] B/s -[0-9.]*% (p=[0-9.e-]* adjusted by Holm" "$err" ||
  fail "the gate did not name the row with its adjusted p: $(cat "$err")"
set -- results/ab/"$old-$new"-*
[ $# = 1 ] && [ -d "$1" ] || fail "expected one results/ab/$old-$new-<timestamp> folder, got: $*"
first=$1
for f in old-1.json old-8.json new-1.json new-8.json build-old.log build-new.log table.txt table.tsv table.json order.txt \
         settings.txt manifest.tsv; do
  [ -s "$first/$f" ] || fail "results folder lacks $f"
done
[ ! -e "$first/old-9.json" ] || fail "more than 8 processes kept"
[ "$(wc -l <"$first/order.txt")" = 18 ] || fail "order.txt: want a warm-up round and 8 rounds of 2"
why=$(balanced "$first/order.txt" 2 8) || fail "order.txt is not balanced:$why"
grep -q "seed 7" "$first/settings.txt" || fail "the seed is not recorded"
grep -q '"name": "'"$row"'"' "$first/old-1.json" || fail "raw JSON lacks the row"
grep -q '"p_unadjusted"' "$first/table.json" || fail "table.json lacks the unadjusted p"
# The manifest: one KEY<tab>VALUE line per key, each key once, the values those asked for.
value() { awk -F'\t' -v k="$2" '$1 == k { print $2 }' "$1/manifest.tsv"; }
awk -F'\t' 'NF != 2 || seen[$1]++ { bad = bad " line " NR } END { if (bad != "") { print bad; exit 1 } }' \
  "$first/manifest.tsv" >/dev/null || fail "manifest.tsv is not one KEY<tab>VALUE line per key: $(cat "$first/manifest.tsv")"
for want in "kind=ab" "revisions=$(git rev-parse HEAD~1) $(git rev-parse HEAD)" "labels=old new" \
            "description_old=$old base" "description_new=$new fnv1a-64 50% slower" "processes=8" "warmup=1" \
            "repetitions=3" "hashbench_flags=$selection" "seed=7" "order=balanced" "aslr=yes" "sample=paired" \
            "adjust=holm" "alpha=0.05" "fail_on_regression=10" "results_dir=$(cd "$first" && pwd -P)" "gate=tripped"; do
  [ "$(value "$first" "${want%%=*}")" = "${want#*=}" ] || fail "manifest.tsv: ${want%%=*} is '$(value "$first" "${want%%=*}")', want '${want#*=}'"
done
case "$(value "$first" wall_seconds)" in ''|*[!0-9]*) fail "manifest.tsv: wall_seconds '$(value "$first" wall_seconds)'" ;; esac
[ "$(value "$first" sources_old)" != "$(value "$first" sources_new)" ] || fail "manifest.tsv: the two commits' sources have one id"
# table.tsv: the compared row of each unit, with its adjusted and raw p, as hbstat gives it.
[ "$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c[".file"] == "new" && $c["p_unadjusted"] != "" { n++ } END { print n + 0 }' "$first/table.tsv")" = 4 ] ||
  fail "table.tsv: want the new column's row in 4 units with p_unadjusted: $(cat "$first/table.tsv")"
[ "$(git worktree list | wc -l)" = 1 ] || fail "worktrees left behind: $(git worktree list)"

# The same processes summarised again (--from): the same verdict and gate, a new folder beside the
# first, nothing built or run; run flags or revisions with it are refused.
cp "$out" "$tmp/first-table"
status=0
TMPDIR="$tmp/scratch" scripts/ab.sh --from "$first" --fail-on-regression 10 >"$out" 2>"$err" || status=$?
[ "$status" = 1 ] || { cat "$err" >&2; fail "--from: the gate exited $status, want 1"; }
set -- "$first"-again-*
[ $# = 1 ] && [ -s "$1/table.json" ] && [ -s "$1/new-8.json" ] || fail "--from: no $first-again-<timestamp> folder with its tables and processes"
[ "$(value "$1" kind)" = ab-again ] && [ "$(value "$1" from)" = "$(cd "$first" && pwd -P)" ] &&
  [ "$(value "$1" seed)" = 7 ] && [ "$(value "$1" wall_seconds)" = "$(value "$first" wall_seconds)" ] &&
  [ "$(value "$1" gate)" = tripped ] || fail "--from: its manifest: $(cat "$1/manifest.tsv")"
diff "$tmp/first-table" "$out" >/dev/null || fail "--from: another table than the run's own: $(diff "$tmp/first-table" "$out")"
! grep -q "building" "$err" || fail "--from built something: $(cat "$err")"
rm -rf "$1"
for bad in "-n 4|would change how the processes ran" "--fail-on-regression 10 HEAD|no revisions"; do
  args=${bad%%|*} want=${bad#*|}
  status=0
  # shellcheck disable=SC2086  # the case's words
  scripts/ab.sh --from "$first" $args >"$out" 2>"$err" || status=$?
  [ "$status" = 2 ] && [ "$(wc -l <"$err")" = 1 ] && grep -qF -- "$want" "$err" ||
    fail "ab.sh --from $first $args: exit $status, want 2 and one line with '$want', got: $(cat "$err")"
done
[ -z "$(ls -A "$tmp/scratch")" ] || fail "ab.sh left files in TMPDIR: $(ls -A "$tmp/scratch")"
[ "$(git status --porcelain)" = "$status_before" ] || fail "the working tree changed: $(git status --porcelain)"

# The same commit twice: byte-identical binaries (built once), the gate passes; same seed, same
# order; --out puts the folder where it is asked to be.
ab -n 8 -r 3 --seed 7 --fail-on-regression 10 --out "$tmp/aa" HEAD~1 HEAD~1 || { cat "$err" >&2; fail "A/A: the gate exited $?, want 0"; }
set -- "$tmp/aa"
[ "$(value "$1" gate)" = passed ] && [ "$(value "$1" results_dir)" = "$(cd "$1" && pwd -P)" ] ||
  fail "A/A: manifest: $(cat "$1/manifest.tsv")"
grep -q "same binary" "$1/build-new.log" || fail "A/A: the binary was not shared: $(cat "$1/build-new.log")"
grep -q "reusing the build" "$1/build-old.log" || fail "A/A: --build-cache not used"
cmp -s "$first/order.txt" "$1/order.txt" || fail "seed 7 gave another order"
grep -q "│ *old *│ *new *│" "$out" || fail "A/A: no old and new columns"

# Three revisions: one column each, every later one against the first (all three builds cached).
ab -n 4 --no-aslr HEAD~1 HEAD~1 HEAD || { cat "$err" >&2; fail "three revisions: exit $?"; }
grep -q "│ *old *│ *new1 *│ *new2 *│" "$out" || fail "three revisions: no old, new1, new2 columns: $(cat "$out")"
grep -q "^new2: $new " "$out" || fail "three revisions: no new2 line"
# Detection was asserted above; here the layout: two comparisons in the row, each against old.
section B/s | grep "^$row .* (p=[0-9.]* n=4[^│]* (p=[0-9.]* n=4" >/dev/null ||
  fail "three revisions: not two comparisons with n=4 in the row: $(cat "$out")"
set -- results/ab/"$old-$old-$new"-*
grep -q "address-space randomisation: no" "$1/settings.txt" || fail "--no-aslr not recorded"
why=$(balanced "$1/order.txt" 3 4) || fail "three revisions: order.txt is not balanced:$why"
[ "$(value "$1" aslr)" = no ] || fail "--no-aslr not in the manifest"
[ "$(value "$1" labels)" = "old new1 new2" ] || fail "three revisions: labels '$(value "$1" labels)'"
[ "$(ls -d results/ab/*/ | wc -l)" = 2 ] || fail "runs did not get their own folders"

# Duet: both revisions at once, one per CPU, sides swapping CPUs every round: the 50% slowdown is
# flagged and the gate trips; order.txt holds both revisions in every round, revision 1 on the
# other slot each round; the manifest says so. With one usable CPU (run under taskset -c 0) it is
# refused with one line before anything is built.
status=0
taskset -c 0 sh -c 'TMPDIR="$1/scratch" scripts/ab.sh --duet --out "$1/one-cpu" HEAD~1 HEAD' sh "$tmp" >"$out" 2>"$err" ||
  status=$?
[ "$status" = 2 ] && [ "$(wc -l <"$err")" = 1 ] && grep -q "duet needs two CPUs.*use 1$" "$err" ||
  fail "--duet on one CPU: exit $status, want 2 and one line: $(cat "$err")"
[ ! -e "$tmp/one-cpu" ] || fail "--duet on one CPU wrote its folder"
for bad in "--duet HEAD HEAD HEAD|runs two revisions at once, not 3" "--duet --unpaired HEAD HEAD|--duet and --unpaired" \
           "--cgroup HEAD HEAD|--cgroup only with --duet" "--duet -n 15 HEAD HEAD|so -n is even"; do
  status=0
  # shellcheck disable=SC2086  # the case's words
  TMPDIR="$tmp/scratch" scripts/ab.sh ${bad%%|*} >"$out" 2>"$err" || status=$?
  [ "$status" = 2 ] && [ "$(wc -l <"$err")" = 1 ] && grep -qF -- "${bad#*|}" "$err" ||
    fail "ab.sh ${bad%%|*}: exit $status, want 2 and one line with '${bad#*|}': $(cat "$err")"
done
if [ "$(taskset -c 0,1 true 2>/dev/null && echo 2)" = 2 ]; then
  # 24 duet rounds take the wall time of 12 sequential rounds (a round runs both at once), and
  # make 12 pairs of two rounds: one pair the wrong way under load still leaves the gate its p.
  status=0
  ab --duet -n 24 -r 3 --seed 7 --fail-on-regression 10 --out "$tmp/duet" HEAD~1 HEAD || status=$?
  [ "$status" = 1 ] || { cat "$err" "$out" >&2; fail "duet, 50% slower: the gate exited $status, want 1"; }
  # two rounds a pair (each side once on each CPU): 24 rounds, 12 pairs
  section B/s | grep "^$row .* -[1-9][0-9]\.[0-9][0-9]% (p=[0-9.]* n=12)" >/dev/null || fail "duet: B/s not flagged -: $(cat "$out")"
  grep -q "paired by round, the two run at once on CPUs" "$out" || fail "duet: table.txt does not say how the pairs ran"
  for f in old-1.json old-24.json new-1.json new-24.json table.tsv order.txt; do
    [ -s "$tmp/duet/$f" ] || fail "duet: results folder lacks $f"
  done
  awk 'NF != 3 { bad = 1 } { n[$1]++; rev[$1] += $2; slot[$1] += $3 }
    $2 == 1 { if (seen && $3 == last) bad = 1; seen = 1; last = $3 }
    END { for (r in n) if (n[r] != 2 || rev[r] != 3 || slot[r] != 3) bad = 1; exit bad }' "$tmp/duet/order.txt" ||
    fail "duet: order.txt is not two revisions a round on two slots, swapped every round: $(cat "$tmp/duet/order.txt")"
  [ "$(wc -l <"$tmp/duet/order.txt")" = 50 ] || fail "duet: want a warm-up round and 24 rounds of 2 in order.txt"
  for want in "order=duet" "processes=24" "sample=paired" "gate=tripped" "cgroups=none"; do
    [ "$(value "$tmp/duet" "${want%%=*}")" = "${want#*=}" ] || fail "duet manifest: ${want%%=*} is '$(value "$tmp/duet" "${want%%=*}")'"
  done
  [ "$(value "$tmp/duet" duet_cpus | wc -w)" = 2 ] || fail "duet manifest: duet_cpus '$(value "$tmp/duet" duet_cpus)'"
  # The same processes summarised again, as any run's.
  TMPDIR="$tmp/scratch" scripts/ab.sh --from "$tmp/duet" --out "$tmp/duet-again" --fail-on-regression 10 >"$out" 2>"$err" &&
    fail "duet --from: the gate passed"
  [ "$(value "$tmp/duet-again" gate)" = tripped ] || fail "duet --from: $(cat "$err")"
  # --cgroup: each side in a cpuset cgroup of its own where this user can make one (the manifest
  # names the hierarchy, and none is left behind); refused with one line where it cannot.
  cgroups=$(sh -c '. "$1/scripts/lib/ab-rounds.sh"; hb_cgroup_kind' sh "$src") && can=yes || can=no
  status=0
  ab --duet --cgroup -n 2 -r 1 --out "$tmp/cgroup" HEAD~1 HEAD || status=$?
  if [ "$can" = yes ]; then
    [ "$status" = 0 ] && [ "$(value "$tmp/cgroup" cgroups)" = "$cgroups" ] ||
      fail "--cgroup: exit $status, cgroups '$(value "$tmp/cgroup" cgroups 2>/dev/null)', want '$cgroups': $(cat "$err")"
    ls -d /sys/fs/cgroup/hb-ab-* /sys/fs/cgroup/*/hb-ab-* 2>/dev/null | grep -q . && fail "--cgroup left its cgroups behind"
  else
    [ "$status" = 2 ] && [ "$(wc -l <"$err")" = 1 ] && grep -q -- "--cgroup: " "$err" ||
      fail "--cgroup where no cgroup can be made: exit $status: $(cat "$err")"
    echo "skipped: ab.sh --duet --cgroup in ab_e2e ($cgroups)"
    [ -z "${HB_SKIP_LOG:-}" ] || echo "ab.sh --duet --cgroup in ab_e2e ($cgroups)" >>"$HB_SKIP_LOG"
  fi
else
  echo "skipped: ab.sh --duet in ab_e2e (fewer than two usable CPUs)"
  [ -z "${HB_SKIP_LOG:-}" ] || echo "ab.sh --duet in ab_e2e (fewer than two usable CPUs)" >>"$HB_SKIP_LOG"
fi
[ -z "$(ls -A "$tmp/scratch")" ] || fail "ab.sh left files in TMPDIR: $(ls -A "$tmp/scratch")"
echo "ab_e2e: all checks passed"
