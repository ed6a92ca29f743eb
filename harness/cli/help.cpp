// help.cpp — hashbench --help: the suites, the default run, every flag, the counters.
#include "help.h"

#include "command_line.h"
#include "reference_row.h"
#include "selection.h"
#include "suite_table.h"

namespace hb {

namespace {

// The "suites:" list: each suite's own lines, in the suite table's order.
std::string suites_help()
{
    std::string text;
    for (const suite *s : suite_table())
        text += s->help(*s);
    return text;
}

} // namespace

void print_help(std::FILE *to)
{
    std::fprintf(
        to,
        "usage: hashbench [--suite LIST] [--algo LIST] [--size LIST] [--load LIST] [--chunk LIST]\n"
        "                 [--file PATH] [--ram-pool BYTES] [--align N] [--quick] [--list]\n"
        "                 [--keys FILE [--keys-format lines|nul|fixed:N]] [--table-cap N]\n"
        "                 [--designs LIST] [--list-suites] [--list-designs]\n"
        "                 [--process K] [--progress|--no-progress]\n"
        "                 [--benchmark_*=VALUE...]\n"
        "\n"
        "Measure every hash this build has, on this machine, with Google Benchmark.\n"
        "Rows are named <suite>/algo:<name>/impl:<impl>/<key>:<value>...; cycles/hash is per hash,\n"
        "however many hashes a suite's iteration makes.\n"
        "\n"
        "suites:\n"
        "%s"
        "  randA-B sizes draw lengths from a fixed-seed sequence (size:rand1-32 exposes branch\n"
        "  mispredictions that fixed sizes hide).\n"
        "\n"
        "default run (no --suite, --size, --load, --chunk, --file):\n"
        "  %s suites, every entry with\n"
        "    %s bytes;\n"
        "  and %s (the chain a hash table's lookup waits on, and the tables themselves).\n"
        "  --algo narrows it. noop, memread and mulchain are in it so that every table has its\n"
        "  floor, its ceiling and its calibration check, and the reference row (below) so that the\n"
        "  run measures how much the machine varied. Unless given, --benchmark_min_time=%g\n"
        "  --benchmark_repetitions=%d --benchmark_enable_random_interleaving=true apply to every\n"
        "  run (--quick: %g and %d): many short repetitions, shuffled one by one across all rows,\n"
        "  so that a slow spell of a shared machine falls on every row alike, not on a few.\n"
        "\n"
        "machine variation: a run with baseline rows (the default run is one) also measures\n"
        "  %s, a fixed 16-byte mixer\n"
        "  through the same loop as the hashes, its repetitions shuffled among all the others. At\n"
        "  the end, (90th - 10th percentile) / median of their times is the JSON context's\n"
        "  machine_variation (with _definition and _samples), the last line on stderr (\"this machine\n"
        "  varied x%% during the run\") and hbstat's line above its tables. Google Benchmark writes\n"
        "  the context first, so a JSON output is written whole when the run ends.\n"
        "\n"
        "selection (every flag takes --flag=value or --flag value; lists are comma-separated):\n"
        "  --suite LIST      %s.\n"
        "                    Without it: %s; %s instead when --file or --chunk\n"
        "                    is given, and all of them when --size or --load is given too\n"
        "  --algo LIST       a name selects every implementation of it (xxh3-64), name/impl one\n"
        "                    (xxh3-64/inline); baselines: noop, memread (baseline suite only). A suite\n"
        "                    skips selected algorithms it does not apply to. Default: all\n"
        "  --size LIST       replaces every suite's sizes: bytes (k/K, M, G suffixes, binary) or randA-B,\n"
        "                    1 byte to 1 GiB each\n"
        "  --load LIST       cpu, ram (default cpu,ram)\n"
        "  --chunk LIST      stream chunk sizes in bytes\n"
        "  --file PATH       the file the stream suite hashes (default: a generated 256 MiB file in\n"
        "                    a temporary directory under $TMPDIR or /tmp, removed at exit and on Ctrl-C)\n"
        "                    PATH must be a non-empty regular file (it is mapped): a FIFO or device is refused\n"
        "  --ram-pool BYTES  size of the RAM pool (default max(512 MiB, 4 x last-level cache));\n"
        "                    allocated and filled before timing, only when a load:ram row runs\n"
        "  --align N         misalign every input by N bytes, 0..63 (default: rotate over 0..63)\n"
        "  --quick           --benchmark_min_time=0.01, one repetition: a first look (rows this short\n"
        "                    can lose a scheduling slice on a busy CPU: quote rates from full runs)\n"
        "  --list            print the names of the benchmarks that would run, one per line,\n"
        "                    and on stderr each selected name's default implementation\n"
        "  --list-suites     print the suites, one per line: the name, then the keys its rows' names\n"
        "                    carry after impl, separated by spaces\n"
        "  --keys FILE       your own keys: adds size:keys rows to the suites that have them\n"
        "                    (%s; selects them when --suite is not given;\n"
        "                    --size keys: only these rows). The keys are hashed in a fixed shuffled\n"
        "                    order, each with its own length and bytes. load:cpu walks the first\n"
        "                    keys of that order, as many as 512 KiB holds at their mean length;\n"
        "                    load:ram walks all of them, each on cache lines of its own, run only\n"
        "                    when those exceed the last-level cache. One iteration is one key.\n"
        "                    At most 4194304 keys and 128 MiB of key bytes are kept (a larger file\n"
        "                    is streamed twice and a fixed-seed sample kept, which the context says);\n"
        "                    the context records counts, lengths (min, median, p99, max), duplicates,\n"
        "                    empty keys, CRLF endings and keys that are not UTF-8\n"
        "  --keys-format F   lines (default: one key per line, a '\\r' before '\\n' removed, an empty\n"
        "                    line is the empty key), nul (each key ends with a NUL byte), fixed:N\n"
        "                    (binary N-byte keys, e.g. fixed:8 for 64-bit integers)\n"
        "  --table-cap N     the hashtable suite's cap: a table whose build takes more than N probes\n"
        "                    per key on average is not timed, its rows say \"capped:\" (default 256)\n"
        "  --process K       this process's index (1, 2, ...) in a run replicated over processes\n"
        "                    (scripts/lib/replicate.sh), so that each samples a layout of its own: the\n"
        "                    rows are registered in a SplitMix64 shuffle seeded from K (interleaving\n"
        "                    still shuffles repetitions on top), the hot buffer and the RAM pool start\n"
        "                    a K-dependent multiple of 64 bytes into their first page (misalignments\n"
        "                    stay relative to a cache line), and an allocation of 16 B to 64 KiB,\n"
        "                    K-dependent, shifts the heap before the rows' buffers. The context records\n"
        "                    process, buffer_offset, heap_shift, row_order and env_pad (the length of\n"
        "                    HB_ENV_PAD, which the scripts set so that the stack moves too); the same K\n"
        "                    lays out alike in every run. Without it nothing of this changes: rows in\n"
        "                    registration order, buffers page-aligned, no shift, no such keys\n"
        "  --designs LIST    the hashtable suite's designs to measure (default: every one)\n"
        "  --list-designs    print the hashtable suite's designs, one per line: the name, then the\n"
        "                    structure battery's views of the hash it consumes (hbspread --battery)\n"
        "  --progress        on stderr: runs done / total, time elapsed and left; one line redrawn\n"
        "                    on a terminal, else a line per tenth of the run or per 30 s. Default:\n"
        "                    on when stderr is a terminal; --no-progress turns it off\n"
        "  --help, --version\n"
        "\n"
        "Google Benchmark 1.7.1 flags pass through, checked first: --benchmark_filter=REGEX,\n"
        "--benchmark_repetitions=N, --benchmark_enable_random_interleaving=BOOL,\n"
        "--benchmark_min_time=SECONDS (a plain number: 0.1, not 0.1s), --benchmark_min_warmup_time,\n"
        "--benchmark_out=FILE, --benchmark_out_format and --benchmark_format (console, json, csv),\n"
        "--benchmark_report_aggregates_only, --benchmark_display_aggregates_only,\n"
        "--benchmark_counters_tabular, --benchmark_time_unit, --benchmark_context=k=v,...,\n"
        "--benchmark_color, --benchmark_list_tests, --benchmark_perf_counters, --v.\n"
        "\n"
        "counters: one clock: Time (real), bytes_per_second, cycles/B and cycles/hash all come from\n"
        "the real time of the row's timed loop (context rate_clock). cycles are core cycles: that time\n"
        "x core_hz, the core clock calibrated at start-up with a chain of dependent adds of a\n"
        "register (one cycle each) over 31 windows, median recorded as core_hz with its spread; perf_event_open\n"
        "cycles instead where available (context cycles_source). The CPU's counter is recorded\n"
        "beside (cycle_counter, counter_hz: the TSC on x86-64, tsc_hz and invariant_tsc too;\n"
        "CNTVCT_EL0 on AArch64). api rows add B/op and allocs/op.\n"
        "An implementation this CPU cannot run is a row skipped with the reason.\n"
        "The JSON context records version, compiler and flags, CPU model and features, last-level\n"
        "cache (from /sys, sysconf's figure beside when it differs), RAM pool size, core and\n"
        "counter rates, on AArch64 the core (MIDR_EL1) and its features (AT_HWCAP), and each\n"
        "library's version and linkage.\n"
        "\n"
        "examples:\n"
        "  hashbench                                   the default run\n"
        "  hashbench --algo xxh3-64,crc32 --quick      a first look at two algorithms\n"
        "  hashbench --suite latency --size 16,rand1-32 --benchmark_out=run.json\n"
        "  hashbench --suite stream --algo sha256 --file big.iso --chunk 65536\n"
        "\n"
        "exit status: 0 success; 2 bad flag, value, suite, algorithm, size or file (one line on\n"
        "stderr); 1 the run could not be prepared (e.g. the stream file could not be written)\n",
        suites_help().c_str(), default_run_suites_text(suite_table()).c_str(), default_run_text().c_str(),
        default_run_extras_text(suite_table()).c_str(), default_min_time, default_repetitions, quick_min_time,
        quick_repetitions, reference_row_name(suite_table()).c_str(), suite_name_list().c_str(),
        default_run_suites_text(suite_table()).c_str(), chunk_suites_text(suite_table()).c_str(),
        keys_suites_text(suite_table()).c_str());
}

} // namespace hb
