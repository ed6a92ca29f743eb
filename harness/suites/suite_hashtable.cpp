// suite_hashtable.cpp — the hashtable suite: each entry as the hash of real table designs (the table
// of designs, c_hashes/hb_designs.h), the cost per key of a successful lookup, an unsuccessful one
// and an insert, on synthetic keys at two counts and on the user's keys (--keys).
#include "suite.h"

#include <algorithm>
#include <cstdio>
#include <utility>
#include <vector>

#include "cpu_guard.h"
#include "format_text.h"
#include "key_rows.h"
#include "keys.h"
#include "machine.h"
#include "plan_options.h"
#include "row_name.h"
#include "table_loops.h"
#include "usage_error.h"

namespace hb {

namespace {

struct op_info {
    table_op op;
    const char *name;
    bool in_default_run; // the default run measures successful lookups only, to stay short
};

const op_info ops[] = {
    {table_op::hit, "hit", true}, {table_op::miss, "miss", false}, {table_op::insert, "insert", false}};

const char *const synthetic_sets[] = {"user", "id64"};

// The counts: one whose tables stay in a core's caches, and one whose tables and keys (32 bytes a
// key or more) outgrow the last-level cache, within a bound on memory and time (every repetition
// of a row builds its table).
constexpr std::size_t cache_count = 4096;
constexpr std::size_t large_count_min = std::size_t(1) << 17;
constexpr std::size_t max_synthetic_count = std::size_t(1) << 20;
// The most keys a row's table may hold (--size), the --keys loader's own bound.
constexpr std::size_t max_table_count = HB_USER_KEYS_MAX;

std::size_t large_count()
{
    std::uint64_t llc = llc_bytes();
    if (llc == 0)
        return max_synthetic_count;
    std::size_t n = large_count_min;
    while (n < max_synthetic_count && std::uint64_t(n) * 32 < llc)
        n *= 2;
    return n;
}

std::string large_count_text()
{
    std::size_t n = large_count();
    std::uint64_t llc = llc_bytes();
    std::string why = llc == 0 ? "the last-level cache's size is not known: the bound"
                      : std::uint64_t(n) * 32 >= llc
                          ? "32 bytes a key or more: beyond the " + std::to_string(llc) + "-byte last-level cache"
                          : "the bound (" + std::to_string(max_synthetic_count) + " keys): its tables may fit in the " +
                                std::to_string(llc) + "-byte last-level cache this machine reports";
    return std::to_string(n) + " keys (" + why + ")";
}

// The default run is the one without --suite (and without --keys, which selects its suites).
bool in_default_run(const options &opts)
{
    return opts.suites.empty();
}

// Whether --algo named h's implementation itself (name/impl), not only its name.
bool named_with_impl(const options &opts, const hb_hash *h)
{
    for (const auto &spec : opts.algos)
        if (spec.find('/') != std::string::npos && hb_spec_matches(h, spec.c_str()))
            return true;
    return false;
}

// Whether the run measures design d: every design, or those --designs names.
bool design_selected(const options &opts, int d)
{
    if (opts.designs.empty())
        return true;
    for (const auto &name : opts.designs)
        if (name == hb_designs[d].name)
            return true;
    return false;
}

// Whether the suite measures h: its name's default implementation, or one --algo names.
bool measured(const options &opts, const hb_hash *h)
{
    return hb_lookup(h->name) == h || named_with_impl(opts, h);
}

unsigned table_cap(const options &opts)
{
    return opts.table_cap != 0 ? unsigned(opts.table_cap) : default_table_cap;
}

// The run's options, as add_context (planned first) found them, for the keys:file rows' planner
// that has none.
const options *run_options = nullptr;

std::vector<std::size_t> counts(const suite_plan_inputs &in)
{
    std::vector<std::size_t> out;
    for (const auto &c : in.cases) {
        if (c.size.random())
            throw usage_error("--size: the hashtable suite takes key counts, not a range ('" + c.size.text() + "')");
        if (c.size.max > max_table_count)
            throw usage_error("--size: " + c.size.text() + " keys is more than the hashtable suite holds (" +
                              std::to_string(max_table_count) + ")");
        out.push_back(c.size.max == 0 ? large_count() : c.size.max);
    }
    return out;
}

// The width of the keys a program holds by value (hb_hash.h): 8 for keys:id64, N for --keys of
// fixed:N when N is 4, 8 or 16; 0 (strings) otherwise.
std::size_t value_width(const std::string &set)
{
    return set == "id64" ? 8 : 0;
}
std::size_t value_width(const key_inputs &keys)
{
    hb_keys_format format;
    std::size_t width = 0;
    bool fixed = hb_keys_format_parse(keys.format.c_str(), &format, &width) && format == HB_KEYS_FORMAT_FIXED;
    return fixed && hb_value_width_index(width) >= 0 ? width : 0;
}

// A row of h's tables: on keys held by value (width 4, 8 or 16) each table holds the key's value
// and calls h's value entry, what a program's table calls for such a key (std::hash<uint64_t>, the
// identity, for std-hash), through the hasher the table is instantiated with (value_hashers.h);
// the row keeps h's name.
planned_benchmark table_benchmark(const suite &s, const hb_hash *h, hb_design d, const op_info &op,
                                  const std::string &set, std::size_t count, unsigned cap, std::size_t width,
                                  std::function<std::shared_ptr<const table_keys>()> keys)
{
    planned_benchmark b;
    std::string n = std::to_string(count);
    const char *design = hb_design_name(d);
    b.name = benchmark_name(s, h, {{"design", design}, {"op", op.name}, {"keys", set}, {"count", n}});
    table_row row{hb_value_entry(h, width),
                  d,
                  op.op,
                  std::move(keys),
                  std::string(h->name) + "/" + h->impl + "/" + design + "/" + set + "/" + n,
                  cap,
                  width};
    b.body = guarded(h, [row](benchmark::State &state) { table_loop(state, row); });
    return b;
}

bool applies(const hb_hash *h)
{
    return h->kind != HB_KIND_BASELINE;
}

void plan_rows(const suite &s, const hb_hash *h, const suite_plan_inputs &in, plan &out)
{
    // Each name's default implementation (its table figures differ from the others' by the hash's
    // speed, which the other suites measure), every one --algo names; in the default run only
    // those of at most 64 bits.
    const bool default_run = in_default_run(in.opts);
    if (!measured(in.opts, h))
        return;
    if (default_run && h->out_bits > 64)
        return;
    for (std::size_t count : counts(in))
        for (const char *set : synthetic_sets)
            for (int d = 0; d < HB_DESIGNS; d++)
                for (const auto &op : ops)
                    if ((!default_run || op.in_default_run) && design_selected(in.opts, d))
                        out.push_back(table_benchmark(s, h, hb_design(d), op, set, count, table_cap(in.opts),
                                                      value_width(set),
                                                      [set, count]() { return synthetic_table_keys(set, count); }));
}

// The distinct keys of the --keys file, made once; a note on stderr when the file repeats keys.
std::shared_ptr<const table_keys> file_keys(const std::shared_ptr<key_inputs> &keys)
{
    static std::shared_ptr<const table_keys> made;
    if (made == nullptr) {
        made = file_table_keys(keys->file);
        if (made->duplicates > 0)
            std::fprintf(stderr,
                         "hashbench: --keys: %zu keys repeat an earlier one; the hashtable suite stores each distinct "
                         "key once (%zu keys)\n",
                         made->duplicates, made->stored.size());
    }
    return made;
}

void plan_key_rows(const suite &s, const hb_hash *h, const std::shared_ptr<key_inputs> &keys, plan &out)
{
    if (run_options == nullptr || !measured(*run_options, h))
        return;
    std::shared_ptr<const table_keys> file = file_keys(keys);
    for (int d = 0; d < HB_DESIGNS; d++)
        for (const auto &op : ops)
            if (design_selected(*run_options, d))
                out.push_back(table_benchmark(s, h, hb_design(d), op, "file", file->stored.size(),
                                              table_cap(*run_options), value_width(*keys), [file]() { return file; }));
}

// How each name's default implementation is called by the tables of keys held by value, grouped by
// the way (table_value_call): inlined, a direct call, through the registry's pointer.
std::string value_calls()
{
    std::vector<std::pair<std::string, std::string>> groups; // (how, entries)
    for (std::size_t i = 0; i < hb_registry_len; i++) {
        const hb_hash *h = hb_registry[i];
        if (!applies(h) || hb_lookup(h->name) != h)
            continue;
        std::string how = table_value_call(h, 8), spec = std::string(h->name) + "/" + h->impl;
        auto g = std::find_if(groups.begin(), groups.end(), [&](const auto &x) { return x.first == how; });
        if (g == groups.end())
            groups.push_back({how, spec});
        else
            g->second += ", " + spec;
    }
    std::string text = "keys held by value: each table's hasher is a type of its own per entry; the entries' "
                       "hashes are called as";
    for (const auto &g : groups)
        text += (&g == &groups[0] ? " " : "; ") + g.first + ": " + g.second;
    return text;
}

// The context keys that say what the rows measured, once per run of the suite.
void add_context(const suite &, const suite_plan_inputs &in, plan &)
{
    run_options = &in.opts;
    std::string bits;
    for (const auto &d : hb_designs) {
        bits += (bits.empty() ? "" : "; ") + std::string(d.name) + ": " + d.bits;
        if (d.version != nullptr)
            benchmark::AddCustomContext(std::string("hashtable_") + d.name + "_version", d.version);
    }
    benchmark::AddCustomContext("hashtable_designs", bits);
    std::string value;
    for (std::size_t i = 0; i < hb_registry_len; i++)
        for (std::size_t width = 4; width <= 16 && hb_registry[i]->value != nullptr; width *= 2)
            value += (value.empty() ? "" : "; ") + std::string(hb_registry[i]->name) + " on " + std::to_string(width) +
                     " bytes: " + hb_value_calls(hb_registry[i], width);
    if (!value.empty())
        benchmark::AddCustomContext("hashtable_value_keys",
                                    "keys:id64 and --keys fixed:4, 8 or 16 are held by value in the tables' slots and "
                                    "compared by value, and an entry's tables call what a program's table calls for "
                                    "such a key: " +
                                        value + "; every other entry its hash of the key's bytes");
    benchmark::AddCustomContext("hashtable_value_calls", value_calls());
    benchmark::AddCustomContext("hashtable_counts",
                                std::to_string(cache_count) + " keys (in cache); " + large_count_text());
    benchmark::AddCustomContext("hashtable_cap", std::to_string(table_cap(in.opts)) +
                                                     " probes per key on average while a table is built");
    benchmark::AddCustomContext("hashtable_folded",
                                "rows of entries wider than 64 bits carry folded_from_bits (the output's bits): "
                                "the tables saw its first 64 bits, as hbspread buckets them");
}

// text in lines of at most width characters, each after indent, broken at spaces.
std::string wrapped(const std::string &text, const std::string &indent, std::size_t width)
{
    std::string out, line;
    std::size_t at = 0;
    while (at < text.size()) {
        std::size_t space = text.find(' ', at);
        std::string word = text.substr(at, space == std::string::npos ? std::string::npos : space - at);
        at = space == std::string::npos ? text.size() : space + 1;
        if (!line.empty() && indent.size() + line.size() + 1 + word.size() > width) {
            out += indent + line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
    }
    return line.empty() ? out : out + indent + line + "\n";
}

std::string help(const suite &)
{
    std::string designs;
    for (const auto &d : hb_designs)
        designs += wrapped(std::string("design:") + d.name + ": " + d.container + " (" + d.library +
                               (d.version != nullptr ? std::string(" ") + d.version : std::string()) + "): " + d.bits,
                           std::string(14, ' '), 100);
    return format_text(
        "  hashtable   each entry as the hash of real tables, the time per key of op:hit (a stored\n"
        "              key, in a fixed shuffled order), op:miss (an absent key) and op:insert (building\n"
        "              the table from empty), lookups independent of each other; keys:user (\"user:N\"),\n"
        "              keys:id64 (8-byte ids 64 apart), keys:file (--keys, each distinct key once);\n"
        "              keys of 4, 8 or 16 bytes (keys:id64, --keys-format fixed:N) are held by value\n"
        "              in the slot and compared by value; a design's default then runs what a\n"
        "              program's table calls for such a key (std::hash<uint64_t>: the identity;\n"
        "              context hashtable_value_keys says each), its library's functor inlined, and\n"
        "              another entry's hash is a direct call where it can be (context\n"
        "              hashtable_value_calls says which);\n"
        "              count:%zu (in cache) and a count past the last-level cache at 32 bytes a key,\n"
        "              at most %zu (--size N: N keys instead). Each name's default implementation,\n"
        "              all those --algo names as name/impl. Designs (--designs: some of them), and the\n"
        "              bits they use:\n"
        "%s"
        "              A wider output is folded to the 64 bits hbspread buckets (counter\n"
        "              folded_from_bits). A build taking more than --table-cap probes per key on\n"
        "              average (default %u) stops: its rows are errors starting \"capped:\"; a design\n"
        "              whose library counts no probes (Boost, GLib) is held to what its keys' home\n"
        "              groups alone imply, before the build. Memory:\n"
        "              the keys three times over, 16 bytes a key each (about 150 MiB at the largest\n"
        "              count), and built tables kept for the lookup rows of the same table (at most\n"
        "              1 GiB, besides the one in use; past that a lookup row builds its table again, 0.1\n"
        "              to 1 s at the largest count); an insert row builds one per count iterations. The\n"
        "              default run has op:hit at count:%zu (%d rows a name) for the implementations\n"
        "              above of at most 64 bits (--list shows them)\n",
        cache_count, max_synthetic_count, designs.c_str(), default_table_cap, cache_count, 2 * HB_DESIGNS);
}

} // namespace

extern const suite hashtable_suite = {
    "hashtable",                          // name
    {"design", "op", "keys", "count"},    // name keys
    1,                                    // hashes per iteration
    applies,                              // entries it measures
    sized_by::size_flag,                  // sizes from: --size gives key counts
    {{cache_count, cache_count}, {0, 0}}, // default sizes: {0, 0} stands for the large count
    false,                                // in the default run
    plan_rows,                            // rows of an entry
    add_context,                          // rows before the entries' (none: the context)
    nullptr,                              // rows of an entry it does not apply to
    plan_key_rows,                        // size:keys rows (keys:file)
    help,                                 // --help lines
    {{cache_count, cache_count}},         // the default run's count (hits only, see help)
    "keys",                               // the default run's count is of keys
};

} // namespace hb
