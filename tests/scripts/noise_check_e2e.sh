#!/bin/sh
# noise_check_e2e.sh SOURCE_DIR HBAB — property: scripts/noise-check.sh asks hbab for a noise table
# of a one-line input before it runs anything, instead of reading its error messages: with this
# checkout's hbab the check passes (the run then fails on purpose, on a BEFORE binary that exits 1
# without running); an hbab that refuses the command (one from before it) and a path that is no
# program are refused with one line and exit status 2, before any results folder is made. The script runs from
# a copy of scripts/, so that its results folder is made in the test's own directory.
set -eu
src=$1 hbab=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
fail() { echo "FAIL: $*" >&2; exit 1; }

printf '#!/bin/sh\necho "hbab: unknown command \\"noise\\" (try --help)" >&2\nexit 2\n' >"$tmp/old-hbab"
printf '#!/bin/sh\nexit 1\n' >"$tmp/failing-hashbench"
chmod +x "$tmp/old-hbab" "$tmp/failing-hashbench"
mkdir -p "$tmp/tree/scripts"
cp -r "$src/scripts/noise-check.sh" "$src/scripts/lib" "$tmp/tree/scripts/"
for bad in "$tmp/old-hbab|has no noise table" "$tmp/nowhere|is not an executable file"; do
  path=${bad%%|*} want=${bad#*|}
  status=0
  sh "$tmp/tree/scripts/noise-check.sh" --hbab "$path" "$tmp/failing-hashbench" "$tmp/failing-hashbench" \
    >"$tmp/out" 2>"$tmp/err" || status=$?
  [ "$status" = 2 ] || fail "--hbab $path: exit $status, want 2"
  [ "$(wc -l <"$tmp/err")" = 1 ] && grep -qF -- "$want" "$tmp/err" || fail "--hbab $path: want one line with '$want', got: $(cat "$tmp/err")"
done
[ ! -e "$tmp/tree/results" ] || fail "a refused hbab left a results folder"

# This checkout's hbab passes the check: the failure comes from the run itself (exit 1).
status=0
sh "$tmp/tree/scripts/noise-check.sh" --hbab "$hbab" "$tmp/failing-hashbench" "$tmp/failing-hashbench" \
  >"$tmp/out" 2>"$tmp/err" || status=$?
[ "$status" = 1 ] || fail "this checkout's hbab: exit $status, want 1 (the run fails): $(cat "$tmp/err")"
grep -q 'before-1 failed' "$tmp/err" || fail "this checkout's hbab: want the run's failure, got: $(cat "$tmp/err")"
echo "noise_check_e2e: ok"
