#!/bin/sh
# setup.sh — install every Debian package hashbench needs that is not installed yet.
# Idempotent and quiet when everything is present. Runs as root (or through sudo when available).
# Usage: scripts/setup.sh [--help]
set -eu

case "${1:-}" in
  -h|--help)
    echo "usage: scripts/setup.sh"
    echo "Installs the Debian 12 packages hashbench builds and tests with (apt-get, once, only what is missing)."
    exit 0 ;;
  "") ;;
  *) echo "setup.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
esac

# Toolchain, libraries, and the tools the tests and scripts call (docs/architecture.md, "Building and testing").
packages="build-essential cmake pkg-config git clang libclang-rt-14-dev clang-format
  libbenchmark-dev libxxhash-dev libssl-dev zlib1g-dev libisal-dev libyajl-dev libcmocka-dev libmurmurhash-dev
  libwyhash-dev libhighwayhash-dev libfarmhash-dev libmetrohash-dev
  libargon2-dev
  libabsl-dev uthash-dev libboost1.81-dev libglib2.0-dev
  librust-blake3-dev libb2-dev
  xxhash b3sum openssl coreutils xz-utils time gnuplot-nox wamerican util-linux chromium
  valgrind"

missing=""
for p in $packages; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  case "$status" in
    *" installed") ;;
    *) missing="$missing $p" ;;
  esac
done
[ -z "$missing" ] && exit 0

command -v apt-get >/dev/null 2>&1 || {
  echo "setup.sh: missing packages:$missing, and apt-get is not available to install them" >&2; exit 2; }
sudo=""
if [ "$(id -u)" != 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "setup.sh: missing packages:$missing; run as root to install them" >&2; exit 2; }
  sudo="sudo"
fi
echo "setup.sh: installing:$missing" >&2
export DEBIAN_FRONTEND=noninteractive
# shellcheck disable=SC2086  # word splitting of the package list is intended
$sudo apt-get update -qq >/dev/null
# A package this architecture lacks is left out with a note (the build leaves out what needs it, and
# `hbsum --list` says so); every one is in Debian 12 for amd64 and arm64 today.
arch=$(dpkg --print-architecture)
available=""
for p in $missing; do
  case "$(apt-cache policy "$p" 2>/dev/null | sed -n 's/^ *Candidate: *//p')" in
    "" | "(none)") echo "setup.sh: $p: not available for $arch, not installed" >&2 ;;
    *) available="$available $p" ;;
  esac
done
[ -n "$available" ] || exit 0
# shellcheck disable=SC2086
$sudo apt-get install -y -qq --no-install-recommends $available >/dev/null
