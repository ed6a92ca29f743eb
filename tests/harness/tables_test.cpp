// tables_test.cpp — the hashtable suite's designs find exactly the keys inserted and none
// other, checked against a sorted copy of the keys searched with std::binary_search (a second,
// independent implementation of membership), for several registry entries (CRC-32C, 64-bit hashes,
// a 128-bit one folded, a digest without hash64) and key sets (user:N, id64, keys of varied
// lengths with repeats, an empty key, and keys one bit apart), and keys of 4, 8 and 16 bytes held by
// value with the designs' defaults (their value entries, hb_hash.h), entries called directly and one
// through its pointer; every hasher of keys held by value (value_hashers.h) against the entry it
// serves. Test entries of our own then show
// the cap and which bits each design consumes: a constant hash is capped in every design; a hash
// whose low 7 bits are constant is capped in uthash and open-addressing (they index by the low
// bits) but not in absl (it takes its groups from hash >> 7; those 7 bits are only its tag).
#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "hb_hash.h"
#include "hb_splitmix64.h"
#include "table_loops.h"
#include "value_hashers.h"

namespace {

int failures = 0;

// A failed check: says what failed, with the case that reproduces it.
#define CHECK(cond, ...) check(cond, #cond, __LINE__, __VA_ARGS__)
void check(bool ok, const char *what, int line, const char *format, ...) __attribute__((format(printf, 4, 5)));
void check(bool ok, const char *what, int line, const char *format, ...)
{
    if (ok)
        return;
    std::fprintf(stderr, "FAIL tables_test.cpp:%d: %s: ", line, what);
    va_list args;
    va_start(args, format);
    std::vfprintf(stderr, format, args);
    va_end(args);
    std::fputc('\n', stderr);
    failures++;
}

using hb::table_key;
using hb::table_keys;

std::string text(const table_key &k)
{
    return std::string(reinterpret_cast<const char *>(k.p), k.n);
}

// The keys a file of these lines would give (in order, repeats kept), as hb_user_keys.
struct file_keys {
    std::vector<std::string> lines;
    std::string bytes;
    std::vector<std::size_t> start, len;
    hb_user_keys keys{};

