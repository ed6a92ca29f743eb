// fuzz_command_line.cpp — libFuzzer target for hashbench's command line: the input, split at NUL
// bytes, is argv; each argument also goes through the size and byte-count parsers and the
// duration check (--benchmark_min_time) on its own. Checks: a refusal is a usage_error of one
// line, an accepted size is within 1 byte..1 GiB with min <= max, an accepted byte count agrees
// with a plain reading of its digits and suffix. Paths are kept inside a scratch folder: any
// input naming one with a '/' is skipped.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>
#include <vector>

#include "gbench_flags.h"
#include "command_line.h"
#include "sizes.h"
#include "usage_error.h"

namespace {

void check_one_line(const hb::usage_error &e)
{
    if (std::strchr(e.what(), '\n') != nullptr || e.what()[0] == '\0')
        std::abort();
}

// The byte count by hand: digits, then one of the suffixes, no overflow.
bool plain_bytes(const std::string &text, std::uint64_t &out)
{
    std::size_t i = 0;
    unsigned __int128 v = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
        v = v * 10 + unsigned(text[i] - '0');
        if (v > UINT64_MAX)
            return false;
        i++;
    }
    if (i == 0)
        return false;
    std::string suffix = text.substr(i);
    unsigned shift = suffix == ""                                                           ? 0
                     : suffix == "k" || suffix == "K" || suffix == "kiB" || suffix == "KiB" ? 10
                     : suffix == "M" || suffix == "MiB"                                     ? 20
                     : suffix == "G" || suffix == "GiB"                                     ? 30
                                                                                            : 99;
    if (shift == 99 || (v << shift) > UINT64_MAX)
        return false;
    out = std::uint64_t(v << shift);
    return true;
}

void check_alone(const std::string &arg)
{
    std::uint64_t got = 0, want = 0;
    bool ok = hb::parse_bytes(arg, got);
    if (ok != plain_bytes(arg, want) || (ok && got != want))
        std::abort();
    try {
        hb::size_spec s = hb::parse_size("--size", arg);
        if (s.min == 0 || s.min > s.max || s.max > hb::max_input_bytes)
            std::abort();
    } catch (const hb::usage_error &e) {
        check_one_line(e);
    }
    try {
        hb::check_gbench_flag("benchmark_min_time", arg);
        char *end = nullptr;
        double v = std::strtod(arg.c_str(), &end);
        if (!(v >= 0 && v <= 1e6))
            std::abort();
    } catch (const hb::usage_error &e) {
        check_one_line(e);
    }
}

char scratch[] = "/tmp/fuzz_command_line.XXXXXX";

void remove_scratch()
{
    rmdir(scratch); // check_out_path removes what it creates, so the folder is empty
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    if (mkdtemp(scratch) == nullptr || chdir(scratch) != 0)
        std::abort();
    std::atexit(remove_scratch);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (std::memchr(data, '/', size) != nullptr)
        return 0;
    std::vector<std::string> args;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= size; i++) {
        if (i == size || data[i] == '\0') {
            args.emplace_back(reinterpret_cast<const char *>(data) + start, i - start);
            start = i + 1;
        }
    }
    std::vector<char *> argv;
    for (auto &a : args)
        argv.push_back(a.data());
    try {
        hb::options opts = hb::parse_command_line(int(argv.size()), argv.data());
        for (const auto &s : opts.sizes)
            if (s.min == 0 || s.min > s.max || s.max > hb::max_input_bytes)
                std::abort();
        for (auto c : opts.chunks)
            if (c == 0 || c > hb::max_input_bytes)
                std::abort();
    } catch (const hb::usage_error &e) {
        check_one_line(e);
    }
    for (const auto &a : args)
        check_alone(a);
    return 0;
}
