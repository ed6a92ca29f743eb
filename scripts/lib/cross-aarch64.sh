# cross-aarch64.sh — sourced by scripts/cross.sh and scripts/test.sh --arch: building hashbench for
# AArch64 on an x86-64 Debian 12 host and running it under qemu-user. POSIX sh; expects the caller
# to be at the top of the repository with set -eu.
#
# Why a bootstrapped root and not `dpkg --add-architecture arm64`: libisal-dev, libwyhash-dev,
# libhighwayhash-dev and libfarmhash-dev are not Multi-Arch in Debian 12, so installing their
# :arm64 packages on the host removes the amd64 ones the native build needs. Instead an arm64
# Debian 12 root (debootstrap, its second stage under qemu) holds the arm64 -dev packages; it is
# the cross compiler's sysroot and qemu's library prefix, and the host keeps only amd64 packages.

# The arm64 packages the root holds: the libraries the build links (scripts/setup.sh's list,
# arm64 builds) and the C++ runtime headers the sysroot needs.
hb_cross_root_packages="libc6-dev libstdc++-12-dev libbenchmark-dev libxxhash-dev libssl-dev zlib1g-dev
  libisal-dev libyajl-dev libcmocka-dev libmurmurhash-dev libwyhash-dev libhighwayhash-dev libfarmhash-dev
  libmetrohash-dev
  libargon2-dev
  libabsl-dev uthash-dev libboost1.81-dev libglib2.0-dev
  libb2-dev"
# Installed with apt-get in the root once debootstrap is done: debootstrap's --include does not
# resolve virtual packages, and the librust-*-dev packages depend on them (librust-blake3-dev: the
# official BLAKE3 C sources the build compiles).
hb_cross_root_apt_packages="librust-blake3-dev"

# The host's (amd64) packages: the cross toolchain, qemu-user with its binfmt registration, debootstrap.
hb_cross_host_packages="gcc-aarch64-linux-gnu g++-aarch64-linux-gnu binutils-aarch64-linux-gnu qemu-user-static
  binfmt-support debootstrap debian-archive-keyring"

# hb_cross_check_arch ARCH: the one architecture this knows; anything else is a usage error.
hb_cross_check_arch() {
  case "$1" in
    aarch64|arm64) ;;
    *) echo "${0##*/}: unknown architecture '$1' (known: aarch64)" >&2; exit 2 ;;
  esac
  if [ "$(uname -m)" = aarch64 ]; then
    echo "${0##*/}: this machine is AArch64 already: build and test natively (scripts/test.sh, scripts/bench.sh)" >&2
    exit 2
  fi
}

# hb_cross_root: where the arm64 root lives (HB_ARM64_ROOT, default /var/tmp/hb-arm64-root).
hb_cross_root() {
  echo "${HB_ARM64_ROOT:-/var/tmp/hb-arm64-root}"
}

hb_cross_say() {
  echo "${0##*/}: $*" >&2
}

# hb_cross_host_setup: installs the host packages that are missing (apt-get, as setup.sh does).
hb_cross_host_setup() {
  missing=""
  for p in $hb_cross_host_packages; do
    case "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)" in
      *" installed") ;;
      *) missing="$missing $p" ;;
    esac
  done
  [ -z "$missing" ] && return 0
  [ "$(id -u)" = 0 ] || { hb_cross_say "missing host packages:$missing; run as root to install them"; exit 2; }
  hb_cross_say "installing on the host:$missing"
  # shellcheck disable=SC2086  # word splitting of the package list is intended
  DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
}

# hb_cross_qemu: the qemu-user binary for AArch64.
hb_cross_qemu() {
  for q in qemu-aarch64-static qemu-aarch64; do
    if command -v "$q" >/dev/null 2>&1; then
      command -v "$q"
      return 0
    fi
  done
  hb_cross_say "qemu-aarch64-static not found (apt-get install qemu-user-static)"
  exit 1
}

# hb_cross_binfmt: makes the kernel run AArch64 programs through qemu (binfmt_misc), so that
# scripts and tests that run our binaries by path, and debootstrap's second stage, work. Debian
# registers qemu with the F flag: the interpreter is opened once, so it works inside chroots too.
hb_cross_binfmt() {
  entry=/proc/sys/fs/binfmt_misc/qemu-aarch64
  if [ -f "$entry" ] && head -n 1 "$entry" | grep -qx enabled; then
    return 0
  fi
  [ "$(id -u)" = 0 ] || { hb_cross_say "qemu-aarch64 is not registered with binfmt_misc; run as root to register it"; exit 1; }
  if [ ! -f /proc/sys/fs/binfmt_misc/register ]; then
    mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc 2>/dev/null || {
      hb_cross_say "cannot mount binfmt_misc on /proc/sys/fs/binfmt_misc (a container without it?)"; exit 1; }
  fi
  if [ ! -f "$entry" ]; then
    update-binfmts --import qemu-aarch64 >/dev/null 2>&1 || true
  fi
  update-binfmts --enable qemu-aarch64 >/dev/null 2>&1 || true
  if ! [ -f "$entry" ] || ! head -n 1 "$entry" | grep -qx enabled; then
    hb_cross_say "could not register qemu-aarch64 with binfmt_misc (update-binfmts --enable qemu-aarch64)"
    exit 1
  fi
}