    explicit file_keys(std::vector<std::string> l) : lines(std::move(l))
    {
        for (const auto &s : lines) {
            start.push_back(bytes.size());
            len.push_back(s.size());
            bytes += s;
        }
        bytes += '\0'; // never empty
        keys.bytes = reinterpret_cast<std::uint8_t *>(&bytes[0]);
        keys.start = start.data();
        keys.len = len.data();
        keys.n = lines.size();
    }
};

std::vector<std::string> varied_lines()
{
    std::vector<std::string> lines = {"", "a", "b", "c", "\x01", "\x00\x01"};
    lines[5] = std::string("\0\1", 2);
    std::uint64_t state = 7;
    for (int i = 0; i < 3000; i++) {
        std::string s;
        std::size_t n = hb_splitmix64_next(&state) % 40;
        for (std::size_t j = 0; j < n; j++)
            s += char('a' + hb_splitmix64_next(&state) % 3); // few letters: many near neighbours
        lines.push_back(s);
    }
    for (int i = 0; i < 200; i++) // keys one bit apart in the first byte
        lines.push_back(std::string(1, char(i)) + "key");
    for (int i = 0; i < 50; i++) // repeats
        lines.push_back(lines[std::size_t(i) * 7]);
    return lines;
}

// Every design, built from keys.stored, answers each query as the sorted reference does; its build
// is within the cap. Keys held by value at width (4, 8 or 16; h their value entry): the build may
// be capped.
void check_membership(const hb_hash *h, const table_keys &keys, const char *set, std::size_t width = 0)
{
    std::vector<std::string> reference;
    for (const auto &k : keys.stored)
        reference.push_back(text(k));
    std::sort(reference.begin(), reference.end());
    std::vector<table_key> queries = keys.queries;
    queries.insert(queries.end(), keys.absent.begin(), keys.absent.end());
    static const std::uint8_t other[] = "user:x-not-a-key", shorter[] = "abc";
    queries.push_back({other, sizeof other - 1});
    queries.push_back({shorter, sizeof shorter - 1});
    for (int design = 0; design < HB_DESIGNS; design++) {
        const hb_design d = hb_design(design);
        const char *name = hb_design_name(d);
        std::vector<bool> found;
        bool ok = hb::table_finds(h, d, keys, queries, found, width);
        CHECK(ok, "%s/%s %s keys:%s: the table did not hold every key", h->name, h->impl, name, set);
        std::size_t wrong = 0;
        for (std::size_t i = 0; ok && i < queries.size(); i++)
            wrong += found[i] != std::binary_search(reference.begin(), reference.end(), text(queries[i]));
        CHECK(wrong == 0, "%s/%s %s keys:%s: %zu of %zu lookups answered wrong", h->name, h->impl, name, set, wrong,
              queries.size());
        std::string verdict = hb::table_build_verdict(h, d, keys, hb::default_table_cap, width);
        CHECK(verdict.empty() || (width != 0 && verdict.rfind("capped: ", 0) == 0), "%s/%s %s keys:%s: %s", h->name,
              h->impl, name, set, verdict.c_str());
    }
}

// The key sets themselves: present and absent disjoint, as many of each, repeats dropped.
void check_sets(const table_keys &keys, std::size_t distinct, const char *set)
{
    CHECK(keys.stored.size() == distinct, "keys:%s: %zu stored, %zu distinct", set, keys.stored.size(), distinct);
    CHECK(keys.queries.size() == distinct && keys.absent.size() == distinct, "keys:%s: %zu queries, %zu absent", set,
          keys.queries.size(), keys.absent.size());
    std::vector<std::string> stored, queries;
    for (const auto &k : keys.stored)
        stored.push_back(text(k));
    for (const auto &k : keys.queries)
        queries.push_back(text(k));
    std::sort(stored.begin(), stored.end());
    std::sort(queries.begin(), queries.end());
    CHECK(std::adjacent_find(stored.begin(), stored.end()) == stored.end(), "keys:%s: a stored key repeats", set);
    CHECK(stored == queries, "keys:%s: the queries are not the stored keys", set);
    std::size_t clash = 0;
    for (const auto &k : keys.absent)
        clash += std::binary_search(stored.begin(), stored.end(), text(k));
    CHECK(clash == 0, "keys:%s: %zu absent keys are stored keys", set, clash);
}

// Test entries: a constant, and a good hash with its low 7 bits zero.
// Keys of width bytes as a fixed:width file gives them: the addresses 0x7f0000000000 + 64i (their
// low bytes at width 4, a second word i at width 16), then fixed-seed random ones, some repeated.
std::vector<std::string> fixed_lines(std::size_t width)
{
    std::vector<std::string> lines;
    for (std::uint64_t i = 0; i < 1500; i++) {
        std::uint64_t v[2] = {UINT64_C(0x7f0000000000) + 64 * i, i};
        lines.push_back(std::string(reinterpret_cast<const char *>(v), width));
    }
    std::uint64_t state = width;
    for (int i = 0; i < 1500; i++) {
        std::uint64_t v[2] = {hb_splitmix64_next(&state), hb_splitmix64_next(&state)};
        lines.push_back(std::string(reinterpret_cast<const char *>(v), width));
    }
    for (int i = 0; i < 50; i++) // repeats
        lines.push_back(lines[std::size_t(i) * 31]);
    return lines;
}

// Says that an entry could not be checked here, on stdout and in $HB_SKIP_LOG (scripts/test.sh lists them).
void skipped(const char *spec)
{
    std::printf("skipped: %s in harness.tables (not in this build or not runnable on this CPU)\n", spec);
    if (const char *log = std::getenv("HB_SKIP_LOG"))
        if (std::FILE *f = std::fopen(log, "a")) {
            std::fprintf(f, "%s in harness.tables (not in this build or not runnable on this CPU)\n", spec);
            std::fclose(f);
        }
}

// Keys held by value: every design holds keys of 4, 8 and 16 bytes by value and finds exactly the
// keys inserted, hashed by each design's default (its library's functor: std::hash<uint64_t>, the
// identity, for std-hash), by entries called directly (c_hashes/hb_direct.h) and by one called
// through the registry's pointer (the CRC). Such a hash may be capped (an identity on aligned
// addresses in a design that indexes by the low bits): the lookups are right anyway.
void check_value_keys()
{
    file_keys fixed4(fixed_lines(4)), fixed16(fixed_lines(16));
    auto keys4 = hb::file_table_keys(fixed4.keys), keys16 = hb::file_table_keys(fixed16.keys);
    auto id64 = hb::synthetic_table_keys("id64", 5000);
    CHECK(hb::held_width(4, *keys4) == 4 && hb::held_width(8, *id64) == 8 && hb::held_width(16, *keys16) == 16,
          "the key sets of 4, 8 and 16 bytes are not held by value");
    CHECK(hb::held_width(8, *keys16) == 0 && hb::held_width(8, *hb::synthetic_table_keys("user", 100)) == 0,
          "keys of another width or of varied lengths held by value");
    std::vector<const hb_hash *> entries;
    for (const auto &d : hb_designs) {
        const hb_hash *h = d.default_hash != nullptr ? hb_lookup(d.default_hash) : nullptr;
        if (h != nullptr && std::find(entries.begin(), entries.end(), h) == entries.end())
            entries.push_back(h);
    }
    CHECK(entries.size() >= 4, "the designs' defaults: %zu entries, want std-hash, absl-hash, boost-hash, glib-hash",
          entries.size());
    for (const char *spec : {"xxh3-64", "wyhash", "fnv1a-64", "crc32c"}) {
        const hb_hash *h = hb_lookup(spec);
        if (h == nullptr || !hb_can_run(h, nullptr, 0))
            skipped(spec);
        else
            entries.push_back(h);
    }
    for (const hb_hash *h : entries) {
        check_membership(hb_value_entry(h, 4), *keys4, "fixed:4 held by value", 4);
        check_membership(hb_value_entry(h, 8), *id64, "id64 held by value", 8);
        check_membership(hb_value_entry(h, 16), *keys16, "fixed:16 held by value", 16);
    }
}

// Each hasher of value_hashers.h hashes a key of W bytes as the value entry it serves does (the
// registry's hash of the key's bytes, hb_hashtable_hash), for every entry it serves that this CPU
// runs, and is what the tables of that entry are instantiated with (table_value_call); a design's
// default and each direct entry serve exactly one entry of the registry.
template <std::size_t W, class Choice> void check_choice()
{
    const bool every_entry = std::is_same_v<Choice, hb::entry_choice>;
    std::size_t served = 0;
    for (std::size_t i = 0; i < hb_registry_len; i++) {
        const hb_hash *v = hb_value_entry(hb_registry[i], W);
        if (hb_registry[i]->kind == HB_KIND_BASELINE || !Choice::is(v))
            continue;
        served++;
        const char *call = hb::table_value_call(hb_registry[i], W);
        CHECK(every_entry || std::strcmp(call, Choice::call) == 0,
              "%s/%s on %zu bytes: the tables call it as '%s', want '%s'", v->name, v->impl, W, call, Choice::call);
        if (!hb_can_run(v, nullptr, 0)) {
            if (!every_entry) // every entry's own checks say which this CPU does not run
                skipped(v->name);
            continue;
        }
        const auto hasher = hb::hasher_for<typename Choice::type>(v);
        std::uint64_t state = W * 1000 + i, wrong = 0;
        for (int n = 0; n < 200; n++) {
            std::uint64_t words[2] = {hb_splitmix64_next(&state), hb_splitmix64_next(&state)};
            if (n % 2)
                words[0] = UINT64_C(0x7f0000000000) + 64 * std::uint64_t(n); // aligned addresses, as keys:id64
            const hb::value_key_t<W> key = hb::load_value_key<W>(words);
            wrong += std::uint64_t(hasher(key)) != hb_hashtable_hash(v, &key, W);
        }
        CHECK(wrong == 0, "%s/%s on %zu bytes: %llu of 200 keys hashed otherwise than by the entry", v->name, v->impl,
              W, static_cast<unsigned long long>(wrong));
    }
    CHECK(served >= 1 && (every_entry || served == 1), "a hasher of keys of %zu bytes (%s) serves %zu entries", W,
          Choice::call, served);
}
template <std::size_t W, class... Choices> void check_hashers(hb::hasher_list<Choices...>)
{
    (check_choice<W, Choices>(), ...);
}

std::uint64_t constant_hash(const void *, std::size_t, std::uint64_t)
{
    return 42;
}
std::uint64_t low7_zero_hash(const void *p, std::size_t n, std::uint64_t seed)
{
    std::uint64_t h = seed ^ n;
    for (std::size_t i = 0; i < n; i++)
        h = hb_splitmix64_next(&h) ^ static_cast<const std::uint8_t *>(p)[i];
    return hb_splitmix64_next(&h) << 7;
}
hb_hash test_entry(const char *name, hb_hash64_fn fn)
{
    hb_hash h{};
    h.name = name;
    h.impl = "test";
    h.kind = HB_KIND_NONCRYPTO;
    h.out_bits = 64;
    h.hash64 = fn;
    return h;
}

void check_cap()
{
    auto keys = hb::synthetic_table_keys("user", 3000);
    hb_hash constant = test_entry("constant", constant_hash), low7 = test_entry("low7-zero", low7_zero_hash);
    for (int design = 0; design < HB_DESIGNS; design++) {
        const hb_design d = hb_design(design);
        const char *name = hb_design_name(d);
        std::string v = hb::table_build_verdict(&constant, d, *keys, 16);
        CHECK(v.rfind("capped: ", 0) == 0, "constant hash in %s: verdict '%s', want capped", name, v.c_str());
        v = hb::table_build_verdict(&low7, d, *keys, 64);
        bool low_bits = hb_design_consumes(d, HB_VIEW_LOW);
        CHECK((v.rfind("capped: ", 0) == 0) == low_bits, "low-7-zero hash in %s: verdict '%s', want %s", name,
              v.c_str(), low_bits ? "capped (it indexes by the low bits)" : "built (it indexes by hash >> 7)");
    }
    // Without the cap's stop, a list still answers right: a small table of the constant hash.
    check_membership(&constant, *hb::synthetic_table_keys("id64", 300), "id64 (constant hash)");
}

} // namespace

