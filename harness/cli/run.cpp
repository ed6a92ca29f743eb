// run.cpp — the order of a run: check the registry and the flags, select and plan, apply the
// filter, prepare only the inputs the remaining rows read, record provenance, hand the rows and
// the --benchmark_* flags to Google Benchmark.
#include "run.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <unistd.h>
#include <stdexcept>

#include <benchmark/benchmark.h>

#include "command_line.h"
#include "context.h"
#include "counters.h"
#include "format_text.h"
#include "hb_designs.h"
#include "help.h"
#include "keys.h"
#include "hb_version.h"
#include "machine.h"
#include "plan.h"
#include "plan_filter.h"
#include "progress.h"
#include "reference_row.h"
#include "replication.h"
#include "run_inputs.h"
#include "selection.h"
#include "stream_file.h"
#include "suite_table.h"
#include "usage_error.h"
#include "variation_reporter.h"

namespace hb {

namespace {

// Google Benchmark's arguments: our defaults for what the user left out, then the user's flags.
std::vector<std::string> gbench_arguments(const options &opts)
{
    std::vector<std::string> args = {"hashbench"};
    if (!gbench_flag_given(opts, "benchmark_min_time"))
        args.push_back(format_text("--benchmark_min_time=%g", opts.quick ? quick_min_time : default_min_time));
    if (!gbench_flag_given(opts, "benchmark_repetitions"))
        args.push_back(format_text("--benchmark_repetitions=%d", opts.quick ? quick_repetitions : default_repetitions));
    if (!gbench_flag_given(opts, "benchmark_enable_random_interleaving") && !opts.quick)
        args.push_back("--benchmark_enable_random_interleaving=true");
    args.insert(args.end(), opts.gbench_flags.begin(), opts.gbench_flags.end());
    return args;
}

// The value of --name=value among Google Benchmark's arguments, the last one given; "" if absent.
std::string flag_in(const std::vector<std::string> &args, const std::string &name)
{
    std::string prefix = "--" + name + "=", value;
    for (const auto &a : args)
        if (a.rfind(prefix, 0) == 0)
            value = a.substr(prefix.size());
    return value;
}

// The reference row's name when the rows include it, else "".
std::string reference_row_in(const plan &rows)
{
    std::string name = reference_row_name(suite_table());
    for (const auto &row : rows)
        if (!name.empty() && row.name == name)
            return name;
    return "";
}

// The default implementation of every selected name (the first entry in registry order this CPU
// runs, what a bare name means to every tool), on stderr so that stdout stays one row per line.
void print_defaults(const std::vector<const hb_hash *> &entries)
{
    std::vector<std::string> seen;
    std::string line;
    for (const hb_hash *h : entries) {
        if (h->kind == HB_KIND_BASELINE || std::find(seen.begin(), seen.end(), h->name) != seen.end())
            continue;
        seen.push_back(h->name);
        const hb_hash *def = hb_lookup(h->name);
        if (def != nullptr && def->kind != HB_KIND_BASELINE)
            line += std::string(line.empty() ? "" : " ") + def->name + "/" + def->impl;
    }
    if (!line.empty())
        std::fprintf(stderr, "defaults on this CPU: %s\n", line.c_str());
}

// --list-suites: each suite's name and the keys its rows' names carry after impl, the grammar
// that tests and scripts read instead of a copy of the suite table.
void print_suites()
{
    for (const suite *s : suite_table()) {
        std::printf("%s", s->name);
        for (const auto &key : s->name_keys)
            std::printf(" %s", key.c_str());
        std::printf("\n");
    }
}

// --list-designs: each table design's name and the structure battery's views of the hash it
// consumes, from the table of designs, for tests and scripts.
void print_designs()
{
    for (int d = 0; d < HB_DESIGNS; d++) {
        std::printf("%s", hb_designs[d].name);
        for (int v = 0; v < HB_VIEWS; v++)
            if (hb_design_consumes(hb_design(d), hb_view(v)))
                std::printf(" %s", hb_view_name(hb_view(v)));
        std::printf("\n");
    }
}

std::string nothing_to_run(const options &opts)
{
    if (!gbench_flag_value(opts, "benchmark_filter").empty())
        return "--benchmark_filter: '" + gbench_flag_value(opts, "benchmark_filter") +
               "' matches none of the selected benchmarks (hashbench --list shows them)";
    return "nothing to run: the selected suites do not apply to the selected algorithms (noop and memread run "
           "only in the baseline suite; stream and api's stream paths need a streaming API)";
}

// Prepares the hot buffer, the RAM pool and the stream file for the rows that will run.
run_facts prepare_inputs(const plan &rows, const options &opts, run_inputs &inputs)
{
    std::size_t hot_len = 1, ram_len = 0;
    bool stream = false;
    for (const auto &row : rows) {
        hot_len = std::max(hot_len, row.hot_len);
        ram_len = std::max(ram_len, row.ram_len);
        stream = stream || row.stream_file;
    }
    run_facts facts;
    facts.align = opts.align;
    prepare_hot_buffer(inputs, hot_len);
    if (ram_len > 0) {
        std::uint64_t bytes = opts.ram_pool != 0 ? opts.ram_pool : default_ram_pool_bytes();
        prepare_ram_pool(inputs, bytes, opts.ram_pool != 0, ram_len);
        facts.ram_pool_bytes = bytes;
    }
    if (stream)
        inputs.stream_path = opts.file.empty() ? create_stream_file(default_stream_file_bytes) : opts.file;
    return facts;
}

// The repetitions and minimum time the run will use, as gbench_arguments() sets them.
std::unique_ptr<progress> make_progress(const plan &rows, const options &opts)
{
    bool terminal = isatty(STDERR_FILENO) != 0;
    if (opts.progress == 0 || (opts.progress < 0 && !terminal))
        return nullptr;
    std::string reps = gbench_flag_value(opts, "benchmark_repetitions");
    std::string min_time = gbench_flag_value(opts, "benchmark_min_time");
    long repetitions =
        reps.empty() ? (opts.quick ? quick_repetitions : default_repetitions) : std::max(1L, std::atol(reps.c_str()));
    double seconds = min_time.empty() ? (opts.quick ? quick_min_time : default_min_time) : std::atof(min_time.c_str());
    return std::unique_ptr<progress>(new progress(stderr, rows.size(), std::size_t(repetitions), seconds, terminal));
}

int run_checked(int argc, char **argv)
{
    options opts = parse_command_line(argc - 1, argv + 1);
    if (opts.help) {
        print_help(stdout);
        return 0;
    }
    if (opts.version) {
        std::printf("hashbench %s\n", HB_VERSION);
        return 0;
    }
    if (opts.list_suites) {
        print_suites();
        return 0;
    }
    if (opts.list_designs) {
        print_designs();
        return 0;
    }
    selection sel = select_benchmarks(opts, suite_table());
    // A replicated run's layout (--process): the heap shifted before anything the rows read is
    // allocated, the buffers' offset set before they are mapped, the rows shuffled before they are
    // listed or registered.
    const replication layout = replication_for(opts.process);
    std::unique_ptr<unsigned char[]> heap_shift = shift_heap(layout);
    run_inputs inputs;
    inputs.offset = layout.buffer_offset;
    std::shared_ptr<key_inputs> keys;
    if (!opts.keys_file.empty()) {
        keys = load_keys(opts.keys_file, opts.keys_format);
        if (opts.keys_size && opts.sizes.empty()) // --size keys alone: only the size:keys rows
            for (auto &selected : sel.suites)
                if (selected.row->sizes_from == sized_by::size_flag)
                    selected.cases.clear();
    }
    plan all = make_plan(sel, opts, inputs, keys);
    plan rows = filter_plan(all, gbench_flag_value(opts, "benchmark_filter"));
    if (rows.empty())
        throw usage_error(nothing_to_run(opts));
    shuffle_rows(rows, layout);
    // Google Benchmark's own listing would come after the inputs are prepared; ours needs none.
    if (opts.list || gbench_flag_value(opts, "benchmark_list_tests") == "true") {
        for (const auto &row : rows)
            std::printf("%s\n", row.name.c_str());
        print_defaults(sel.entries);
        return 0;
    }

    run_facts facts = prepare_inputs(rows, opts, inputs);
    facts.clock = calibrate_core_clock();
    facts.tsc_hz = facts.clock.tsc_hz;
    set_core_hz(facts.clock.hz);
    add_provenance_context(facts, sel.entries);
    add_replication_context(layout);
    if (keys)
        add_keys_context(*keys);
    std::unique_ptr<progress> shown = make_progress(rows, opts);
    for (const auto &row : rows)
        benchmark::RegisterBenchmark(row.name.c_str(), shown ? shown->wrap(row.body) : row.body);

    std::vector<std::string> args = gbench_arguments(opts);
    std::vector<char *> gbench_argv;
    for (auto &a : args)
        gbench_argv.push_back(&a[0]);
    gbench_argv.push_back(nullptr);
    int gbench_argc = int(args.size());
    benchmark::Initialize(&gbench_argc, gbench_argv.data());
    if (gbench_argc > 1) // cannot happen: every flag was checked against 1.7.1's list
        throw usage_error(std::string("Google Benchmark rejected '") + gbench_argv[1] + "'");
    variation_recorder recorder(reference_row_in(rows),
                                flag_in(args, "benchmark_enable_random_interleaving") == "true");
    std::unique_ptr<benchmark::BenchmarkReporter> display = variation_display_reporter(recorder);
    if (shown)
        display = progress_display_reporter(*shown, std::move(display));
    std::unique_ptr<benchmark::BenchmarkReporter> file;
    std::string out_format = flag_in(args, "benchmark_out_format");
    if (recorder.active() && !flag_in(args, "benchmark_out").empty() && (out_format.empty() || out_format == "json"))
        file = variation_json_file_reporter(recorder);
    benchmark::RunSpecifiedBenchmarks(display.get(), file.get());
    if (shown)
        shown->finish();
    if (recorder.active())
        std::fprintf(stderr, "hashbench: %s\n", recorder.line().c_str());
    benchmark::Shutdown();
    remove_stream_file();
    return 0;
}

} // namespace

int run_hashbench(int argc, char **argv)
{
    char err[256];
    if (!hb_init(err, sizeof err)) {
        std::fprintf(stderr, "hashbench: %s\n", err);
        return 1;
    }
    try {
        return run_checked(argc, argv);
    } catch (const usage_error &e) {
        std::fprintf(stderr, "hashbench: %s\n", e.what());
        return 2;
    } catch (const std::exception &e) {
        std::fprintf(stderr, "hashbench: %s\n", e.what());
        return 1;
    }
}

} // namespace hb
