#!/bin/sh
# test.sh — what CI runs: set-up, a Release build with warnings as errors, every ctest test; then a
# clang build with AddressSanitizer and UndefinedBehaviorSanitizer that runs the unit tests again
# and each libFuzzer target for a short, bounded time. With --arch aarch64: the same project
# cross-built for AArch64 (scripts/cross.sh) and its ctest suite run under qemu-user, once per
# emulated CPU (docs/aarch64.md).
# Usage: scripts/test.sh [--arch aarch64 [--cpu MODEL]...] [--help]
set -eu

usage() {
  cat <<'EOF'
usage: scripts/test.sh [--arch aarch64 [--cpu MODEL]...]
Installs what is missing (scripts/setup.sh), checks the C/C++ style (clang-format), builds into
build/ and build-sanitize/, runs ctest in both.

  --arch aarch64  instead: cross-builds into build-aarch64/ (scripts/cross.sh aarch64 build: the
                  cross compiler, qemu-user and an arm64 Debian root, made once) and runs the whole
                  ctest suite under qemu-user, once per CPU model: max (every extension qemu has)
                  and cortex-a53-nocrypto (an ARMv8.0 core whose AES, PMULL, SHA and CRC32
                  instructions are hidden from getauxval, so the fallback paths run). The sanitizer
                  build and the fuzzers run natively only. Emulation checks correctness, not speed.
  --cpu MODEL     with --arch: only this model (max, cortex-a53-nocrypto, or any model of
                  `qemu-aarch64-static -cpu help`); may be given more than once
EOF
}

arch="" cpus=""
while [ "$#" -gt 0 ]; do
  case $1 in
    -h|--help) usage; exit 0 ;;
    --arch)
      [ "$#" -ge 2 ] || { echo "test.sh: --arch needs a value (aarch64)" >&2; exit 2; }
      case $2 in
        aarch64|arm64) arch=aarch64 ;;
        *) echo "test.sh: --arch: unknown architecture '$2' (known: aarch64)" >&2; exit 2 ;;
      esac
      shift 2 ;;
    --cpu)
      [ "$#" -ge 2 ] || { echo "test.sh: --cpu needs a value (max, cortex-a53-nocrypto, ...)" >&2; exit 2; }
      case $2 in
        *[!a-z0-9.,=_-]* | "") echo "test.sh: --cpu: '$2' is not a CPU model name" >&2; exit 2 ;;
      esac
      cpus="$cpus $2"
      shift 2 ;;
    *) echo "test.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
if [ -n "$cpus" ] && [ -z "$arch" ]; then
  echo "test.sh: --cpu needs --arch aarch64 (the native run uses this machine's CPU)" >&2
  exit 2
fi

cd "$(dirname "$0")/.."
if [ -n "$arch" ]; then
  . scripts/lib/cross-aarch64.sh
  hb_cross_check_arch "$arch"
fi
scripts/setup.sh
# Every test names the entries it could not run on this CPU here; the list closes the run.
HB_SKIP_LOG=$(mktemp)
export HB_SKIP_LOG
trap 'rm -f "$HB_SKIP_LOG"' EXIT INT TERM
jobs=$(nproc 2>/dev/null || echo 2)
start=$(date +%s)

echo "== one style: clang-format --dry-run -Werror over the C and C++ sources (.clang-format)"
find c_hashes common harness keys report spread summarise ab advise fidelity tests \( -name '*.c' -o -name '*.h' -o -name '*.cpp' \) -print0 |
  xargs -0 clang-format --dry-run -Werror

