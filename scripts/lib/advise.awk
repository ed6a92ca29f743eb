# advise.awk — the advisor's rules: from the registry, the timings on the user's keys and the
# spread verdicts on the same keys, a ranked short list per need, the entries left out with the
# reason, and one recommendation per need; as text, or as JSON with -v json=1.
#
# Inputs (tab-separated, named by the FILENAME order advise.sh passes):
#   1 registry  hbsum --list --format tsv
#   2 timings   suite algo impl load median ci_lo ci_hi   (seconds per key; "-" when unknown)
#   3 spread    name impl bits buckets collisions low32 avalanche pairs expected  (verdicts)
#   4 facts     key value  (keys_* context of the run, plus need, buckets, spread_keys)
#
# The needs, as data: the kinds an entry may be, whether it must take a seed, which spread tests
# must pass, and the rule on output bits.
BEGIN {
  FS = "\t"
  split("table checksum fingerprint crypto", need_order, " ")
  need_text["table"] = "hash table keys (in memory, possibly chosen by others)"
  need_text["checksum"] = "checksum (catch accidental corruption)"
  need_text["fingerprint"] = "fingerprint (tell keys apart by their hash, no adversary)"
  need_text["crypto"] = "cryptographic (an adversary may choose the inputs)"
  need_seed["table"] = 1
  need_tests["table"] = "buckets low32"
  need_tests["checksum"] = "collisions"
  need_tests["fingerprint"] = "buckets collisions low32 avalanche"
  need_tests["crypto"] = "collisions avalanche"
  need_kinds["crypto"] = "crypto"
  broken["md5"] = "collisions can be made on purpose (broken since 2004)"
  broken["sha1"] = "collisions can be made on purpose (SHAttered, 2017)"
  shortlist = 5
  few_keys = 1000  # below this, a skewed hash cannot be told from an even one at any bucket count
}

function field(s) { return s == "" ? "-" : s }
function ns(sec) { return sec == "-" || sec == "" ? "-" : sprintf("%.2f", sec * 1e9) }
function jstr(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); gsub(/\t/, "\\t", s); return "\"" s "\"" }
function h(s) { gsub(/&/, "\\&amp;", s); gsub(/</, "\\&lt;", s); gsub(/>/, "\\&gt;", s); return s }
function jnum(s) { return s == "-" || s == "" ? "null" : s + 0 }

FILENAME == ARGV[1] && FNR > 1 {
  # name impl family kind bits seeded dos output version needs linkage provider runs-here
  id = $1 "/" $2
  if ($4 == "baseline") next
  entries[++entry_count] = id
  name_of[id] = $1; impl_of[id] = $2; kind[id] = $4; bits[id] = $5; seeded[id] = $6; runs[id] = $13
  next
}
FILENAME == ARGV[2] {
  id = $2 "/" $3
  if ($1 == "latency") latency[id] = $5
  else if ($1 == "baseline") { if ($2 == "noop") floor_ns = $5 }
  else if ($4 == "ram") { ram[id] = $5 }
  else { cpu[id] = $5; cpu_lo[id] = $6; cpu_hi[id] = $7 }
  next
}
FILENAME == ARGV[3] {
  spread_seen[$1] = 1
  sp_impl[$1] = $2; sp["buckets", $1] = $4; sp["collisions", $1] = $5; sp["low32", $1] = $6
  sp["avalanche", $1] = $7; sp_pairs[$1] = $8; sp_expected[$1] = $9
  next
}
FILENAME == ARGV[4] { fact[$1] = $2; next }

# The reason id cannot serve need, or "".
function exclusion(id, need,    nm, tests, n, i, t, failed, keys, expect) {
  nm = name_of[id]
  if (runs[id] !~ /^yes/) return "not available on this CPU" # "yes" or "yes, default"
  if (!(id in cpu)) return "no timing on these keys (row skipped or failed)"
  if (need in need_kinds && kind[id] != need_kinds[need]) return "not a cryptographic hash"
  if (need == "crypto" && nm in broken) return broken[nm]
  if (need_seed[need] && seeded[id] == "no") return "no seed: whoever can choose keys can force collisions (HashDoS)"
  if (need == "checksum" && bits[id] < 32) return "fewer than 32 output bits"
  if (need == "fingerprint") {
    keys = 10 * fact["keys_distinct"]
    expect = keys * (keys - 1) / 2 / 2 ^ bits[id]
    if (expect > 1e-6)
      return sprintf("too few output bits (%d) for this many keys: at 10 x %d keys the birthday bound expects %.2g colliding pairs", bits[id], fact["keys_distinct"], expect)
  }
  if (!(nm in spread_seen)) return "no spread result on these keys"
  n = split(need_tests[need], tests, " ")
  failed = ""
  for (i = 1; i <= n; i++) {
    t = tests[i]
    if (sp[t, nm] != "pass" && sp[t, nm] != "warn") failed = failed (failed == "" ? "" : ", ") t " " sp[t, nm]
  }
  if (failed != "") return "failed spread on these keys: " failed
  return ""
}

