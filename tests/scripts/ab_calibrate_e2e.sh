#!/bin/sh
# ab_calibrate_e2e.sh SOURCE_DIR HBAB — property: scripts/ab-calibrate.sh's report, rewritten from
# the runs of a calibration folder (--continue DIR --runs 0: no new run), is the one expected for
# that folder. The folder is the hand-written calibration of tests/ab/data/calibration (seven
# runs of four kinds; tables, manifests and /proc/stat snapshots); ab_calibrate_report.md is the
# report the script wrote for it when its tallies were awk programs, its figures checked by hand.
# The line the rewrite adds to commands.txt (its time and commit) is left out of the comparison.
# Bad --hbab values exit 2 with one line before anything is read.
set -eu
src=$1 hbab=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
fail() { echo "FAIL: $*" >&2; exit 1; }

cp -r "$src/tests/ab/data/calibration" "$tmp/calibration"
cd "$src"
scripts/ab-calibrate.sh --continue "$tmp/calibration" --runs 0 --hbab "$hbab" 2>"$tmp/err" ||
  fail "ab-calibrate.sh --continue --runs 0: exit $?: $(cat "$tmp/err")"
grep -v -- "--continue $tmp/calibration" "$tmp/calibration/ab-calibration.md" >"$tmp/report.md"
diff -u "$src/tests/scripts/ab_calibrate_report.md" "$tmp/report.md" || fail "the report differs from ab_calibrate_report.md"
[ "$(grep -c -- "--continue $tmp/calibration" "$tmp/calibration/commands.txt")" = 1 ] ||
  fail "commands.txt does not record the rewrite once"

# An hbab without tally (one that refuses the command, as a build from before it) and a path that
# is no program: one line each, exit 2, no report written.
printf '#!/bin/sh\necho "hbab: unknown command \\"tally\\" (try --help)" >&2\nexit 2\n' >"$tmp/old-hbab"
chmod +x "$tmp/old-hbab"
for bad in "$tmp/old-hbab|has no tally" "$tmp/nowhere|is not an executable file"; do
  path=${bad%%|*} want=${bad#*|}
  rm -f "$tmp/calibration/ab-calibration.md"
  status=0
  scripts/ab-calibrate.sh --continue "$tmp/calibration" --runs 0 --hbab "$path" >"$tmp/out" 2>"$tmp/err" || status=$?
  [ "$status" = 2 ] || fail "--hbab $path: exit $status, want 2"
  [ "$(wc -l <"$tmp/err")" = 1 ] && grep -qF -- "$want" "$tmp/err" || fail "--hbab $path: want one line with '$want', got: $(cat "$tmp/err")"
  [ ! -e "$tmp/calibration/ab-calibration.md" ] || fail "--hbab $path wrote a report"
done
echo "ab_calibrate_e2e: ok"