if [ "$arch" = aarch64 ]; then
  . scripts/lib/common.sh
  # The scripts' tests (plot, report) read the runs of the AArch64 hashbench with this machine's
  # tools, as a user with a run from an ARM machine would; the scripts run build/bin/.
  echo "== the native tools for the scripts' tests (build/)"
  hb_build hashbench hbspread hbstat hbab hbsum hbadvise hbreport
  echo "== AArch64 cross build (build-aarch64/)"
  step=$(date +%s)
  hb_cross_configure_and_build
  echo "== AArch64 build: $(( $(date +%s) - step )) s"
  root=$(hb_cross_root)
  QEMU_LD_PREFIX=$root
  export QEMU_LD_PREFIX
  [ -n "$cpus" ] || cpus="max cortex-a53-nocrypto"
  failed=""
  for cpu in $cpus; do
    log=$(mktemp)
    (
      case $cpu in
        cortex-a53-nocrypto)
          # AES, PMULL, SHA1, SHA2, CRC32, SHA3, SM3, SM4, SHA512 (AT_HWCAP); SVE-AES, SVE-PMULL,
          # SVE-SHA3, SVE-SM4 (AT_HWCAP2): hidden from getauxval by tests/lib/hwcap_mask.c.
          QEMU_CPU=cortex-a53 HB_HWCAP_CLEAR=0x2e00f8 HB_HWCAP2_CLEAR=0x6c
          QEMU_SET_ENV=LD_PRELOAD=$PWD/build-aarch64/tests/libhb_hwcap_mask.so
          export HB_HWCAP_CLEAR HB_HWCAP2_CLEAR QEMU_SET_ENV ;;
        *) QEMU_CPU=$cpu ;;
      esac
      export QEMU_CPU
      HB_SKIP_LOG=$log
      echo "== ctest under qemu-aarch64 -cpu $cpu (build-aarch64/, QEMU_CPU=$QEMU_CPU)"
      echo "   AT_HWCAP 0x$(LD_SHOW_AUXV=1 build-aarch64/bin/hbsum --version 2>/dev/null | awk '$1 == "AT_HWCAP:" { print $2 }')" \
        "from qemu; as the programs see it: $(build-aarch64/bin/hashbench --suite baseline --algo noop --size 16 \
          --benchmark_min_time=0 --no-progress --benchmark_out="$log.json" >/dev/null 2>&1 &&
          build/bin/hbstat -context arm_features "$log.json")"
      rm -f "$log.json"
      for t in scripts.ab_e2e scripts.ab_bisect_e2e; do
        echo "$t (ab.sh builds and runs commits natively: nothing of the AArch64 build runs in it; the native run has it)"
      done >"$log"
      step=$(date +%s)
      status=0
      (cd build-aarch64 && ctest --output-on-failure -j "$jobs" -LE fuzz -E '^scripts\.ab_(bisect_)?e2e$') || status=$?
      echo "== ctest -cpu $cpu: $(( $(date +%s) - step )) s"
      echo "== not run under -cpu $cpu (by test):"
      if [ -s "$log" ]; then sort -u "$log" | sed 's/^/  /'; else echo "  none: every entry ran"; fi
      exit "$status"
    ) || failed="$failed $cpu"
    rm -f "$log"
  done
  echo "== not under emulation: the sanitizer build and the fuzzers (the native scripts/test.sh runs them)"
  [ -z "$failed" ] || { echo "test.sh: ctest failed under qemu -cpu:$failed" >&2; exit 1; }
  echo "== test.sh --arch aarch64: all passed in $(( $(date +%s) - start )) s"
  exit 0
fi

echo "== Release build (build/)"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DHB_WERROR=ON >/dev/null
cmake --build build -j "$jobs"
(cd build && ctest --output-on-failure -j "$jobs" -LE fuzz)

echo "== clang + address,undefined sanitizers, unit tests and fuzzers (build-sanitize/)"
CC=clang CXX=clang++ cmake -S . -B build-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHB_WERROR=ON \
  -DHB_SANITIZE=address,undefined -DHB_FUZZ=ON >/dev/null
cmake --build build-sanitize -j "$jobs"
(cd build-sanitize && ctest --output-on-failure -j "$jobs" -L 'unit|fuzz')

echo "== not run here (by test):"
if [ -s "$HB_SKIP_LOG" ]; then sort -u "$HB_SKIP_LOG" | sed 's/^/  /'; else echo "  none: every entry ran"; fi
echo "== test.sh: all passed in $(( $(date +%s) - start )) s"
