#!/bin/sh
# noise_check_e2e.sh SOURCE_DIR HBSTAT — property: scripts/noise-check.sh asks hbstat which formats
# it has (hbstat -formats) instead of reading its error messages: with this checkout's hbstat the
# check passes (the run then fails on purpose, on a BEFORE binary that exits 1 without running); an
# hbstat that cannot list its formats, and one whose list lacks noise, are refused with one line and
# exit status 2, before any results folder is made. The script runs from a copy of scripts/, so
# that its results folder is made in the test's own directory.
set -eu
src=$1 hbstat=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
fail() { echo "FAIL: $*" >&2; exit 1; }

printf '#!/bin/sh\necho "hbstat: flag provided but not defined: -formats (try --help)" >&2\nexit 2\n' >"$tmp/old-hbstat"
printf '#!/bin/sh\nprintf "text\\ntsv\\n"\n' >"$tmp/no-noise-hbstat"
printf '#!/bin/sh\nexit 1\n' >"$tmp/failing-hashbench"
chmod +x "$tmp/old-hbstat" "$tmp/no-noise-hbstat" "$tmp/failing-hashbench"
mkdir -p "$tmp/tree/scripts"
cp -r "$src/scripts/noise-check.sh" "$src/scripts/lib" "$tmp/tree/scripts/"
for bad in "$tmp/old-hbstat|cannot tell its formats; build this checkout's" "$tmp/no-noise-hbstat|has no -format noise"; do
  path=${bad%%|*} want=${bad#*|}
  status=0
  sh "$tmp/tree/scripts/noise-check.sh" --hbstat "$path" "$tmp/failing-hashbench" "$tmp/failing-hashbench" \
    >"$tmp/out" 2>"$tmp/err" || status=$?
  [ "$status" = 2 ] || fail "--hbstat $path: exit $status, want 2"
  [ "$(wc -l <"$tmp/err")" = 1 ] && grep -qF -- "$want" "$tmp/err" || fail "--hbstat $path: want one line with '$want', got: $(cat "$tmp/err")"
done
[ ! -e "$tmp/tree/results" ] || fail "a refused hbstat left a results folder"

# This checkout's hbstat passes the check: the failure comes from the run itself (exit 1).
status=0
sh "$tmp/tree/scripts/noise-check.sh" --hbstat "$hbstat" "$tmp/failing-hashbench" "$tmp/failing-hashbench" \
  >"$tmp/out" 2>"$tmp/err" || status=$?
[ "$status" = 1 ] || fail "this checkout's hbstat: exit $status, want 1 (the run fails): $(cat "$tmp/err")"
grep -q 'before-1 failed' "$tmp/err" || fail "this checkout's hbstat: want the run's failure, got: $(cat "$tmp/err")"
echo "noise_check_e2e: ok"
