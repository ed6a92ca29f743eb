// hbtableref.cpp — a minimal program of its own beside hashbench, for hbfidelity's table check: it
// reads 8-byte keys from a file, holds them as uint64_t in one design's set (tableref.h) with the
// design's default hasher or XXH3, and times successful lookups in a plain clock loop (no Google
// Benchmark, no registry). It prints one TSV line under a header: the design, the hasher, the
// keys, the lookups of each timing, and the median ns per lookup over three timings, in CPU time
// (the process's) and in real time.
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <new>
#include <string>
#include <vector>

#include "tableref.h"

namespace {

const char usage[] = "usage: hbtableref --design NAME --hash default|xxh3 --keys FILE [--min-time S]\n"
                     "\n"
                     "The keys of FILE (8 bytes each, as the machine stores a uint64_t) in one design's set of\n"
                     "uint64_t, hashed with the design's default hasher of uint64_t or with XXH3_64bits of the\n"
                     "key's bytes; then lookups of every key in a fixed shuffled order, one after the other, timed\n"
                     "three times for at least S seconds of CPU time each (default 0.2). Prints a header and one\n"
                     "line of tab-separated fields: design, hash, keys (distinct), lookups, cpu_ns, real_ns (the\n"
                     "medians per lookup). hbfidelity --tables runs it beside hashbench.\n"
                     "\n"
                     "designs: absl (absl::Hash<uint64_t>), std-unordered (std::hash<uint64_t>), boost-flat\n"
                     "(boost::hash<uint64_t>), glib (g_int64_hash), uthash and open-addressing (xxh3 only)\n"
                     "exit status: 0 success; 1 a lookup missed a stored key, or out of memory; 2 bad usage or file\n";

const tref::design *const designs[] = {&tref::absl_design, &tref::std_unordered_design, &tref::boost_flat_design,
                                       &tref::glib_design, &tref::uthash_design,        &tref::open_addressing_design};

int usage_error(const std::string &what)
{
    std::fprintf(stderr, "hbtableref: %s\n", what.c_str());
    return 2;
}

double seconds(clockid_t clock)
{
    timespec t;
    clock_gettime(clock, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

// The keys of path; false (with the reason) when it cannot be read or is not whole 8-byte keys.
bool read_keys(const char *path, std::vector<std::uint64_t> &keys, std::string &why)
{
    std::FILE *f = std::fopen(path, "rb");
    if (f == nullptr) {
        why = std::string("--keys: cannot open '") + path + "': " + std::strerror(errno);
        return false;
    }
    std::vector<unsigned char> bytes;
    unsigned char block[65536];
    std::size_t got;
    while ((got = std::fread(block, 1, sizeof block, f)) > 0)
        bytes.insert(bytes.end(), block, block + got);
    bool read = !std::ferror(f);
    std::fclose(f);
    keys.resize(bytes.size() / 8);
    if (!keys.empty())
        std::memcpy(keys.data(), bytes.data(), keys.size() * 8);
    if (!read || bytes.size() % 8 != 0 || keys.empty()) {
        why = std::string("--keys: '") + path + "' is not a whole number of 8-byte keys (at least one)";
        return false;
    }
    return true;
}

// The keys in a fixed shuffled order (Fisher-Yates driven by SplitMix64).
std::vector<std::uint64_t> shuffled(std::vector<std::uint64_t> q)
{
    std::uint64_t state = 0x6862746162726566; // "hbtabref"
    for (std::size_t i = q.size(); i > 1; i--) {
        std::uint64_t z = (state += 0x9e3779b97f4a7c15);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
        z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
        z ^= z >> 31;
        std::swap(q[i - 1], q[z % i]);
    }
    return q;
}

struct timing {
    double cpu, real;
    bool all_found;
};

timing time_lookups(const tref::design &d, const void *set, tref::hash_kind h, const std::vector<std::uint64_t> &q,
                    std::uint64_t count)
{
    double c0 = seconds(CLOCK_PROCESS_CPUTIME_ID), r0 = seconds(CLOCK_MONOTONIC);
    std::uint64_t found = d.lookups(set, h, q.data(), q.size(), count);
    double c1 = seconds(CLOCK_PROCESS_CPUTIME_ID), r1 = seconds(CLOCK_MONOTONIC);
    return {c1 - c0, r1 - r0, found == count};
}

} // namespace

int main(int argc, char **argv)
{
    const char *design_name = nullptr, *hash_name = nullptr, *keys_path = nullptr;
    double min_time = 0.2;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "-h" || a == "--help") {
            std::fputs(usage, stdout);
            return 0;
        }
        if (a != "--design" && a != "--hash" && a != "--keys" && a != "--min-time")
            return usage_error("unknown argument '" + a + "' (try --help)");
        if (i + 1 == argc)
            return usage_error(a + " needs a value (try --help)");
        const char *v = argv[++i];
        if (a == "--design")
            design_name = v;
        else if (a == "--hash")
            hash_name = v;
        else if (a == "--keys")
            keys_path = v;
        else {
            char *end;
            min_time = std::strtod(v, &end);
            if (end == v || *end != '\0' || !(min_time > 0 && min_time <= 60))
                return usage_error(std::string("--min-time: '") + v + "' is not seconds above 0, at most 60");
        }
    }
    if (design_name == nullptr || hash_name == nullptr || keys_path == nullptr)
        return usage_error("--design, --hash and --keys are required (try --help)");
    const tref::design *d = nullptr;
    for (const tref::design *x : designs)
        if (std::strcmp(x->name, design_name) == 0)
            d = x;
    if (d == nullptr)
        return usage_error(std::string("--design: no design '") + design_name + "' (try --help)");
    tref::hash_kind h;
    if (std::strcmp(hash_name, "xxh3") == 0)
        h = tref::hash_kind::xxh3;
    else if (std::strcmp(hash_name, "default") == 0 && d->default_text != nullptr)
        h = tref::hash_kind::library_default;
    else
        return usage_error(std::string("--hash: '") + hash_name + "' is not one of " +
                           (d->default_text != nullptr ? "default, xxh3" : "xxh3") + " for " + d->name);
    std::vector<std::uint64_t> keys;
    std::string why;
    if (!read_keys(keys_path, keys, why))
        return usage_error(why);