int main()
{
    char err[256];
    if (!hb_init(err, sizeof err)) {
        std::fprintf(stderr, "tables_test: %s\n", err);
        return 1;
    }
    const char *specs[] = {"crc32c", "crc32c/portable", "xxh3-64", "wyhash", "murmur3-32", "murmur3-128", "sha256"};
    file_keys file(varied_lines());
    auto from_file = hb::file_table_keys(file.keys);
    std::vector<std::string> distinct = file.lines;
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    check_sets(*from_file, distinct.size(), "file");
    CHECK(from_file->duplicates == file.lines.size() - distinct.size(), "keys:file: %zu repeats counted, %zu in it",
          from_file->duplicates, file.lines.size() - distinct.size());
    CHECK(text(from_file->stored[0]).empty() && text(from_file->stored[1]) == "a",
          "keys:file: not stored in the file's order");
    for (const char *set : {"user", "id64"})
        check_sets(*hb::synthetic_table_keys(set, 5000), 5000, set);
    CHECK(text(hb::synthetic_table_keys("user", 5000)->stored[17]) == "user:17", "keys:user: key 17 is not user:17");
    std::uint64_t id = 0;
    for (int b = 7; b >= 0; b--)
        id = id << 8 | hb::synthetic_table_keys("id64", 5000)->stored[3].p[b];
    CHECK(id == 0x7f0000000000 + 3 * 64, "keys:id64: key 3 is %llx", static_cast<unsigned long long>(id));

    for (const char *spec : specs) {
        const hb_hash *h = hb_lookup(spec);
        if (h == nullptr || !hb_can_run(h, nullptr, 0)) {
            skipped(spec);
            continue;
        }
        check_membership(h, *hb::synthetic_table_keys("user", 5000), "user");
        check_membership(h, *hb::synthetic_table_keys("id64", 5000), "id64");
        check_membership(h, *from_file, "file");
    }
    check_value_keys();
    check_hashers<4>(hb::value_hashers<4>{});
    check_hashers<8>(hb::value_hashers<8>{});
    check_hashers<16>(hb::value_hashers<16>{});
    check_cap();
    if (failures != 0) {
        std::fprintf(stderr, "tables_test: %d failure(s)\n", failures);
        return 1;
    }
    std::printf("tables_test: all checks passed\n");
    return 0;
}
