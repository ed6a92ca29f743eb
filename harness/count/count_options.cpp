// count_options.cpp — reading hbcount's argv. Every flag takes "--flag=value" and "--flag value";
// lists are comma-separated, as in hashbench.
#include "count_options.h"

#include <cstring>

#include "split_list.h"
#include "usage_error.h"

namespace hb {

namespace {

void apply(count_options &opts, const std::string &name, const std::string &value)
{
    if (name == "algo") {
        opts.algos = split_list(name, value);
    } else if (name == "size") {
        opts.sizes.clear();
        for (const auto &s : split_list(name, value))
            opts.sizes.push_back(parse_size("--size", s));
    } else if (name == "suite") {
        for (const auto &s : split_list(name, value))
            if (s != "throughput")
                throw usage_error("--suite: '" + s + "' is not counted (hbcount counts the throughput suite's rows)");
    } else if (name == "load") {
        for (const auto &l : split_list(name, value))
            if (l != "cpu")
                throw usage_error("--load: '" + l +
                                  "' is not counted (an instruction count is the same wherever the bytes come "
                                  "from: hbcount counts load cpu)");
    } else if (name == "align") {
        std::uint64_t a = 0;
        if (!parse_bytes(value, a) || a > 63)
            throw usage_error("--align: bad value '" + value + "' (a misalignment from 0 to 63)");
        opts.align = int(a);
    } else if (name == "calls") {
        std::uint64_t n = 0;
        if (!parse_bytes(value, n) || n == 0 || n > (std::uint64_t(1) << 24))
            throw usage_error("--calls: bad value '" + value + "' (a number of calls from 1 to 16777216)");
        opts.calls = std::size_t(n);
    } else if (name == "benchmark_out") {
        if (value.empty())
            throw usage_error("--benchmark_out: needs a file name");
        opts.out = value;
    } else if (name == "benchmark_out_format") {
        if (value != "json")
            throw usage_error("--benchmark_out_format: '" + value + "' (hbcount writes json only)");
    } else if (name == "under-valgrind") {
        opts.under_valgrind = value;
    }
}

bool takes_value(const std::string &name)
{
    static const char *const names[] = {
        "algo", "size", "suite", "load", "align", "calls", "benchmark_out", "benchmark_out_format", "under-valgrind"};
    for (const char *n : names)
        if (name == n)
            return true;
    return false;
}

} // namespace

std::vector<size_spec> default_count_sizes()
{
    return {{16, 16}, {1024, 1024}, {65536, 65536}};
}

count_options parse_count_command_line(int argc, char **argv)
{
    count_options opts;
    for (int i = 0; i < argc; i++) {
        std::string arg = argv[i];
        if (arg == "-h")
            arg = "--help";
        if (arg.rfind("--", 0) != 0 || arg.size() == 2)
            throw usage_error("unexpected argument '" + one_line(arg) + "' (flags start with --; see hbcount --help)");
        std::size_t eq = arg.find('=');
        std::string name = arg.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
        bool has_value = eq != std::string::npos;
        std::string value = has_value ? arg.substr(eq + 1) : "";
        if (name == "help" || name == "version" || name == "list" || name == "estimate-cycles") {
            if (has_value)
                throw usage_error("--" + name + " takes no value");
            (name == "help"      ? opts.help
             : name == "version" ? opts.version
             : name == "list"    ? opts.list
                                 : opts.estimate_cycles) = true;
            opts.forward.push_back(arg);
        } else if (takes_value(name)) {
            if (!has_value) {
                if (i + 1 >= argc || std::strncmp(argv[i + 1], "--", 2) == 0)
                    throw usage_error("--" + name + " needs a value");
                value = argv[++i];
            }
            apply(opts, name, one_line(value));
            if (name != "under-valgrind")
                opts.forward.push_back("--" + name + "=" + value);
        } else {
            throw usage_error("unknown flag '--" + one_line(name) + "' (see hbcount --help)");
        }
    }
    return opts;
}

} // namespace hb
