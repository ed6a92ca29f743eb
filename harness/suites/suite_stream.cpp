// suite_stream.cpp — the stream suite: a file through init/update/final, read(2) or mmap, one row
// per chunk and io.
#include "suite.h"

#include "cpu_guard.h"
#include "format_text.h"
#include "loops.h"
#include "row_name.h"
#include "run_inputs.h"

namespace hb {

namespace {

bool applies(const hb_hash *h)
{
    return h->kind != HB_KIND_BASELINE && h->init != nullptr;
}

void plan_rows(const suite &s, const hb_hash *h, const suite_plan_inputs &in, plan &out)
{
    run_inputs &inputs = in.inputs;
    for (bool mapped : {false, true}) {
        for (const auto &c : in.cases) {
            std::size_t chunk = c.size.max;
            planned_benchmark b;
            b.name = benchmark_name(s, h, {{"chunk", std::to_string(chunk)}, {"io", mapped ? "mmap" : "read"}});
            b.stream_file = true;
            b.body = guarded(h, [&inputs, h, chunk, mapped](benchmark::State &state) {
                (mapped ? stream_mmap_loop : stream_read_loop)(state, h, inputs.stream_path, chunk);
            });
            out.push_back(b);
        }
    }
}

// An entry without a streaming interface gets one stream row, skipped with the reason, so a
// stream run that selected it says why it has no figures instead of leaving it out silently.
void plan_oneshot_only_row(const suite &s, const hb_hash *h, plan &out)
{
    if (h->kind == HB_KIND_BASELINE)
        return;
    planned_benchmark b;
    b.name = benchmark_name(s, h, {});
    // the summary of a one-shot-only entry says so and why
    std::string reason = std::string("skipped: ") + h->name + "/" + h->impl + " does not stream: " + h->summary;
    b.body = [reason](benchmark::State &state) { state.SkipWithError(reason.c_str()); };
    out.push_back(b);
}

std::string help(const suite &s)
{
    return format_text("  stream      a file through init/update/final: read(2) in chunks (io:read) or mmap with one\n"
                       "              update per chunk (io:mmap), open to close (chunks %s)\n",
                       default_sizes_text(s).c_str());
}

std::vector<size_spec> default_chunks()
{
    constexpr std::size_t KiB = 1024, MiB = 1024 * 1024;
    return {{4 * KiB, 4 * KiB}, {8 * KiB, 8 * KiB}, {32 * KiB, 32 * KiB}, {64 * KiB, 64 * KiB}, {1 * MiB, 1 * MiB}};
}

} // namespace

extern const suite stream_suite = {
    "stream",              // name
    {"chunk", "io"},       // name keys
    1,                     // hashes per iteration
    applies,               // entries it measures
    sized_by::chunk_flag,  // sizes from
    default_chunks(),      // default sizes
    false,                 // in the default run
    plan_rows,             // rows of an entry
    nullptr,               // rows before the entries'
    plan_oneshot_only_row, // rows of an entry it does not apply to
    nullptr,               // size:keys rows
    help,                  // --help lines
};

} // namespace hb
