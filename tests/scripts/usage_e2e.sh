#!/bin/sh
# usage_e2e.sh SOURCE_DIR — property: every script answers --help on stdout with status 0, and
# an unknown flag with one line on stderr and status 2, before doing any work.
set -eu
src=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
failures=0
for script in setup.sh test.sh cross.sh bench.sh ab.sh lib/ab-bisect.sh lib/ab-counts.sh ab-calibrate.sh plot.sh \
              filehash.sh fidelity.sh bench-hbstat.sh advise.sh advise-agreement.sh report.sh fuzz.sh noise-check.sh \
              rank-agreement.sh; do
  s="$src/scripts/$script"
  [ -x "$s" ] || { echo "FAIL: $script is not executable" >&2; failures=$((failures + 1)); continue; }
  status=0
  "$s" --help >"$tmp/out" 2>"$tmp/err" || status=$?
  if [ "$status" != 0 ] || ! grep -qi usage "$tmp/out"; then
    echo "FAIL: $script --help: status $status" >&2; failures=$((failures + 1))
  fi
  status=0
  "$s" --no-such-flag >"$tmp/out" 2>"$tmp/err" || status=$?
  if [ "$status" != 2 ] || [ "$(wc -l <"$tmp/err")" != 1 ]; then
    echo "FAIL: $script --no-such-flag: status $status, stderr: $(cat "$tmp/err")" >&2; failures=$((failures + 1))
  fi
done
[ "$failures" = 0 ] || exit 1
echo "usage_e2e: all checks passed"
