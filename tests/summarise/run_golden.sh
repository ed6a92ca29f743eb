#!/bin/sh
# run_golden.sh — runs a tool (hbstat; hbab for tests/ab/golden) as one golden case says and
# compares its standard output, standard error and exit status with the files written for that
# case. A case NAME is NAME.args (the arguments, shell-quoted, run in the data directory), NAME.out,
# and optionally NAME.err (else standard error must be empty) and NAME.status (else 0).
# Usage: run_golden.sh TOOL DATA_DIR GOLDEN_DIR NAME
set -eu

if [ "$#" -ne 4 ]; then
	echo "usage: run_golden.sh TOOL DATA_DIR GOLDEN_DIR NAME" >&2
	exit 2
fi
tool=$1 data=$2 golden=$3 name=$4

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM

args=$(cat "$golden/$name.args")
status=0
(cd "$data" && eval "set -- $args" && exec "$tool" "$@") >"$tmp/out" 2>"$tmp/err" || status=$?

expected_status=0
if [ -f "$golden/$name.status" ]; then
	expected_status=$(cat "$golden/$name.status")
fi
if [ -f "$golden/$name.err" ]; then
	cp "$golden/$name.err" "$tmp/expected.err"
else
	: >"$tmp/expected.err"
fi

failed=0
if [ "$status" != "$expected_status" ]; then
	echo "$name: exit status $status, expected $expected_status (${tool##*/} $args)"
	failed=1
fi
if ! diff -u "$golden/$name.out" "$tmp/out"; then
	echo "$name: standard output differs (${tool##*/} $args)"
	failed=1
fi
if ! diff -u "$tmp/expected.err" "$tmp/err"; then
	echo "$name: standard error differs (${tool##*/} $args)"
	failed=1
fi
exit "$failed"
