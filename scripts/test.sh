#!/bin/sh
# test.sh — what CI runs: set-up, a Release build with warnings as errors, every ctest test; then a
# clang build with AddressSanitizer and UndefinedBehaviorSanitizer that runs the unit tests again
# and each libFuzzer target for a short, bounded time.
# Usage: scripts/test.sh [--help]
set -eu

case "${1:-}" in
  -h|--help)
    echo "usage: scripts/test.sh"
    echo "Installs what is missing (scripts/setup.sh), checks the C/C++ style (clang-format), builds into"
    echo "build/ and build-sanitize/, runs ctest in both."
    exit 0 ;;
  "") ;;
  *) echo "test.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
esac

cd "$(dirname "$0")/.."
scripts/setup.sh
# Every test names the entries it could not run on this CPU here; the list closes the run.
HB_SKIP_LOG=$(mktemp)
export HB_SKIP_LOG
trap 'rm -f "$HB_SKIP_LOG"' EXIT INT TERM
jobs=$(nproc 2>/dev/null || echo 2)
start=$(date +%s)

echo "== one style: clang-format --dry-run -Werror over the C and C++ sources (.clang-format)"
find c_hashes common harness keys spread summarise tests \( -name '*.c' -o -name '*.h' -o -name '*.cpp' \) -print0 |
  xargs -0 clang-format --dry-run -Werror

echo "== Release build (build/)"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DHB_WERROR=ON >/dev/null
cmake --build build -j "$jobs"
(cd build && ctest --output-on-failure -j "$jobs" -LE fuzz)

echo "== clang + address,undefined sanitizers, unit tests and fuzzers (build-sanitize/)"
CC=clang CXX=clang++ cmake -S . -B build-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHB_WERROR=ON \
  -DHB_SANITIZE=address,undefined -DHB_FUZZ=ON >/dev/null
cmake --build build-sanitize -j "$jobs"
(cd build-sanitize && ctest --output-on-failure -j "$jobs" -L 'unit|fuzz')

echo "== entries not run on this CPU (by test):"
if [ -s "$HB_SKIP_LOG" ]; then sort -u "$HB_SKIP_LOG" | sed 's/^/  /'; else echo "  none: every entry ran"; fi
echo "== test.sh: all passed in $(( $(date +%s) - start )) s"
