#!/bin/sh
# machine_facts.sh — property: the machine facts in hashbench's JSON context are what the kernel
# and independent readers say. llc_bytes is the highest level of cpu0's Data or Unified caches in
# /sys (read here with awk) and Google Benchmark's own "caches" agree; llc_bytes_sysconf appears
# exactly when getconf's figure differs; the cycle counter is the TSC on x86-64 and CNTVCT_EL0 on
# AArch64, ticking at its stated rate; on AArch64 arm_features are the bits of the auxiliary vector
# as the dynamic loader prints it (LD_SHOW_AUXV), less those a test run hides (HB_HWCAP_CLEAR),
# and cpu_model names the core qemu emulates (QEMU_CPU) or the kernel's MIDR_EL1.
# Usage: machine_facts.sh HASHBENCH
set -eu

hashbench=$1
. "$(dirname "$0")/../lib/expect.sh"

json=$work/run.json
"$hashbench" --suite baseline --algo noop --size 16 --benchmark_min_time=0 --benchmark_repetitions=1 \
  --no-progress --benchmark_format=json >"$json" 2>"$work/log" || fail "hashbench exited $?: $(cat "$work/log")"
context() { sed -n "s/^ *\"$1\": \"\\([^\"]*\\)\".*/\\1/p" "$json" | head -n 1; }

# ---- the last-level cache
sys=/sys/devices/system/cpu/cpu0/cache
if [ -d "$sys" ]; then
  want=$(for d in "$sys"/index*; do
    echo "$(cat "$d/level" 2>/dev/null) $(cat "$d/type" 2>/dev/null) $(cat "$d/size" 2>/dev/null)"
  done | awk '($2 == "Data" || $2 == "Unified") && $3 != "" {
      n = $3 + 0; if ($3 ~ /K$/) n *= 1024; if ($3 ~ /M$/) n *= 1048576; if ($3 ~ /G$/) n *= 1073741824
      if ($1 > level || ($1 == level && n > best)) { level = $1; best = n } }
    END { printf "%.0f\n", best }')
  expect_same "llc_bytes from $sys" "$want" "$(context llc_bytes)"
  case $(context llc_source) in
    *"from $sys (level "*) ;;
    *) fail "llc_source '$(context llc_source)' does not name $sys" ;;
  esac
  # Google Benchmark reads /sys too: its largest cache of the highest level.
  gbench=$(awk '/"caches": \[/ { on = 1 } on && /"type"/ { t = $0 } on && /"level"/ { split($0, f, ": "); l = f[2] + 0 }
    on && /"size"/ { split($0, f, ": "); s = f[2] + 0
      if (t !~ /Instruction/ && (l > level || (l == level && s > best))) { level = l; best = s } }
    on && /\]/ { on = 0 } END { printf "%.0f\n", best }' "$json")
  expect_same "llc_bytes against Google Benchmark's caches" "$gbench" "$(context llc_bytes)"
else
  skipped "llc_bytes against /sys" harness.machine_facts "no $sys on this machine"
fi

# sysconf's figure is recorded beside exactly when it differs (getconf asks the same sysconf, but
# only a native program's: under an emulator getconf is the host's).
if foreign_program "$hashbench"; then
  skipped "llc_bytes_sysconf against getconf" harness.machine_facts "hashbench runs under an emulator"
else
  sysconf=0
  for level in LEVEL4_CACHE_SIZE LEVEL3_CACHE_SIZE LEVEL2_CACHE_SIZE; do
    v=$(getconf "$level" 2>/dev/null || true)
    case $v in '' | 0 | *[!0-9]*) ;; *) sysconf=$v; break ;; esac
  done
  if [ "$sysconf" = 0 ] || [ "$sysconf" = "$(context llc_bytes)" ]; then
    expect_same "llc_bytes_sysconf absent (sysconf: $sysconf)" "" "$(context llc_bytes_sysconf)"
  else
    expect_same "llc_bytes_sysconf" "$sysconf" "$(context llc_bytes_sysconf)"
  fi
