// gbench_flags.cpp — the table of Google Benchmark 1.7.1's flags and the check of each value.
#include "gbench_flags.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "plan_filter.h"
#include "usage_error.h"

namespace hb {

namespace {

enum class flag_type { boolean, integer, seconds, text, choice, regex, key_values, out_path };

struct gbench_flag {
    const char *name;
    flag_type type;
    const char *choices; // for flag_type::choice: comma-separated
};

// Every flag Google Benchmark 1.7.1 parses (src/benchmark.cc), and what its value must be.
const gbench_flag gbench_flags[] = {
    {"benchmark_list_tests", flag_type::boolean, nullptr},
    {"benchmark_filter", flag_type::regex, nullptr},
    {"benchmark_min_time", flag_type::seconds, nullptr},
    {"benchmark_min_warmup_time", flag_type::seconds, nullptr},
    {"benchmark_repetitions", flag_type::integer, nullptr},
    {"benchmark_enable_random_interleaving", flag_type::boolean, nullptr},
    {"benchmark_report_aggregates_only", flag_type::boolean, nullptr},
    {"benchmark_display_aggregates_only", flag_type::boolean, nullptr},
    {"benchmark_format", flag_type::choice, "console,json,csv"},
    {"benchmark_out_format", flag_type::choice, "console,json,csv"},
    {"benchmark_out", flag_type::out_path, nullptr},
    {"benchmark_color", flag_type::choice, "auto,true,false,yes,no,on,off"},
    {"benchmark_counters_tabular", flag_type::boolean, nullptr},
    {"benchmark_perf_counters", flag_type::text, nullptr},
    {"benchmark_context", flag_type::key_values, nullptr},
    {"benchmark_time_unit", flag_type::choice, "ns,us,ms,s"},
    {"v", flag_type::integer, nullptr},
};

const gbench_flag *find_flag(const std::string &name)
{
    for (const auto &flag : gbench_flags)
        if (name == flag.name)
            return &flag;
    return nullptr;
}

bool in_list(const std::string &value, const char *list)
{
    std::string items = std::string(",") + list + ",";
    return !value.empty() && items.find("," + value + ",") != std::string::npos;
}

[[noreturn]] void bad(const std::string &name, const std::string &value, const std::string &why)
{
    throw usage_error("--" + name + ": bad value '" + value + "' (" + why + ")");
}

std::string check_boolean(const std::string &name, const std::string &value)
{
    if (in_list(value, "true,yes,on,1"))
        return "true";
    if (in_list(value, "false,no,off,0"))
        return "false";
    bad(name, value, "expected true or false");
}

void check_integer(const std::string &name, const std::string &value)
{
    errno = 0;
    char *end = nullptr;
    long v = std::strtol(value.c_str(), &end, 10);
    bool minimum_one = name == "benchmark_repetitions";
    if (value.empty() || *end != '\0' || errno != 0 || v < (minimum_one ? 1 : 0) || v > 1000000)
        bad(name, value, minimum_one ? "expected a whole number of at least 1" : "expected a whole number");
}

void check_seconds(const std::string &name, const std::string &value)
{
    errno = 0;
    char *end = nullptr;
    double v = std::strtod(value.c_str(), &end);
    if (value.empty() || *end != '\0' || errno != 0 || !(v >= 0) || v > 1e6)
        bad(name, value, "Google Benchmark 1.7.1 takes plain seconds, e.g. 0.1, not 0.1s or 100x");
}

void check_key_values(const std::string &name, const std::string &value)
{
    std::size_t start = 0;
    do {
        std::size_t comma = value.find(',', start);
        std::string pair = value.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        std::size_t eq = pair.find('=');
        if (eq == std::string::npos || eq == 0)
            bad(name, value, "expected key=value[,key=value...]");
        start = comma == std::string::npos ? std::string::npos : comma + 1;
    } while (start != std::string::npos);
}

// Google Benchmark would silently drop a bad regex's benchmarks or stop after running; check it
// with the same grammar the library uses (POSIX extended, a leading '-' negates).
void check_regex(const std::string &name, const std::string &value)
{
    std::string why = filter_pattern_error(value);
    if (!why.empty())
        bad(name, value, "not a POSIX extended regular expression: " + why);
}

// The library opens the file only after the run; find an unwritable path before any work.
void check_out_path(const std::string &name, const std::string &value)
{
    if (value.empty())
        bad(name, value, "expected a file name");
    struct stat st;
    bool existed = stat(value.c_str(), &st) == 0;
    if (existed && S_ISFIFO(st.st_mode))
        return; // opening it to check would wait for a reader; the library opens it after the run
    int fd = open(value.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_NONBLOCK | O_CLOEXEC, 0644);
    if (fd < 0)
        throw usage_error("--" + name + ": cannot write '" + value + "': " + std::strerror(errno));
    close(fd);
    if (!existed)
        unlink(value.c_str());
}

} // namespace

bool is_gbench_flag(const std::string &name)
{
    return find_flag(name) != nullptr;
}

bool gbench_flag_is_boolean(const std::string &name)
{
    const gbench_flag *flag = find_flag(name);
    return flag != nullptr && flag->type == flag_type::boolean;
}

std::string check_gbench_flag(const std::string &name, const std::string &value)
{
    const gbench_flag *flag = find_flag(name);
    std::string normalised = value;
    switch (flag->type) {
    case flag_type::boolean: normalised = check_boolean(name, value); break;
    case flag_type::integer: check_integer(name, value); break;
    case flag_type::seconds: check_seconds(name, value); break;
    case flag_type::choice:
        if (!in_list(value, flag->choices))
            bad(name, value, std::string("expected one of ") + flag->choices);
        break;
    case flag_type::regex: check_regex(name, value); break;
    case flag_type::key_values: check_key_values(name, value); break;
    case flag_type::out_path: check_out_path(name, value); break;
    case flag_type::text:
        if (value.empty())
            bad(name, value, "expected a value");
        break;
    }
    return "--" + name + "=" + normalised;
}

} // namespace hb
