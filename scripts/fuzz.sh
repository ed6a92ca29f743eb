#!/bin/sh
# fuzz.sh — a fuzzing campaign: every libFuzzer target of the sanitizer build (AddressSanitizer +
# UndefinedBehaviorSanitizer), one after the other, each for SECONDS, and a summary of what each
# did (executions, executions per second, corpus size, findings) in results/fuzz/<timestamp>/.
set -eu

usage() {
  cat <<'EOF_USAGE'
usage: scripts/fuzz.sh [SECONDS] [TARGET...]

Builds the libFuzzer targets in build-sanitize/ (clang, -DHB_FUZZ=ON) and runs each for SECONDS
(default 600), one at a time on one core, starting from its seed corpus (tests/*/fuzz_corpus/NAME)
and the corpus earlier runs grew (build-sanitize/.../fuzz_scratch/NAME). TARGET names pick some
(keyfile, check_list, command_line, gbench_json, gotext, filter); default: all of them.
Run it under `nice -n 19 taskset -c 0` on a shared machine.

Output in results/fuzz/<UTC timestamp>/:
  summary.md     one row per target: seconds, executions, executions/s, corpus, findings
  NAME.log       libFuzzer's output
  artifacts/     inputs that crashed, leaked, timed out (10 s) or passed 1 GiB of memory
exit status: 0 no findings, 1 a target found something (its input is in artifacts/), 2 usage
EOF_USAGE
}

seconds=600
case "${1:-}" in
  -h|--help) usage; exit 0 ;;
  '' | *[!0-9]*) ;;
  *) seconds=$1; shift ;;
esac
if [ "$seconds" -lt 1 ]; then
  echo "fuzz.sh: SECONDS must be at least 1" >&2
  exit 2
fi
for name in "$@"; do
  case "$name" in
    *[!a-z_]* | '') echo "fuzz.sh: '$name' is not a target name (try --help)" >&2; exit 2 ;;
  esac
done

cd "$(dirname "$0")/.."
. scripts/lib/common.sh
scripts/setup.sh
build=$PWD/build-sanitize

# Each target: its name, its binary and its seed corpus, from the sources' fuzz_corpus folders.
targets=$(mktemp)
trap 'rm -f "$targets"' EXIT INT TERM
for corpus in tests/*/fuzz_corpus/*; do
  [ -d "$corpus" ] || continue
  name=${corpus##*/}
  component=${corpus#tests/}
  component=${component%%/*}
  if [ $# -gt 0 ]; then
    case " $* " in *" $name "*) ;; *) continue ;; esac
  fi
  echo "$name $build/tests/$component/fuzz_$name $PWD/$corpus" >>"$targets"
done
for name in "$@"; do
  grep -q "^$name " "$targets" || { echo "fuzz.sh: no fuzz target '$name' (try --help)" >&2; exit 2; }
done
[ -s "$targets" ] || { echo "fuzz.sh: no fuzz targets found under tests/*/fuzz_corpus" >&2; exit 2; }

echo "== building the fuzz targets ($build/)"
CC=clang CXX=clang++ cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHB_WERROR=ON \
  -DHB_SANITIZE=address,undefined -DHB_FUZZ=ON >/dev/null
while read -r name binary corpus; do
  cmake --build "$build" -j "$(hb_jobs)" --target "fuzz_$name" >/dev/null
done <"$targets"

out=$PWD/$(hb_new_run_dir results/fuzz/)
mkdir "$out/artifacts"
{
  echo "# Fuzzing campaign, $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo
  echo "$seconds s per target, one target at a time; $(git describe --always --dirty 2>/dev/null || echo 'no git');"
  echo "clang $(clang -dumpversion), -fsanitize=fuzzer,address,undefined; libFuzzer -timeout=10 -rss_limit_mb=1024."
  echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')."
  echo
  echo "| target | seconds | executions | executions/s | corpus (inputs) | peak RSS (MB) | findings |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
} >"$out/summary.md"

status=0
while read -r name binary corpus; do
  scratch=$(dirname "$binary")/fuzz_scratch/$name
  mkdir -p "$scratch"
  echo "== $name: $seconds s"
  start=$(date +%s)
  set +e
  "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=1024 -print_final_stats=1 \
    -artifact_prefix="$out/artifacts/$name-" "$scratch" "$corpus" >"$out/$name.log" 2>&1
  rc=$?
  set -e
  elapsed=$(( $(date +%s) - start ))
  # -print_final_stats=1 ends the log with libFuzzer's statistics for programs, "stat::NAME: VALUE"
  # lines (libFuzzer has no other such output; docs/architecture.md, "Scripts: orchestration only").
  final_stat() { sed -n "s/^stat::$1: *//p" "$out/$name.log" | tail -n 1; }
  execs=$(final_stat number_of_executed_units)
  rate=$(final_stat average_exec_per_sec)
  rss=$(final_stat peak_rss_mb)
  inputs=$(find "$scratch" -type f | wc -l)
  findings=$(find "$out/artifacts" -name "$name-*" -type f | wc -l)
  if [ "$rc" -ne 0 ] && [ "$findings" -eq 0 ]; then
    findings="exit $rc" # stopped without saving an input: see the log
  fi
  [ "$rc" -eq 0 ] && [ "$findings" = 0 ] || status=1
  echo "| $name | $elapsed | ${execs:-?} | ${rate:-?} | $inputs | ${rss:-?} | $findings |" >>"$out/summary.md"
  echo "   $name: ${execs:-?} executions, ${rate:-?}/s, findings: $findings"
done <"$targets"

rmdir "$out/artifacts" 2>/dev/null || true
echo "== summary: $out/summary.md"
cat "$out/summary.md"
exit "$status"
