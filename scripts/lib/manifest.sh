# manifest.sh — sourced by every script that writes or reads a results folder's manifest.tsv: the
# folder's settings and facts written for programs (what ran, with which settings, where its files
# are). One KEY<tab>VALUE line per key, no header; a value is one line of text (tabs and line
# breaks in it become spaces). A key written twice counts by its last line. docs/tools.md and
# docs/ab.md list the keys. POSIX sh; expects set -eu.

# hb_manifest_put FILE KEY VALUE...: appends KEY with the VALUEs joined by spaces.
hb_manifest_put() {
  file=$1 key=$2
  shift 2
  printf '%s\t%s\n' "$key" "$(printf '%s' "$*" | tr '\t\n' '  ')" >>"$file"
}

# hb_manifest_get FILE KEY: prints KEY's value (its last line); status 1, and nothing printed,
# when FILE has no KEY or there is no FILE.
hb_manifest_get() {
  [ -r "$1" ] || return 1
  awk -F'\t' -v key="$2" '$1 == key { value = substr($0, length(key) + 2); found = 1 }
    END { if (found) print value; exit !found }' "$1"
}

# hb_manifest_without FILE KEY...: FILE's lines but those of the KEYs, in FILE's order.
hb_manifest_without() {
  file=$1
  shift
  awk -F'\t' -v keys=" $* " 'index(keys, " " $1 " ") == 0' "$file"
}