# hb_cross_mirror: the Debian mirror of this machine's apt sources.
hb_cross_mirror() {
  mirror=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)
  [ -n "$mirror" ] || mirror=$(awk '$1 == "deb" && $3 == "bookworm" { print $2; exit }' /etc/apt/sources.list 2>/dev/null)
  [ -n "$mirror" ] || mirror=http://deb.debian.org/debian
  echo "$mirror"
}

# hb_cross_make_root: creates the arm64 root once (several minutes), or adds the packages a newer
# list names to an existing one. The root is complete only when its .hb-ready stamp is there; a
# half-made one is made again.
hb_cross_make_root() {
  root=$(hb_cross_root)
  want=$(echo $hb_cross_root_packages $hb_cross_root_apt_packages | tr ' ' '\n' | sort | tr '\n' ' ')
  if [ -f "$root/.hb-ready" ]; then
    [ "$(cat "$root/.hb-ready")" = "$want" ] && return 0
    hb_cross_say "adding packages to the arm64 root $root"
    # shellcheck disable=SC2086
    { hb_cross_in_root apt-get update -qq &&
      hb_cross_in_root apt-get install -y -qq --no-install-recommends $hb_cross_root_packages \
        $hb_cross_root_apt_packages; } >"$root.log" 2>&1 || {
      tail -n 20 "$root.log" >&2; hb_cross_say "apt-get in the arm64 root failed; log in $root.log"; exit 1; }
    rm -f "$root.log"
    hb_cross_relative_links "$root"
    echo "$want" >"$root/.hb-ready"
    return 0
  fi
  [ "$(id -u)" = 0 ] || { hb_cross_say "creating the arm64 root $root needs root (debootstrap)"; exit 1; }
  hb_cross_say "creating the arm64 Debian 12 root $root (debootstrap, once; several minutes)"
  rm -rf --one-file-system "$root"
  mkdir -p "$(dirname "$root")"
  includes=$(echo $hb_cross_root_packages | tr ' ' ',')
  debootstrap --arch=arm64 --variant=minbase --foreign --include="$includes" \
    bookworm "$root" "$(hb_cross_mirror)" >"$root.log" 2>&1 || {
    tail -n 20 "$root.log" >&2; hb_cross_say "debootstrap (first stage) failed; log in $root.log"; exit 1; }
  hb_cross_binfmt
  chroot "$root" /debootstrap/debootstrap --second-stage >>"$root.log" 2>&1 || {
    tail -n 20 "$root.log" >&2; hb_cross_say "debootstrap (second stage, under qemu) failed; log in $root.log"; exit 1; }
  # The same sources as the host, so its security updates too.
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    rm -f "$root/etc/apt/sources.list"
    cp /etc/apt/sources.list.d/debian.sources "$root/etc/apt/sources.list.d/"
  fi
  # shellcheck disable=SC2086
  { hb_cross_in_root apt-get update -qq &&
    hb_cross_in_root apt-get install -y -qq --no-install-recommends $hb_cross_root_apt_packages; } >>"$root.log" 2>&1 || {
    tail -n 20 "$root.log" >&2; hb_cross_say "apt-get in the arm64 root failed; log in $root.log"; exit 1; }
  # Absolute symbolic links would point into the host when the root is a sysroot: make them relative.
  hb_cross_relative_links "$root"
  rm -rf "$root/var/cache/apt/archives/"*.deb
  echo "$want" >"$root/.hb-ready"
  rm -f "$root.log"
}

# hb_cross_in_root CMD...: runs CMD inside the arm64 root (chroot, under qemu).
hb_cross_in_root() {
  root=$(hb_cross_root)
  hb_cross_binfmt
  cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
  DEBIAN_FRONTEND=noninteractive chroot "$root" "$@"
}

# hb_cross_relative_links ROOT: rewrites the absolute symbolic links under ROOT's library folders
# as relative ones (a sysroot's /usr/lib/x/libfoo.so -> /lib/x/libfoo.so.1 must not reach the host).
hb_cross_relative_links() {
  find "$1/usr/lib" "$1/usr/include" -type l -lname '/*' 2>/dev/null | while IFS= read -r link; do
    target=$(readlink "$link")
    dir=$(dirname "${link#"$1"}")
    up=$(echo "$dir" | sed 's|/[^/]*|../|g')
    ln -sfn "${up%/}$target" "$link"
  done
}

# hb_cross_build_dir: the cross build's folder.
hb_cross_build_dir() {
  echo "build-aarch64"
}

# hb_cross_configure_and_build [extra cmake args...]: the toolchain, the root, and a Release build
# of everything into build-aarch64/ (warnings as errors).
hb_cross_configure_and_build() {
  hb_cross_host_setup
  hb_cross_make_root
  hb_cross_binfmt
  root=$(hb_cross_root)
  cmake -S . -B "$(hb_cross_build_dir)" -DCMAKE_BUILD_TYPE=Release -DHB_WERROR=ON \
    -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/aarch64-linux-gnu.cmake" -DHB_SYSROOT="$root" \
    -DHB_QEMU="$(hb_cross_qemu)" "$@" >/dev/null
  cmake --build "$(hb_cross_build_dir)" -j "$(nproc 2>/dev/null || echo 2)"
}
