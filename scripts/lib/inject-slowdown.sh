# inject-slowdown.sh — sourced by ab-calibrate.sh and the ab.sh test: a throwaway repository and
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

# hb_inject_slowdown DIR PERMILLE: in DIR, a throwaway copy made by hb_throwaway_repo (it refuses
# any other folder, so never the real sources), makes fnv1a-64 do, after its
# own loop, ceil(len x PERMILLE / 1000) extra steps of the same kind as its own: one xor and one
# dependent 64-bit multiply each. Its own loop does exactly one such step per byte, so on long
# inputs (1 KiB, 64 KiB) the hash slows by PERMILLE / 10 percent on any CPU; on 16 B the fixed
# cost of a call dilutes it and the rounding up inflates it. The hash value stays the same (the
# extra chain only decides whether to flip a bit when h is 0).
hb_inject_slowdown() {
  dir=$1 permille=$2
  case "$permille" in ''|*[!0-9]*) echo "hb_inject_slowdown: '$permille' is not a whole number" >&2; return 2 ;; esac
  if [ ! -f "$dir/.hb-throwaway" ]; then
    echo "hb_inject_slowdown: $dir is not a throwaway copy (no .hb-throwaway); refusing to change it" >&2
    return 2
  fi
  file="$dir/c_hashes/fnv1a.c"
  # The loop line of fnv1a_64_run, exactly as the sources have it.
  line='        h = (h ^ p[i]) * FNV64_PRIME;'
  if [ "$(grep -cxF "$line" "$file")" != 1 ]; then
    echo "hb_inject_slowdown: $file no longer has fnv1a-64's loop as expected" >&2
    return 1
  fi
  awk -v pm="$permille" -v line="$line" '
    { print }
    $0 == line {
      print "    {"
      print "        uint64_t s = h;"
      print "        for (size_t k = 0; k < (len * " pm " + 999) / 1000; k++)"
      print "            s = (s ^ (uint8_t)k) * FNV64_PRIME;"
      print "        h ^= (uint64_t)(s == 0);"
      print "    }"
    }' "$file" >"$file.new"
  mv "$file.new" "$file"
}