function clearly_faster(a, b) {
  if (cpu_hi[a] == "-" || cpu_lo[b] == "-" || cpu_hi[a] == "" || cpu_lo[b] == "") return cpu[a] + 0 < cpu[b] + 0
  return cpu_hi[a] + 0 < cpu_lo[b] + 0
}

# The fastest implementation of each name that serves the need, ranked by time per key.
function rank(need,    i, id, nm, why, count, j, tmp) {
  delete best; delete ranked; delete excluded_by
  count = 0
  for (i = 1; i <= entry_count; i++) {
    id = entries[i]; nm = name_of[id]
    why = exclusion(id, need)
    if (why != "") { if (!(nm in best)) excluded_by[nm] = excluded_by[nm] == "" ? why : excluded_by[nm]; continue }
    delete excluded_by[nm]
    # Registry order puts a name's default implementation first; another one replaces it only
    # when clearly faster (intervals apart), so noise does not pick among equal variants.
    if (!(nm in best) || clearly_faster(id, best[nm])) best[nm] = id
  }
  for (nm in best) ranked[++count] = best[nm]
  for (i = 2; i <= count; i++)  # insertion sort: a few dozen entries
    for (j = i; j > 1 && cpu[ranked[j]] < cpu[ranked[j - 1]]; j--) { tmp = ranked[j]; ranked[j] = ranked[j - 1]; ranked[j - 1] = tmp }
  return count
}

function why_line(need, k, id) {
  if (k == 1 && ranked_count > 1 && cpu_hi[id] != "-" && cpu_lo[ranked[2]] != "-" && cpu_hi[id] + 0 >= cpu_lo[ranked[2]] + 0)
    return sprintf("fastest that qualifies, but tied with %s (their 90%% intervals overlap)", name_of[ranked[2]])
  if (k == 1 && ranked_count > 1)
    return sprintf("fastest that qualifies; %.0f%% less time per key than %s", 100 * (1 - cpu[id] / cpu[ranked[2]]), name_of[ranked[2]])
  if (k == 1) return "the only entry that qualifies"
  return sprintf("%.0f%% more time per key than %s", 100 * (cpu[id] / cpu[ranked[1]] - 1), name_of[ranked[1]])
}

function quality(nm,    s) {
  s = "buckets " sp["buckets", nm] ", collisions " sp["collisions", nm] ", low-32 " sp["low32", nm] ", avalanche " sp["avalanche", nm]
  return s
}

