#!/bin/sh
# progress.sh — --progress on a non-terminal: a handful of lines (one per tenth of the run at
# most, never a flood), counts that only grow up to rows x repetitions, and a closing line; the
# benchmark output on stdout is untouched by it. --no-progress prints none.
# Usage: progress.sh HASHBENCH
set -eu

hashbench=$1
. "$(dirname "$0")/../lib/expect.sh"

flags="--suite throughput --algo noop,fnv1a-64,crc32/zlib --size 16,64 --load cpu --quick --benchmark_repetitions=3"
rows=$("$hashbench" --list $flags | wc -l)
total=$((rows * 3))

# shellcheck disable=SC2086  # flags is a list of words
"$hashbench" $flags --progress --benchmark_format=json >"$work/json" 2>"$work/progress" ||
  fail "hashbench --progress exited $?"
grep -q '"name"' "$work/json" || fail "no JSON on stdout"
grep -q 'hashbench: [0-9]' "$work/json" && fail "progress lines on stdout"
shown=$(grep -c '^hashbench: ' "$work/progress" || true)
[ "$shown" -ge 2 ] && [ "$shown" -le 11 ] || fail "$shown progress lines for $total runs (want 2..11)"
tail -n 1 "$work/progress" | grep -q "^hashbench: $total/$total runs ($rows rows x 3 repetitions) in [0-9]*:[0-9][0-9]\$" ||
  fail "last line: '$(tail -n 1 "$work/progress")' (want $total/$total runs ... in M:SS)"
# The counts never go down and never pass the total.
awk -v total="$total" -F'[ /]' '/^hashbench: [0-9]/ { if ($2 < last || $3 != total) bad = 1; last = $2 }
     END { exit bad }' "$work/progress" || fail "counts out of order: $(cat "$work/progress")"

# shellcheck disable=SC2086
"$hashbench" $flags --no-progress --benchmark_format=json >/dev/null 2>"$work/quiet" || fail "--no-progress exited $?"
grep -q '^hashbench: [0-9]' "$work/quiet" && fail "--no-progress printed progress"
expect_usage_error "--progress takes no value" "$hashbench" --progress=yes

[ "$failures" -eq 0 ] || exit 1
echo "progress: ok ($shown lines for $total runs)"
