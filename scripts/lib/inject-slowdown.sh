# inject-slowdown.sh — sourced by ab-calibrate.sh and the ab.sh tests: a throwaway repository and
# a known slowdown to detect in it. POSIX sh; expects set -eu.

# hb_throwaway_repo SRC DEST: a new git repository in DEST (which must not exist) holding SRC's
# tracked files as they are now, committed once as "base", marked as a throwaway.
hb_throwaway_repo() {
  [ ! -e "$2" ] || { echo "hb_throwaway_repo: $2 exists" >&2; return 2; }
  mkdir -p "$2"
  (cd "$1" && git ls-files -z | xargs -0 tar cf -) | (cd "$2" && tar xf -)
  # The marker hb_inject_slowdown asks for: only a copy made here may be changed.
  echo "a throwaway copy for measuring ab.sh; never the real sources" >"$2/.hb-throwaway"
  (cd "$2" && git init -q && git config user.name "hashbench calibration" &&
    git config user.email "calibration@hashbench.invalid" && git add -A && git commit -qm base)
}

# hb_inject_ready NAME DIR AMOUNT: AMOUNT is a whole number and DIR a throwaway copy made by
# hb_throwaway_repo; otherwise one line naming the injection NAME, and status 2.
hb_inject_ready() {
  case "$3" in ''|*[!0-9]*) echo "$1: '$3' is not a whole number" >&2; return 2 ;; esac
  [ -f "$2/.hb-throwaway" ] && return 0
  echo "$1: $2 is not a throwaway copy (no .hb-throwaway); refusing to change it" >&2
  return 2
}

# hb_inject_again FILE DECLARATION AMOUNT: when FILE holds DECLARATION (an injection's amount,
# stored as 1000 + AMOUNT) from an earlier injection, sets it to AMOUNT: status 0; otherwise 1.
hb_inject_again() {
  grep -q "^$2[0-9]*;\$" "$1" || return 1
  sed "s/^\($2\)[0-9]*;\$/\1$((1000 + $3));/" "$1" >"$1.new"
  mv "$1.new" "$1"
}

# hb_inject_expect NAME FILE LINE HEAD WHAT: FILE holds the line LINE and the function head HEAD
# exactly once each, as the injection NAME expects; otherwise one line saying FILE no longer has
# WHAT as expected, and status 1.
hb_inject_expect() {
  [ "$(grep -cxF "$3" "$2")" = 1 ] && [ "$(grep -cxF "$4" "$2")" = 1 ] && return 0
  echo "$1: $2 no longer has $5 as expected" >&2
  return 1
}

# hb_inject_slowdown DIR PERMILLE: in DIR, a throwaway copy made by hb_throwaway_repo (it refuses
# any other folder, so never the real sources), makes fnv1a-64 do, after its own loop,
# ceil(len x PERMILLE / 1000) extra steps of the same kind as its own: one xor and one dependent
# 64-bit multiply each. Its own loop does exactly one such step per byte, so on long inputs
# (1 KiB, 64 KiB) the hash slows by PERMILLE / 10 percent on any CPU; on 16 B the fixed cost of a
# call dilutes it and the rounding up inflates it. The hash value stays the same: the extra chain
# ends in a volatile store, which the compiler must keep.
# PERMILLE is a datum, not code: the function reads it from a volatile variable, so copies
# injected with different amounts (0 included) compile to the same machine code and differ only
# in that variable's initial value (kept in .data for every amount). Compare a slowdown with
# PERMILLE 0, not with the unchanged sources, or the new code's own layout and loads are measured
# too. Injecting into a copy injected before changes only the amount.
hb_inject_slowdown() {
  dir=$1 permille=$2
  hb_inject_ready hb_inject_slowdown "$dir" "$permille" || return
  file="$dir/c_hashes/portable/fnv1a.c"
  # The amount's declaration, up to its value; stored as 1000 + PERMILLE so that 0 too lands in
  # .data, not .bss: the same data layout.
  amount='static volatile size_t fnv1a_64_extra_1000_plus_permille = '
  # Injected before: only the amount changes.
  ! hb_inject_again "$file" "$amount" "$permille" || return 0
  # The loop line of fnv1a_64_run and the line that starts the function, exactly as the sources
  # have them.
  line='        h = (h ^ p[i]) * FNV64_PRIME;'
  head='static uint64_t fnv1a_64_run(uint64_t h, const uint8_t *p, size_t len)'
  hb_inject_expect hb_inject_slowdown "$file" "$line" "$head" "fnv1a-64's loop" || return
  awk -v pm="$permille" -v line="$line" -v head="$head" -v amount="$amount" '
    $0 == head {
      print amount 1000 + pm ";"
      print "static volatile uint64_t fnv1a_64_extra_sink;"
    }
    { print }
    $0 == line {
      print "    {"
      print "        size_t steps = (len * (fnv1a_64_extra_1000_plus_permille - 1000) + 999) / 1000;"
      print "        uint64_t s = h;"
      print "        for (size_t k = 0; k < steps; k++)"
      print "            s = (s ^ (uint8_t)k) * FNV64_PRIME;"
      print "        fnv1a_64_extra_sink = s;"
      print "    }"
    }' "$file" >"$file.new"
  mv "$file.new" "$file"
}