END {
  needs = fact["need"] == "all" ? "table checksum fingerprint crypto" : fact["need"]
  nn = split(needs, list, " ")
  if (html) {
    if (fact["synthetic"] != "") printf "<p>Keys: %s.", h(fact["synthetic"])
    else {
      printf "<p>Keys: %s in the file", fact["keys_in_file"]
      if (fact["keys_sampled"] == "yes") printf " (a fixed-seed sample of %s was used)", fact["keys_used"]
      printf "; %s distinct, %s duplicates (repeats of a key, not collisions); lengths min %s, median %s, p99 %s, max %s bytes; %s empty, %s CRLF endings removed, %s not UTF-8. Spread tested over %s buckets.",
        fact["keys_distinct"], fact["keys_duplicates"], fact["keys_length_min"], fact["keys_length_median"], fact["keys_length_p99"],
        fact["keys_length_max"], fact["keys_empty"], fact["keys_crlf"], fact["keys_not_utf8"], fact["buckets"]
    }
    printf " Times are medians per key, in cache; each includes the loop and call overhead (noop: %s ns per key).", ns(floor_ns)
    if (fact["keys_load_ram"] != "") printf " From DRAM: %s.", h(fact["keys_load_ram"])
    if (fact["keys_distinct"] != "" && fact["keys_distinct"] + 0 < few_keys)
      printf " <b>Only %d distinct keys: too few for the spread tests to tell hashes apart; the lists rank speed.</b>", fact["keys_distinct"]
    printf "</p>\n"
  } else if (json) {
    printf "{\n  \"advise_schema\": 1,\n  \"synthetic\": %s,\n  \"keys\": {", (fact["synthetic"] == "" ? "null" : jstr(fact["synthetic"]))
    sep = ""
    for (k in fact) if (k ~ /^keys_/) { printf "%s\n    %s: %s", sep, jstr(k), jstr(fact[k]); sep = "," }
    printf "\n  },\n  \"buckets\": %s,\n  \"noop_ns_per_key\": %s,\n  \"needs\": [", jnum(fact["buckets"]), jnum(ns(floor_ns))
  } else if (fact["synthetic"] != "") {
    printf "Keys: %s\n", fact["synthetic"]
    printf "  (every figure includes the loop and call overhead: noop takes %s ns per key)\n", ns(floor_ns)
    if (fact["keys_load_ram"] != "") printf "  from DRAM: %s\n", fact["keys_load_ram"]
    if (fact["keys_distinct"] + 0 < few_keys)
      printf "  only %d distinct keys: too few for the spread tests to tell hashes apart; the lists rank speed\n", fact["keys_distinct"]
  } else {
    printf "Keys: %s in the file", fact["keys_in_file"]
    if (fact["keys_sampled"] == "yes") printf " (a fixed-seed sample of %s was used)", fact["keys_used"]
    printf "; %s distinct, %s duplicates (repeats of a key, not collisions)\n", fact["keys_distinct"], fact["keys_duplicates"]
    printf "  lengths min %s, median %s, p99 %s, max %s bytes; %s empty, %s CRLF endings removed, %s not UTF-8\n",
      fact["keys_length_min"], fact["keys_length_median"], fact["keys_length_p99"], fact["keys_length_max"],
      fact["keys_empty"], fact["keys_crlf"], fact["keys_not_utf8"]
    printf "  spread tested over %s buckets; times are medians of the repetitions, per key, in cache\n", fact["buckets"]
    printf "  (every figure includes the loop and call overhead: noop takes %s ns per key)\n", ns(floor_ns)
    if (fact["keys_load_ram"] != "") printf "  from DRAM: %s\n", fact["keys_load_ram"]
    if (fact["keys_distinct"] + 0 < few_keys)
      printf "  only %d distinct keys: too few for the spread tests to tell hashes apart; the lists rank speed\n", fact["keys_distinct"]
  }
  for (q = 1; q <= nn; q++) {
    need = list[q]
    ranked_count = rank(need)
    if (html) {
      printf "<section class=\"need\"><h3>%s <small>%s</small></h3>\n", h(need), h(need_text[need])
      if (ranked_count > 0)
        printf "<p class=\"recommend\">Use <b>%s</b>: %s ns per key; spread on these keys: %s.</p>\n", h(ranked[1]), ns(cpu[ranked[1]]), h(quality(name_of[ranked[1]]))
      else
        printf "<p class=\"recommend\">Nothing qualifies.</p>\n"
      printf "<table class=\"advice\"><thead><tr><th>#</th><th>name/impl</th><th class=\"num\">bits</th><th class=\"num\">ns/key</th><th class=\"num\">90%% CI</th><th class=\"num\">latency ns</th><th class=\"num\">from DRAM ns</th><th>why</th></tr></thead><tbody>\n"
      for (k = 1; k <= ranked_count && k <= shortlist; k++) {
        id = ranked[k]
        printf "<tr><td class=\"num\" data-value=\"%d\">%d</td><td>%s</td><td class=\"num\" data-value=\"%d\">%d</td><td class=\"num\" data-value=\"%s\">%s</td><td class=\"num\">%s</td><td class=\"num\">%s</td><td class=\"num\">%s</td><td>%s</td></tr>\n",
          k, k, h(id), bits[id], bits[id], ns(cpu[id]), ns(cpu[id]), (cpu_lo[id] == "-" ? "-" : ns(cpu_lo[id]) "&ndash;" ns(cpu_hi[id])), ns(latency[id]), ns(ram[id]), h(why_line(need, k, id))
      }
      printf "</tbody></table>\n"
      delete by_reason; delete reason_list; nr = 0
      for (nm in excluded_by) { r = excluded_by[nm]; if (!(r in by_reason)) reason_list[++nr] = r; by_reason[r] = by_reason[r] (by_reason[r] == "" ? "" : ", ") nm }
      if (nr > 0) printf "<ul class=\"excluded\">\n"
      for (i = 1; i <= nr; i++) printf "<li>left out, %s: %s</li>\n", h(reason_list[i]), h(by_reason[reason_list[i]])
      if (nr > 0) printf "</ul>\n"
      printf "</section>\n"
      continue
    }
    if (json) {
      printf "%s\n    {\"need\": %s, \"what\": %s,\n     \"ranked\": [", (q > 1 ? "," : ""), jstr(need), jstr(need_text[need])
      for (k = 1; k <= ranked_count && k <= shortlist; k++) {
        id = ranked[k]; nm = name_of[id]
        printf "%s\n       {\"rank\": %d, \"name\": %s, \"impl\": %s, \"bits\": %d, \"seeded\": %s, \"ns_per_key\": %s, \"ns_per_key_ci\": [%s, %s], \"latency_ns_per_key\": %s, \"ram_ns_per_key\": %s, \"spread\": {\"buckets\": %s, \"collisions\": %s, \"low32\": %s, \"avalanche\": %s}, \"why\": %s}",
          (k > 1 ? "," : ""), k, jstr(nm), jstr(impl_of[id]), bits[id], jstr(seeded[id]), jnum(ns(cpu[id])),
          jnum(ns(cpu_lo[id])), jnum(ns(cpu_hi[id])), jnum(ns(latency[id])), jnum(ns(ram[id])),
          jstr(sp["buckets", nm]), jstr(sp["collisions", nm]), jstr(sp["low32", nm]), jstr(sp["avalanche", nm]),
          jstr(why_line(need, k, id))
      }
      printf "],\n     \"excluded\": ["
      sep = ""
      for (nm in excluded_by) { printf "%s\n       {\"name\": %s, \"reason\": %s}", sep, jstr(nm), jstr(excluded_by[nm]); sep = "," }
      printf "],\n     \"recommendation\": %s}", (ranked_count > 0 ? jstr(name_of[ranked[1]] "/" impl_of[ranked[1]]) : "null")
      continue
    }
    printf "\n%s — %s\n", need, need_text[need]
    if (ranked_count == 0) printf "  nothing qualifies\n"
    else printf "  %-3s %-22s %5s %10s %16s %10s %10s  %s\n", "#", "name/impl", "bits", "ns/key", "90% CI", "latency", "from DRAM", "why"
    for (k = 1; k <= ranked_count && k <= shortlist; k++) {
      id = ranked[k]
      printf "  %-3d %-22s %5d %10s %16s %10s %10s  %s\n", k, id, bits[id], ns(cpu[id]),
        (cpu_lo[id] == "-" ? "-" : "[" ns(cpu_lo[id]) ", " ns(cpu_hi[id]) "]"), ns(latency[id]), ns(ram[id]), why_line(need, k, id)
    }
    # Excluded entries, grouped by reason.
    delete by_reason; delete reason_list; nr = 0
    for (nm in excluded_by) { r = excluded_by[nm]; if (!(r in by_reason)) reason_list[++nr] = r; by_reason[r] = by_reason[r] (by_reason[r] == "" ? "" : ", ") nm }
    for (i = 1; i <= nr; i++) printf "  left out, %s: %s\n", reason_list[i], by_reason[reason_list[i]]
    if (ranked_count > 0)
      printf "  => %s: %s (%s ns per key; %s)\n", need, ranked[1], ns(cpu[ranked[1]]), quality(name_of[ranked[1]])
  }
  if (json) printf "\n  ]\n}\n"
  else if (!html) {
    printf "\nRecommendation per need:\n"
    for (q = 1; q <= nn; q++) { ranked_count = rank(list[q]); printf "  %-12s %s\n", list[q], (ranked_count > 0 ? ranked[1] : "nothing qualifies") }
  }
}
