#!/bin/sh
# stream_tempfile.sh — the stream suite's generated file is gone after a run, after a run stopped
# by SIGINT (Ctrl-C) and after one stopped by SIGTERM; the directory hashbench made for it too.
# Usage: stream_tempfile.sh HASHBENCH
set -eu

hashbench=$1
TMPDIR=$(mktemp -d)
export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT INT TERM
failed=0

left_behind() {
  [ -n "$(ls -A "$TMPDIR")" ]
}

"$hashbench" --suite stream --algo crc32/zlib --chunk 1M --benchmark_min_time=0 --benchmark_repetitions=1 \
  > /dev/null 2>&1
if left_behind; then
  echo "FAIL: after a run, $TMPDIR still holds: $(ls -A "$TMPDIR")" >&2
  failed=1
fi

for sig in INT TERM; do
  # A run long enough to be stopped while the file exists.
  "$hashbench" --suite stream --algo sha512 --chunk 4096 --benchmark_min_time=30 > /dev/null 2>&1 &
  pid=$!
  waited=0
  until [ -f "$TMPDIR"/hashbench.*/stream-input.bin ] 2>/dev/null || [ "$waited" -ge 30 ]; do
    sleep 1
    waited=$((waited + 1))
  done
  sleep 1 # the file is being written or hashed; either way it must go
  kill "-$sig" "$pid"
  status=0
  wait "$pid" || status=$?
  if [ "$status" -le 128 ]; then
    echo "FAIL: SIG$sig: hashbench exited $status, not by the signal" >&2
    failed=1
  fi
  if left_behind; then
    echo "FAIL: after SIG$sig, $TMPDIR still holds: $(ls -A "$TMPDIR")" >&2
    failed=1
  fi
done

[ "$failed" -eq 0 ] && echo "stream_tempfile.sh: the stream file is removed at exit, on SIGINT and on SIGTERM"
exit "$failed"
