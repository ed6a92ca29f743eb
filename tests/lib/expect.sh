# expect.sh — sourced by the shell tests: a scratch folder ($work, removed on exit), failure
# counting, and the contract every hashbench tool keeps for bad input: exit status 2, nothing on
# stdout, exactly one line on stderr that starts with the tool's name and names the culprit.

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
failures=0

# fail MESSAGE: counts a failure and says what it was.
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# run_status CMD...: runs CMD with stdout in $work/out and stderr in $work/err; sets $status.
run_status() {
  status=0
  "$@" >"$work/out" 2>"$work/err" || status=$?
}

# expect_same WHAT EXPECTED ACTUAL
expect_same() {
  [ "$2" = "$3" ] || fail "$1: expected '$2', got '$3'"
}

# expect_usage_error CULPRIT CMD...: CMD exits 2, writes nothing to stdout, and one line to
# stderr that begins with "<tool>: " (CMD's base name) and contains CULPRIT (a fixed string).
expect_usage_error() {
  culprit=$1
  shift
  run_status "$@"
  tool=${1##*/}
  lines=$(wc -l <"$work/err")
  if [ "$status" -ne 2 ] || [ -s "$work/out" ] || [ "$lines" -ne 1 ] ||
     ! grep -q "^$tool: " "$work/err" || ! grep -qF -- "$culprit" "$work/err"; then
    fail "$* -> exit $status, $lines stderr lines: $(cat "$work/err") (want exit 2, empty stdout, one line naming '$culprit')"
  fi
}

# expect_done NAME: the test's verdict and exit status.
expect_done() {
  if [ "$failures" -ne 0 ]; then
    echo "$1: $failures failure(s)" >&2
    exit 1
  fi
  echo "$1: all checks passed"
}
