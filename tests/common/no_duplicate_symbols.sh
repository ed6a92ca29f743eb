#!/bin/sh
# no_duplicate_symbols.sh NM LIST — fails, naming each one, when a global symbol is defined by two
# of the object files and archives listed in LIST (one path a line): the objects of the project's
# tools and of its own static libraries they link. A static link takes whichever definition it
# meets first, so two definitions of one name would silently give a tool the other's behaviour.
# Weak definitions (C++ inline functions and templates) may repeat by design and are not counted;
# nor is main, which each program defines once.
set -eu

if [ "$#" -ne 2 ]; then
    echo "usage: no_duplicate_symbols.sh NM LIST" >&2
    exit 2
fi
nm_tool=$1
list=$2

symbols=$(mktemp)
trap 'rm -f "$symbols"' EXIT

files=0
while IFS= read -r file; do
    [ -n "$file" ] || continue
    if [ ! -f "$file" ]; then
        echo "no_duplicate_symbols: $file: not found (build the project first)" >&2
        exit 2
    fi
    # POSIX format with the file name: "FILE[MEMBER]: NAME TYPE VALUE SIZE" (no [MEMBER] for an object).
    "$nm_tool" -A -P -g --defined-only "$file" >>"$symbols"
    files=$((files + 1))
done <"$list"

# Strong definitions: text, data, bss, read-only, small data, indirect functions.
awk -v files="$files" '
$3 ~ /^[TDBRGSi]$/ && $2 != "main" {
    where = $1
    sub(/:$/, "", where)
    count[$2]++
    places[$2] = places[$2] "\n    " where
}
END {
    bad = 0
    for (name in count)
        if (count[name] > 1) {
            printf "%s defined %d times:%s\n", name, count[name], places[name]
            bad++
        }
    if (bad) {
        printf "no_duplicate_symbols: %d global symbols defined more than once in %d files\n", bad, files
        exit 1
    }
    printf "no_duplicate_symbols: no global symbol defined twice in %d files\n", files
}' "$symbols"