    try {
        const std::vector<std::uint64_t> q = shuffled(keys);
        std::size_t size = 0;
        void *set = d->build(keys.data(), keys.size(), h, &size);
        bool ok = time_lookups(*d, set, h, q, q.size()).all_found; // every key once, warming the set
        std::uint64_t count = q.size();
        timing t = time_lookups(*d, set, h, q, count);
        while (ok && t.cpu < min_time / 8 && count < (std::uint64_t(1) << 40)) {
            count *= 2;
            t = time_lookups(*d, set, h, q, count);
            ok = t.all_found;
        }
        if (t.cpu > 0 && t.cpu < min_time)
            count = std::uint64_t(double(count) * min_time / t.cpu) + 1;
        std::vector<double> cpu, real;
        for (int r = 0; r < 3 && ok; r++) {
            t = time_lookups(*d, set, h, q, count);
            ok = t.all_found;
            cpu.push_back(t.cpu / double(count) * 1e9);
            real.push_back(t.real / double(count) * 1e9);
        }
        d->destroy(set, h);
        std::vector<std::uint64_t> distinct = keys;
        std::sort(distinct.begin(), distinct.end());
        distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
        if (!ok || size != distinct.size()) {
            std::fprintf(stderr, "hbtableref: %s: wrong: the set holds %zu keys of %zu, or a lookup missed one\n",
                         d->name, size, distinct.size());
            return 1;
        }
        std::sort(cpu.begin(), cpu.end());
        std::sort(real.begin(), real.end());
        std::printf("design\thash\tkeys\tlookups\tcpu_ns\treal_ns\n%s\t%s\t%zu\t%llu\t%.4f\t%.4f\n", d->name,
                    h == tref::hash_kind::xxh3 ? "XXH3_64bits" : d->default_text, distinct.size(),
                    (unsigned long long)count, cpu[1], real[1]);
    } catch (const std::bad_alloc &) {
        std::fprintf(stderr, "hbtableref: %s: out of memory for %zu keys\n", d->name, keys.size());
        return 1;
    }
    return 0;
}
