#!/bin/sh
# tools_listed.sh TOOLS_MD TOOLS_TXT — every tool the build makes (TOOLS_TXT, one name per line,
# written by tests/CMakeLists.txt from the executables that land in build/bin) has its entry in
# docs/tools.md ("- **`NAME`** — ..."), so that the page cannot fall behind the build; and the page
# states no count of them. Fails naming each tool without an entry.
set -eu
[ $# -eq 2 ] || { echo "usage: tools_listed.sh TOOLS_MD TOOLS_TXT" >&2; exit 2; }
doc=$1 list=$2
[ -r "$doc" ] && [ -r "$list" ] || { echo "tools_listed: cannot read '$doc' or '$list'" >&2; exit 2; }
missing="" count=0
while IFS= read -r tool; do
  [ -n "$tool" ] || continue
  count=$((count + 1))
  grep -q -- "^- \*\*\`$tool\`\*\* — " "$doc" || missing="$missing $tool"
done <"$list"
[ "$count" -gt 0 ] || { echo "tools_listed: $list names no tool" >&2; exit 1; }
if [ -n "$missing" ]; then
  echo "tools_listed: no entry in $doc for:$missing" >&2
  exit 1
fi
if grep -Eiq '\b(two|three|four|five|six|seven|eight|nine|ten) (binaries|tools)\b' "$doc"; then
  echo "tools_listed: $doc counts the tools in words; the build decides how many there are" >&2
  exit 1
fi
echo "tools_listed: $count tools, each with its entry"
