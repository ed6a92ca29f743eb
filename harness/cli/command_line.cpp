// command_line.cpp — reading argv into options: our flags, and Google Benchmark's checked and
// passed through. Every flag takes "--flag=value" and "--flag value"; lists are comma-separated.
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "command_line.h"
#include "gbench_flags.h"
#include "hb_designs.h"
#include "replication.h"
#include "split_list.h"
#include "suite_table.h"
#include "usage_error.h"
#include "user_keys.h"

namespace hb {

namespace {

std::uint64_t parse_count(const std::string &flag, const std::string &value, std::uint64_t max)
{
    std::uint64_t n = 0;
    if (!parse_bytes(value, n) || n > max)
        throw usage_error("--" + flag + ": bad value '" + value + "' (a byte count up to " + std::to_string(max) +
                          "; K, M, G suffixes are binary)");
    return n;
}

// What a path is, in words, for a refusal.
const char *file_kind(mode_t mode)
{
    return S_ISFIFO(mode)   ? "a FIFO"
           : S_ISCHR(mode)  ? "a character device"
           : S_ISBLK(mode)  ? "a block device"
           : S_ISDIR(mode)  ? "a directory"
           : S_ISSOCK(mode) ? "a socket"
                            : "not a regular file";
}

// A missing, unreadable, empty or non-regular --file is bad input: find it now, before anything
// runs. The path is looked at before it is opened, so a FIFO without a writer cannot block, and
// opened without blocking in case it changed in between.
void check_readable_file(const std::string &path)
{
    struct stat st;
    if (stat(path.c_str(), &st) != 0)
        throw usage_error("--file: cannot read '" + path + "': " + std::strerror(errno));
    if (!S_ISREG(st.st_mode))
        throw usage_error("--file: '" + path + "' is " + file_kind(st.st_mode) +
                          "; --file needs a regular file it can map");
    int fd = open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        throw usage_error("--file: cannot read '" + path + "': " + std::strerror(errno));
    bool regular = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
    close(fd);
    if (!regular)
        throw usage_error("--file: '" + path + "' is " + file_kind(st.st_mode) +
                          "; --file needs a regular file it can map");
    if (st.st_size == 0)
        throw usage_error("--file: '" + path + "' is empty; the stream suite needs at least 1 byte to hash");
}

// The keys library's own parser, so that what is accepted here is what --keys then reads.
void check_keys_format(const std::string &value)
{
    hb_keys_format format;
    std::size_t width = 0;
    if (hb_keys_format_parse(value.c_str(), &format, &width))
        return;
    throw usage_error("--keys-format: unknown format '" + value +
                      "' (lines: one key per line; nul: keys ended by a NUL byte; fixed:N: N-byte keys, N 1..65536)");
}

// "absl, uthash, ...": the table of designs' names.
std::string design_name_list()
{
    std::string names;
    for (const auto &d : hb_designs)
        names += (names.empty() ? "" : ", ") + std::string(d.name);
    return names;
}

void apply_value_flag(options &opts, const std::string &name, const std::string &value)
{
    if (name == "suite") {
        opts.suites = split_list(name, value);
        for (const auto &s : opts.suites)
            if (find_suite(s) == nullptr)
                throw usage_error("--suite: unknown suite '" + s + "' (suites: " + suite_name_list() + ")");
    } else if (name == "algo") {
        opts.algos = split_list(name, value);
    } else if (name == "size") {
        opts.sizes.clear();
        for (const auto &s : split_list(name, value)) {
            if (s == "keys")
                opts.keys_size = true; // the size:keys rows, from --keys
            else
                opts.sizes.push_back(parse_size("--size", s));
        }
    } else if (name == "load") {
        opts.loads = split_list(name, value);
        for (const auto &l : opts.loads)
            if (l != "cpu" && l != "ram")
                throw usage_error("--load: unknown load '" + l + "' (loads: cpu, ram)");
    } else if (name == "chunk") {
        opts.chunks.clear();
        for (const auto &c : split_list(name, value)) {
            std::uint64_t n = parse_count(name, c, max_input_bytes);
            if (n == 0)
                throw usage_error("--chunk: bad value '" + c + "' (a chunk holds at least 1 byte)");
            opts.chunks.push_back(std::size_t(n));
        }
    } else if (name == "file") {
        check_readable_file(value);
        opts.file = value;
    } else if (name == "ram-pool") {
        opts.ram_pool = parse_count(name, value, std::uint64_t(1) << 40);
        if (opts.ram_pool == 0)
            throw usage_error("--ram-pool: bad value '" + value + "' (a pool needs at least 1 byte)");
    } else if (name == "align") {
        std::uint64_t a = 0;
        if (!parse_bytes(value, a) || a > 63)
            throw usage_error("--align: bad value '" + value + "' (a misalignment from 0 to 63)");
        opts.align = int(a);
    } else if (name == "keys") {
        opts.keys_file = value; // read, and checked, before anything is planned
    } else if (name == "table-cap") {
        opts.table_cap = parse_count(name, value, 1u << 20);
        if (opts.table_cap == 0)
            throw usage_error("--table-cap: bad value '" + value + "' (at least 1 probe per key)");
    } else if (name == "process") {
        std::uint64_t k = 0;
        if (value.find_first_not_of("0123456789") != std::string::npos || !parse_bytes(value, k) || k == 0 ||
            k > max_process)
            throw usage_error("--process: bad value '" + value + "' (a process's index in a replicated run, 1 to " +
                              std::to_string(max_process) + ")");
        opts.process = k;
    } else if (name == "keys-format") {
        check_keys_format(value);
        opts.keys_format = value;
    } else if (name == "designs") {
        opts.designs = split_list(name, value);
        for (const auto &d : opts.designs)
            if (hb_design_find(d.c_str()) == HB_DESIGNS)
                throw usage_error("--designs: unknown design '" + d + "' (designs: " + design_name_list() + ")");
    }
}

bool is_value_flag(const std::string &name)
{
    static const char *const names[] = {"suite", "algo", "size",        "load",      "chunk",   "file",   "ram-pool",
                                        "align", "keys", "keys-format", "table-cap", "process", "designs"};
    for (const char *n : names)
        if (name == n)
            return true;
    return false;
}

} // namespace

options parse_command_line(int argc, char **argv)
{
    options opts;
    for (int i = 0; i < argc; i++) {
        std::string arg = argv[i];
        if (arg == "-h")
            arg = "--help";
        if (arg.rfind("--", 0) != 0 || arg.size() == 2)
            throw usage_error("unexpected argument '" + arg + "' (flags start with --; see hashbench --help)");
        std::size_t eq = arg.find('=');
        std::string name = arg.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
        bool has_value = eq != std::string::npos;
        std::string value = has_value ? arg.substr(eq + 1) : "";
        bool next_is_value = i + 1 < argc && std::strncmp(argv[i + 1], "--", 2) != 0;

        if (name == "progress" || name == "no-progress") {
            if (has_value)
                throw usage_error("--" + name + " takes no value");
            opts.progress = name == "progress";
        } else if (name == "help" || name == "version" || name == "list" || name == "list-suites" ||
                   name == "list-designs" || name == "quick") {
            if (has_value)
                throw usage_error("--" + name + " takes no value");
            (name == "help"           ? opts.help
             : name == "version"      ? opts.version
             : name == "list"         ? opts.list
             : name == "list-suites"  ? opts.list_suites
             : name == "list-designs" ? opts.list_designs
                                      : opts.quick) = true;
        } else if (is_value_flag(name)) {
            if (!has_value) {
                if (!next_is_value)
                    throw usage_error("--" + name + " needs a value");
                value = argv[++i];
            }
            apply_value_flag(opts, name, value);
        } else if (is_gbench_flag(name)) {
            if (!has_value && gbench_flag_is_boolean(name))
                value = next_is_value ? argv[++i] : "true";
            else if (!has_value && !next_is_value)
                throw usage_error("--" + name + " needs a value");
            else if (!has_value)
                value = argv[++i];
            opts.gbench_flags.push_back(check_gbench_flag(name, value));
        } else {
            throw usage_error("unknown flag '--" + name + "' (see hashbench --help)");
        }
    }
    if (opts.keys_size && opts.keys_file.empty())
        throw usage_error("--size keys: needs --keys FILE (the keys to hash)");
    if (!opts.keys_file.empty() && opts.suites.empty()) // the suites that have size:keys rows
        for (const suite *s : suite_table())
            if (s->plan_key_rows != nullptr)
                opts.suites.push_back(s->name);
    return opts;
}

std::string gbench_flag_value(const options &opts, const std::string &name)
{
    std::string prefix = "--" + name + "=";
    std::string value;
    for (const auto &flag : opts.gbench_flags)
        if (flag.rfind(prefix, 0) == 0)
            value = flag.substr(prefix.size()); // the last one given wins, as in the library
    return value;
}

bool gbench_flag_given(const options &opts, const std::string &name)
{
    std::string prefix = "--" + name + "=";
    for (const auto &flag : opts.gbench_flags)
        if (flag.rfind(prefix, 0) == 0)
            return true;
    return false;
}

} // namespace hb