fi

# ---- the cycle counter: ticks per second of real time near the rate it states
machine=$(od -An -tu2 -j18 -N2 "$hashbench" | tr -d ' ')
counter_hz=$(context counter_hz)
case $machine in
  62) # x86-64
    expect_same "cycle_counter" "TSC (rdtsc)" "$(context cycle_counter)"
    expect_same "tsc_hz is the counter's rate" "$counter_hz" "$(context tsc_hz)" ;;
  183) # AArch64
    case $(context cycle_counter) in CNTVCT_EL0*) ;; *) fail "cycle_counter '$(context cycle_counter)'" ;; esac
    nominal=$(context counter_nominal_hz)
    awk -v c="$counter_hz" -v n="$nominal" 'BEGIN { exit !(n > 0 && c > 0.95 * n && c < 1.05 * n) }' ||
      fail "counter_hz $counter_hz is not CNTFRQ_EL0's $nominal within 5%"
    expect_same "tsc_hz (no TSC)" 0 "$(context tsc_hz)" ;;
  *) skipped "cycle_counter" harness.machine_facts "ELF machine $machine: no counter known" ;;
esac

# ---- AArch64: the features and the core
if [ "$machine" = 183 ]; then
  auxv=$(LD_SHOW_AUXV=1 "$hashbench" --version 2>/dev/null | awk '$1 == "AT_HWCAP:" { print $2 }')
  hwcap=$(printf '%d' "0x${auxv#0x}")
  hwcap=$((hwcap & ~$(printf '%d' "${HB_HWCAP_CLEAR:-0}")))
  want=$(awk -v h="$hwcap" 'BEGIN {
      split("fp 0 asimd 1 aes 3 pmull 4 sha1 5 sha2 6 crc32 7 atomics 8 asimdrdm 12 sha3 17 sm3 18 sm4 19 asimddp 20 sha512 21 sve 22", t, " ")
      for (i = 1; i < 30; i += 2) if (int(h / 2 ^ t[i + 1]) % 2) out = out (out == "" ? "" : " ") t[i]
      print out }')
  got=$(context arm_features | tr ' ' '\n' | grep -vxE 'sve2|sveaes|svepmull|svesha3|i8mm|bf16|rng|bti|mte' | paste -sd ' ' -)
  expect_same "arm_features (AT_HWCAP $auxv less ${HB_HWCAP_CLEAR:-0})" "$want" "$got"
  if foreign_program "$hashbench"; then
    case ${QEMU_CPU:-max} in
      max | max,*) model="Software (qemu -cpu max) r0p0" ;;
      cortex-a53 | cortex-a53,*) model="ARM Cortex-A53 r0p4" ;;
      cortex-a72 | cortex-a72,*) model="ARM Cortex-A72 r0p3" ;;
      neoverse-n1 | neoverse-n1,*) model="ARM Neoverse-N1 r4p1" ;;
      *) model="" ;;
    esac
    if [ -n "$model" ]; then expect_same "cpu_model under qemu -cpu $QEMU_CPU" "$model" "$(context cpu_model)"
    else skipped "cpu_model" harness.machine_facts "qemu -cpu ${QEMU_CPU:-max}: no known MIDR_EL1 here"; fi
  elif [ -r /sys/devices/system/cpu/cpu0/regs/identification/midr_el1 ]; then
    midr=$(printf '%d' "$(cat /sys/devices/system/cpu/cpu0/regs/identification/midr_el1)")
    expect_same "cpu_midr part from /sys" "$(printf '0x%03x' $(((midr >> 4) & 0xfff)))" \
      "$(context cpu_midr | sed -n 's/.*part \(0x[0-9a-f]*\).*/\1/p')"
  else
    skipped "cpu_model" harness.machine_facts "no midr_el1 in /sys"
  fi
fi

expect_done machine_facts
