#!/bin/sh
# cross_arch_hbsum.sh — hbsum of two builds prints the same digests: every entry the second build
# runs (an AArch64 build under qemu-user, say) against the first build's default implementation of
# its name (the x86-64 build), over files of every length 0..4097 and one of 1 MiB, cut from a
# fixed pseudo-random stream (AES-128-CTR of zeros under a zero key, by openssl). Baselines are not
# compared (not hashes), nor entries whose output is salted per process (absl-hash: two processes
# differ by definition); names the first build lacks, and entries the second cannot run here, are
# named. Exit 0 when every compared entry agrees.
#
# Usage: cross_arch_hbsum.sh HBSUM_REFERENCE HBSUM_OTHER
# HBSUM_OTHER is run as given: a foreign binary through binfmt_misc, with QEMU_LD_PREFIX and
# QEMU_CPU from the environment (scripts/cross.sh aarch64 sets them).
set -eu

reference=$1 other=$2
# the inputs are named by their lengths in a scratch folder that the loop runs in
case $reference in /*) ;; *) reference=$(pwd)/$reference ;; esac
case $other in /*) ;; *) other=$(pwd)/$other ;; esac
. "$(dirname "$0")/../lib/expect.sh"

openssl enc -aes-128-ctr -K 00000000000000000000000000000000 -iv 00000000000000000000000000000000 \
  -in /dev/zero 2>/dev/null | head -c 1048576 >"$work/big" || true
[ "$(wc -c <"$work/big")" -eq 1048576 ] || { echo "cross_arch_hbsum: could not make the input with openssl" >&2; exit 2; }
mkdir "$work/in"
n=0
while [ "$n" -le 4097 ]; do
  head -c "$n" "$work/big" >"$work/in/$n"
  n=$((n + 1))
done
cp "$work/big" "$work/in/1048576"
cd "$work/in"
files=$(ls | sort -n)

"$reference" --list --format tsv | awk -F '\t' 'NR > 1 { print $1 }' | sort -u >"$work/reference_names"
# name, impl, kind, runs here (the salted-per-process entries left out, and named)
"$other" --list --format tsv | awk -F '\t' 'NR > 1 && $8 == "per-process" { print "not compared: " $1 "/" $2 " (salted per process)" }'
"$other" --list --format tsv | awk -F '\t' 'NR > 1 && $8 != "per-process" { print $1 "\t" $2 "\t" $4 "\t" $13 }' >"$work/other_entries"

compared=0
while IFS="	" read -r name impl kind runs; do
  [ "$kind" = baseline ] && continue
  if ! grep -qx "$name" "$work/reference_names"; then
    echo "not compared: $name/$impl ($name is not in the reference build)"
    continue
  fi
  case $runs in
    yes*) ;;
    *)
      echo "not run on this CPU: $name/$impl in cross_arch_hbsum ($runs)"
      [ -n "${HB_SKIP_LOG:-}" ] && echo "$name/$impl in cross_arch_hbsum ($runs)" >>"$HB_SKIP_LOG"
      continue ;;
  esac
  # shellcheck disable=SC2086 # the file names are numbers
  "$reference" -a "$name" $files >"$work/want" || fail "$reference -a $name exited $?"
  # shellcheck disable=SC2086
  "$other" -a "$name/$impl" $files >"$work/got" || fail "$other -a $name/$impl exited $?"
  if ! cmp -s "$work/want" "$work/got"; then
    fail "$name/$impl differs from the reference build's $name: $(diff "$work/want" "$work/got" | sed -n 2p)"
  fi
  compared=$((compared + 1))
done <"$work/other_entries"

[ "$compared" -gt 0 ] || fail "no entry compared"
echo "cross_arch_hbsum: $compared entries compared over $(echo "$files" | wc -l) files, $failures failures"
[ "$failures" -eq 0 ]