# hb_inject_steps DIR STEPS: in DIR, a throwaway copy made by hb_throwaway_repo, makes every
# fnv1a-64 call do STEPS extra steps of the hash's own kind (one xor and one multiply, a few
# instructions with the loop's own) after its loop, whatever the length: a change of a few
# instructions per call, far too small for a clock at 1 KiB, for counting (ab.sh --counts). Like
# hb_inject_slowdown, STEPS is a datum read from a volatile variable, so copies injected with
# different amounts (0 included) have the same machine code; compare with STEPS 0. The hash value
# stays the same. Injecting into a copy injected before changes only the amount.
hb_inject_steps() {
  dir=$1 steps=$2
  hb_inject_ready hb_inject_steps "$dir" "$steps" || return
  file="$dir/c_hashes/portable/fnv1a.c"
  amount='static volatile size_t fnv1a_64_fixed_1000_plus_steps = '
  ! hb_inject_again "$file" "$amount" "$steps" || return 0
  line='        h = (h ^ p[i]) * FNV64_PRIME;'
  head='static uint64_t fnv1a_64_run(uint64_t h, const uint8_t *p, size_t len)'
  hb_inject_expect hb_inject_steps "$file" "$line" "$head" "fnv1a-64's loop" || return
  awk -v n="$steps" -v line="$line" -v head="$head" -v amount="$amount" '
    $0 == head {
      print amount 1000 + n ";"
      print "static volatile uint64_t fnv1a_64_fixed_sink;"
    }
    { print }
    $0 == line {
      print "    {"
      print "        size_t steps = fnv1a_64_fixed_1000_plus_steps - 1000;"
      print "        uint64_t s = h;"
      print "        for (size_t k = 0; k < steps; k++)"
      print "            s = (s ^ (uint8_t)k) * FNV64_PRIME;"
      print "        fnv1a_64_fixed_sink = s;"
      print "    }"
    }' "$file" >"$file.new"
  mv "$file.new" "$file"
}

# HB_KERNEL_TARGET: the kernel hb_inject_kernel_steps slows down, as hashbench names its rows'
# algorithm and implementation: CRC-32C by 512-bit VPCLMULQDQ folding, a path valgrind cannot run
# (so counts cannot see it) and only an AVX-512 CPU runs (hbsum --list says whether this one does).
HB_KERNEL_TARGET=crc32c/vpclmul-avx512

# hb_inject_kernel_steps DIR STEPS: in DIR, a throwaway copy made by hb_throwaway_repo, makes every
# call of HB_KERNEL_TARGET on 128 bytes or more (its folding path; shorter inputs take the crc32
# instruction chain and are left alone) run STEPS dependent crc32 instructions on its result
# before it returns, folded into the result through a volatile zero so that the compiler keeps
# them and the call's latency includes them. What a step costs depends on the CPU, so the
# calibration measures what a number of steps costs before it picks one (ab-calibrate.sh). Like hb_inject_slowdown, STEPS is a datum read from a volatile
# variable, so copies injected with different amounts (0 included) have the same machine code;
# compare with STEPS 0. The CRC stays the same. Injecting into a copy injected before changes only
# the amount.
hb_inject_kernel_steps() {
  dir=$1 steps=$2
  hb_inject_ready hb_inject_kernel_steps "$dir" "$steps" || return
  file="$dir/c_hashes/x86/crc_fold_vpclmul_avx512.c"
  amount='static volatile size_t crc32c_avx512_extra_1000_plus_steps = '
  ! hb_inject_again "$file" "$amount" "$steps" || return 0
  # The folding path's return and the line that starts the function, exactly as the sources have
  # them.
  line='    return fold_run_zmm(crc, p, len, &crc32c_fold_consts);'
  head='static uint32_t crc32c_vpclmul_avx512_run(uint32_t crc, const uint8_t *p, size_t len)'
  hb_inject_expect hb_inject_kernel_steps "$file" "$line" "$head" "$HB_KERNEL_TARGET's folding path" || return
  awk -v n="$steps" -v line="$line" -v head="$head" -v amount="$amount" '
    $0 == head {
      print amount 1000 + n ";"
      print "static volatile uint32_t crc32c_avx512_extra_zero;"
    }
    $0 != line { print; next }
    {
      print "    uint32_t r = fold_run_zmm(crc, p, len, &crc32c_fold_consts);"
      print "    size_t steps = crc32c_avx512_extra_1000_plus_steps - 1000;"
      print "    uint64_t s = r;"
      print "    for (size_t k = 0; k < steps; k++)"
      print "        s = _mm_crc32_u64(s, k);"
      print "    return r ^ ((uint32_t)s & crc32c_avx512_extra_zero);"
    }' "$file" >"$file.new"
  mv "$file.new" "$file"
}
