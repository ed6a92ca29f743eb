#!/bin/sh
# cross.sh — hashbench for another CPU architecture, built on this x86-64 Debian 12 machine and run
# under qemu-user: AArch64 for now (docs/aarch64.md).
# Usage: scripts/cross.sh ARCH build [CMAKE-ARG...]
#        scripts/cross.sh ARCH run PROGRAM [ARG...]
#        scripts/cross.sh ARCH root
set -eu

usage() {
  cat <<'EOF'
usage: scripts/cross.sh aarch64 build [CMAKE-ARG...]
       scripts/cross.sh aarch64 run PROGRAM [ARG...]
       scripts/cross.sh aarch64 root
Builds hashbench for AArch64 with Debian's aarch64-linux-gnu cross compiler into build-aarch64/
and runs its programs under qemu-user.

  build    installs what the host lacks (the cross compiler, qemu-user-static, binfmt-support,
           debootstrap; apt-get, only what is missing), makes the arm64 Debian 12 root once
           (debootstrap, about 5 minutes, in $HB_ARM64_ROOT, default /var/tmp/hb-arm64-root),
           then configures (cmake/aarch64-linux-gnu.cmake, the root as sysroot) and builds every
           target; CMAKE-ARGs go to the configure step
  run      runs build-aarch64/bin/PROGRAM (hashbench, hbsum, hbspread, hbstat), or a path to an
           AArch64 program, under qemu-aarch64 with the root as its library prefix; the CPU is
           $QEMU_CPU (default max: every extension qemu has; `qemu-aarch64-static -cpu help`)
  root     only makes (or completes) the arm64 root

The host never gets arm64 packages: several Debian hash libraries (ISA-L, wyhash, HighwayHash,
FarmHash) are not Multi-Arch, and their :arm64 packages would replace the amd64 ones.
Speed under emulation means nothing: run benchmarks on real AArch64 hardware.
EOF
}

case "${1:-}" in
  -h|--help) usage; exit 0 ;;
  "") echo "cross.sh: no architecture given (try --help)" >&2; exit 2 ;;
esac
cd "$(dirname "$0")/.."
. scripts/lib/cross-aarch64.sh
arch=$1
hb_cross_check_arch "$arch"
command=${2:-}
shift
[ "$#" -eq 0 ] || shift

case "$command" in
  build)
    start=$(date +%s)
    hb_cross_configure_and_build "$@"
    echo "cross.sh: AArch64 build in $(hb_cross_build_dir)/ done in $(( $(date +%s) - start )) s" >&2
    ;;
  root)
    [ "$#" -eq 0 ] || { echo "cross.sh: root takes no arguments, got '$1'" >&2; exit 2; }
    hb_cross_host_setup
    hb_cross_make_root
    echo "cross.sh: arm64 root ready in $(hb_cross_root)" >&2
    ;;
  run)
    [ "$#" -ge 1 ] || { echo "cross.sh: run needs a PROGRAM (hashbench, hbsum, hbspread, hbstat)" >&2; exit 2; }
    program=$1
    shift
    case "$program" in
      */*) ;;
      *) program=$(hb_cross_build_dir)/bin/$program ;;
    esac
    [ -f "$program" ] || {
      echo "cross.sh: $program not found (scripts/cross.sh aarch64 build builds it)" >&2; exit 2; }
    root=$(hb_cross_root)
    [ -f "$root/.hb-ready" ] || { echo "cross.sh: no arm64 root in $root (scripts/cross.sh aarch64 build makes it)" >&2; exit 2; }
    qemu=$(hb_cross_qemu)
    # The root is also the prefix of the programs our program starts: binfmt (registered when
    # needed) runs them through qemu, which reads QEMU_LD_PREFIX.
    QEMU_LD_PREFIX=$root
    QEMU_CPU=${QEMU_CPU:-max}
    export QEMU_LD_PREFIX QEMU_CPU
    hb_cross_binfmt
    exec "$qemu" -L "$root" -cpu "$QEMU_CPU" "$program" "$@"
    ;;
  "") echo "cross.sh: no command given after '$arch' (build, run or root; try --help)" >&2; exit 2 ;;
  *) echo "cross.sh: unknown command '$command' (build, run or root; try --help)" >&2; exit 2 ;;
esac
