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

# foreign_program FILE: true when FILE is a program for another CPU than the one this shell runs
# on (its ELF machine differs from /bin/sh's), which the kernel hands to an emulator (qemu-user
# through binfmt_misc: scripts/cross.sh, scripts/test.sh --arch).
foreign_program() {
  [ "$(od -An -tu2 -j18 -N2 "$1" 2>/dev/null | tr -d ' ')" != "$(od -An -tu2 -j18 -N2 /bin/sh | tr -d ' ')" ]
}

# skipped WHAT TEST REASON: WHAT (an entry or a check) could not run here: says so on stdout as
# "skipped: WHAT in TEST (REASON)" and appends "WHAT in TEST (REASON)" to $HB_SKIP_LOG when it is
# set (scripts/test.sh lists them at the end), so that nothing is passed over in silence.
skipped() {
  echo "skipped: $1 in $2 ($3)"
  if [ -n "${HB_SKIP_LOG:-}" ]; then
    echo "$1 in $2 ($3)" >>"$HB_SKIP_LOG"
  fi
}

# unbuilt_reason LIST_TXT ENTRY: the reason `hbsum --list` (saved in LIST_TXT) gives for leaving
# ENTRY (name/impl) out of the build; empty when it names no reason for it.
unbuilt_reason() {
  awk -v entry="$2" '
    /^not in this build: / {
      n = split(substr($0, 20), parts, "; ") # "a, b: reason; c: reason"
      for (p = 1; p <= n; p++) {
        entries = parts[p]; sub(/: .*/, "", entries)
        reason = parts[p]; sub(/^[^:]*: /, "", reason)
        m = split(entries, e, ", ")
        for (i = 1; i <= m; i++) if (e[i] == entry) { print reason; exit }
      }
    }' "$1"
}
