// hbcount.cpp — hbcount: instructions per hash under valgrind's callgrind, for A/B comparisons of
// one kernel with its earlier self (docs/counts.md). Run by a user, it checks the selection and
// starts itself again under valgrind (count_launch.h); that second process counts (count_run.h).
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>

#include <valgrind/valgrind.h>

#include "context.h"
#include "count_json.h"
#include "count_launch.h"
#include "count_options.h"
#include "count_run.h"
#include "count_select.h"
#include "countable.h"
#include "counting_cpu.h"
#include "hb_build_info.h"
#include "hb_hash_cli.h"
#include "hb_version.h"
#include "row_name.h"
#include "suite_table.h"
#include "usage_error.h"

namespace {

using namespace hb;

void print_help()
{
    std::printf("usage: hbcount [--algo LIST] [--size LIST] [--align N] [--calls N] [--estimate-cycles]\n"
                "               [--benchmark_out=FILE] [--list]\n"
                "\n"
                "Count the instructions each hash call executes, under valgrind's callgrind: the throughput\n"
                "suite's rows (throughput/algo:<name>/impl:<impl>/size:<n>/load:cpu), each a fixed number of\n"
                "calls over the same fixed-seed bytes, lengths and misalignments as hashbench's, counted alone\n"
                "(client requests switch callgrind on around the calls and off again). A count repeats exactly\n"
                "from run to run and does not move with the machine's load, so it sees a change of a few\n"
                "instructions that the clock cannot; it says nothing of latency, ports or frequency, so it\n"
                "compares a kernel with its own earlier self, never two kernels (docs/counts.md).\n"
                "\n"
                "  --algo LIST        name/impl counts that implementation, or is refused when valgrind cannot\n"
                "                     run it (\"not countable under valgrind: needs avx512f\", exit 2); a name\n"
                "                     counts its implementations valgrind can run, and says on stderr which it\n"
                "                     left out. Default: every countable entry. Not countable: an entry that\n"
                "                     needs %s (valgrind 3.19 decodes none of them)\n"
                "  --size LIST        bytes or randA-B (default 16,1024,65536)\n"
                "  --suite throughput, --load cpu   accepted, the only ones counted\n"
                "  --align N          misalign every input by N bytes, 0..63 (default: rotate over 0..63)\n"
                "  --calls N          at least N counted calls a row (default 64), rounded up to whole passes\n"
                "                     over the row's lengths and misalignments\n"
                "  --estimate-cycles  also callgrind's cache simulation, and estimated-cycles/op = Ir + 10 x\n"
                "                     first-level misses + 100 x last-level misses: an estimate, not a cycle count\n"
                "  --benchmark_out=FILE  the Google Benchmark JSON (--benchmark_out_format=json, the only one)\n"
                "  --list             the rows it would count, one per line\n"
                "  --help, --version\n"
                "\n"
                "output: a line per row on stdout (instructions per call and per byte); the JSON has each row\n"
                "with iterations = the counted calls, real_time = wall time per call under valgrind (not the\n"
                "speed of anything), and the counters instructions/op and instructions/B (and\n"
                "estimated-cycles/op). Its context has hashbench_measure \"instructions\", valgrind_version,\n"
                "counting_cpu (the CPU valgrind presented: a Haswell, AVX2 and no AVX-512 or SHA, on any\n"
                "x86-64 host that has AVX2), host_cpu_model, loop_instructions/op (the counted loop's own\n"
                "instructions per call, included in every row's count) and dispatching_entries (entries that\n"
                "choose their kernel from the CPU they see, and so count the path valgrind's CPU takes).\n"
                "\n"
                "exit status: 0 counted; 2 bad flag or value, an entry not countable, or no valgrind on PATH\n"
                "(one line on stderr); 1 valgrind or the counted process failed\n",
                uncountable_features_text().c_str());
}

std::map<std::string, std::string> context_of(const count_options &opts, const count_selection &sel,
                                              double loop_instructions)
{
    const char *version = std::getenv("HB_COUNT_VALGRIND_VERSION");
    const char *host = std::getenv("HB_COUNT_HOST_CPU");
    char loop[32];
    std::snprintf(loop, sizeof loop, "%.2f", loop_instructions);
    std::map<std::string, std::string> context = {
        {"hashbench_measure", "instructions"},
        {"hashbench_version", HB_VERSION},
        {"hashbench_schema", std::to_string(hashbench_schema)},
        {"valgrind_version", version != nullptr ? version : "unknown"},
        {"valgrind_tool", std::string("callgrind") + (opts.estimate_cycles ? " --cache-sim=yes" : "")},
        {"counting_cpu", counting_cpu()},
        {"cpu_model", counting_cpu_model()},
        {"host_cpu_model", host != nullptr ? host : "unknown"},
        {"compiler", HB_C_COMPILER},
        {"cxx_compiler", HB_CXX_COMPILER},
        {"c_flags", HB_C_FLAGS},
        {"build_type", HB_BUILD_TYPE},
        {"input_align", opts.align < 0 ? "rotating 0-63" : std::to_string(opts.align)},
        {"loop_instructions/op", loop},
        {"dispatching_entries", dispatching_entries(sel.entries)},
        {"time_per_iteration", "one hash call, under valgrind"},
    };
    add_provider_versions(context, sel.entries);
    return context;
}

// The counted process: count, write the JSON, print the rows.
int count_here(const count_options &opts, const count_selection &sel)
{
    if (!RUNNING_ON_VALGRIND)
        throw usage_error("--under-valgrind is hbcount's own flag for the process it runs under valgrind");
    std::vector<std::string> notes;
    double loop_instructions = 0;
    std::vector<counted_row> rows = count_rows(opts, sel, notes, loop_instructions);
    for (const auto &n : notes)
        std::fprintf(stderr, "hbcount: %s\n", n.c_str());
    std::string dispatching = dispatching_entries(sel.entries);
    if (!dispatching.empty())
        std::fprintf(stderr,
                     "hbcount: these choose their kernel from the CPU they see, and count the path for the "
                     "CPU valgrind presents: %s\n",
                     dispatching.c_str());
    if (!opts.out.empty()) {
        std::string doc = counted_json(context_of(opts, sel, loop_instructions), rows);
        std::ofstream out(opts.out, std::ios::binary | std::ios::trunc);
        out << doc;
        out.close();
        if (!out)
            throw std::runtime_error("--benchmark_out: cannot write " + opts.out);
    }
    std::printf("%-64s %16s %14s %10s\n", "row", "instructions/op", "instructions/B", "calls");
    for (const auto &r : rows)
        std::printf("%-64s %16.2f %14.4f %10llu\n", r.name.c_str(), double(r.instructions) / double(r.calls),
                    r.bytes > 0 ? double(r.instructions) / double(r.bytes) : 0.0, (unsigned long long)r.calls);
    return 0;
}

int run(int argc, char **argv)
{
    count_options opts = parse_count_command_line(argc - 1, argv + 1);
    if (opts.help) {
        print_help();
        return 0;
    }
    if (opts.version) {
        std::printf("hbcount %s\n", HB_VERSION);
        return 0;
    }
    count_selection sel = select_countable(opts.algos);
    if (!opts.under_valgrind.empty())
        return count_here(opts, sel);
    for (const auto &n : sel.notes)
        std::fprintf(stderr, "hbcount: %s\n", n.c_str());
    if (opts.list) {
        std::vector<size_spec> sizes = opts.sizes.empty() ? default_count_sizes() : opts.sizes;
        for (const hb_hash *h : sel.entries)
            for (const auto &size : sizes)
                std::printf(
                    "%s\n",
                    benchmark_name(*find_suite("throughput"), h, {{"size", size.text()}, {"load", "cpu"}}).c_str());
        return 0;
    }
    std::string valgrind = find_valgrind();
    if (valgrind.empty())
        throw usage_error("valgrind not found on PATH: counting runs under valgrind's callgrind (Debian: apt-get "
                          "install valgrind)");
    return run_under_valgrind(valgrind, opts.forward, opts.estimate_cycles);
}

} // namespace

int main(int argc, char **argv)
{
    char err[256];
    if (!hb_init(err, sizeof err)) {
        std::fprintf(stderr, "hbcount: %s\n", err);
        return 1;
    }
    try {
        return run(argc, argv);
    } catch (const hb::usage_error &e) {
        std::fprintf(stderr, "hbcount: %s\n", e.what());
        return 2;
    } catch (const std::exception &e) {
        std::fprintf(stderr, "hbcount: %s\n", e.what());
        return 1;
    }
}
