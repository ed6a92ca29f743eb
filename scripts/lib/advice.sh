# advice.sh — sourced by advise.sh and bench.sh: the inputs of the advisor's rules
# (scripts/lib/advise.awk) taken from hbspread's JSON, hashbench's JSON and the registry.

# hb_spread_verdicts SPREAD_JSON: one line per algorithm:
# name impl bits buckets collisions low32 avalanche pairs expected (tab-separated).
hb_spread_verdicts() {
  awk '/^  "algorithms"/ { on = 1 }
     on && /^      "name"/ { gsub(/[",]/, ""); name = $2 }
     on && /^      "impl"/ { gsub(/[",]/, ""); impl = $2 }
     on && /^      "out_bits"/ { gsub(/,/, ""); bits = $2 }
     on && /^          "pairs"/ && pairs == "" { gsub(/,/, ""); pairs = $2 }
     on && /^          "expected"/ && expected == "" { gsub(/,/, ""); expected = $2 }
     on && /^        "(buckets|collisions|collisions_low32|avalanche)": \{/ { gsub(/[":{ ]/, ""); test = $0 }
     on && /^          "verdict"/ { gsub(/[",]/, ""); v[test] = $2 }
     on && /^      "overall"/ {
       printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", name, impl, bits, v["buckets"], v["collisions"],
         v["collisions_low32"], v["avalanche"], pairs, expected
       pairs = ""; expected = ""; v["buckets"] = v["collisions"] = v["collisions_low32"] = v["avalanche"] = "" }' "$1"
}

# hb_timings RUN_JSON FILTER: medians of the rows FILTER selects (hbstat, 90% interval), one line
# per row: suite algo impl load median ci_lo ci_hi (seconds per hash; "-" when unknown).
hb_timings() {
  build/bin/hbstat -format json -confidence 0.9 -filter ".unit:sec/op $2" -row .fullname "$1" 2>/dev/null | awk '
  match($0, /"name": "[^"]*"/) {
    name = substr($0, RSTART + 9, RLENGTH - 10)
    n = split(name, part, "/")
    suite = part[1]; algo = part[2]; impl = part[3]; load = "cpu"
    sub(/^algo:/, "", algo); sub(/^impl:/, "", impl)
    for (i = 4; i <= n; i++) if (part[i] ~ /^load:/) { load = part[i]; sub(/^load:/, "", load) }
    median = lo = hi = "-"
    if (match($0, /"median": [-+0-9.eE]+/)) median = substr($0, RSTART + 10, RLENGTH - 10)
    if (match($0, /"ci_lo": [-+0-9.eE]+/)) lo = substr($0, RSTART + 9, RLENGTH - 9)
    if (match($0, /"ci_hi": [-+0-9.eE]+/)) hi = substr($0, RSTART + 9, RLENGTH - 9)
    printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", suite, algo, impl, load, median, lo, hi
  }'
}

# hb_advice FACTS TIMINGS SPREAD DIR: applies the rules; writes DIR/advice.txt, DIR/advice.json
# and DIR/advice.html (the fragment scripts/report.sh puts in its page).
hb_advice() {
  build/bin/hbsum --list --format tsv >"$4/.registry.tsv"
  awk -f scripts/lib/advise.awk "$4/.registry.tsv" "$2" "$3" "$1" >"$4/advice.txt"
  awk -v json=1 -f scripts/lib/advise.awk "$4/.registry.tsv" "$2" "$3" "$1" >"$4/advice.json"
  awk -v html=1 -f scripts/lib/advise.awk "$4/.registry.tsv" "$2" "$3" "$1" >"$4/advice.html"
  rm -f "$4/.registry.tsv"
}

# hb_key_facts RUN_JSON NEED [BUCKETS]: the facts the rules read: the keys_* context hashbench
# recorded (numbers without their notes), the need, the bucket count (default: the distinct keys
# rounded up to a power of two), the distinct keys, whether a sample was used.
hb_key_facts() {
  facts_file=$(mktemp)
  sed -n 's/^    "\(keys_[a-z0-9_]*\)": "\(.*\)",*$/\1	\2/p' "$1" | sed 's/\\\\/\\/g' >"$facts_file"
  used=$(awk -F'\t' '$1 == "keys_used" { print $2 + 0 }' "$facts_file")
  dups=$(awk -F'\t' '$1 == "keys_duplicates" { print $2 + 0 }' "$facts_file")
  distinct=$((used - dups))
  facts_buckets=${3:-}
  if [ -z "$facts_buckets" ]; then
    facts_buckets=2
    while [ "$facts_buckets" -lt "$distinct" ] && [ "$facts_buckets" -lt 1073741824 ]; do
      facts_buckets=$((facts_buckets * 2))
    done
  fi
  printf 'need\t%s\nbuckets\t%s\nkeys_distinct\t%s\n' "$2" "$facts_buckets" "$distinct"
  if grep -q 'keys_used	.*sample' "$facts_file"; then echo "keys_sampled	yes"; else echo "keys_sampled	no"; fi
  sed 's/	\([0-9]*\) (.*/	\1/' "$facts_file"
  rm -f "$facts_file"
}
