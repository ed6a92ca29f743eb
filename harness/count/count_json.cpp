// count_json.cpp — the JSON of a counted run, through the one JSON writer.
#include "count_json.h"

#include <cstdio>
#include <ctime>
#include <stdexcept>
#include <unistd.h>

#include "hb_json_writer.h"

namespace hb {

namespace {

void number(hb_json_writer *w, const char *key, double v)
{
    char text[40];
    std::snprintf(text, sizeof text, "%.17g", v);
    hb_json_key(w, key);
    hb_json_number_text(w, text);
}

void text(hb_json_writer *w, const char *key, const std::string &v)
{
    hb_json_key(w, key);
    hb_json_string(w, v.c_str());
}

// Google Benchmark's context keys that readers expect (date, host_name, executable, num_cpus).
void standard_context(hb_json_writer *w)
{
    char date[64] = "";
    std::time_t t = std::time(nullptr);
    struct tm local;
    if (localtime_r(&t, &local) != nullptr)
        std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%S%z", &local);
    text(w, "date", date);
    char host[256] = "";
    gethostname(host, sizeof host - 1);
    text(w, "host_name", host);
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    text(w, "executable", n > 0 ? std::string(exe, std::size_t(n)) : "hbcount");
    hb_json_key(w, "num_cpus");
    hb_json_int64(w, sysconf(_SC_NPROCESSORS_ONLN));
}

} // namespace

std::string counted_json(const std::map<std::string, std::string> &context, const std::vector<counted_row> &rows)
{
    hb_json_writer *w = hb_json_writer_new();
    hb_json_map_open(w);
    hb_json_key(w, "context");
    hb_json_map_open(w);
    standard_context(w);
    for (const auto &kv : context)
        text(w, kv.first.c_str(), kv.second);
    hb_json_map_close(w);
    hb_json_key(w, "benchmarks");
    hb_json_array_open(w);
    for (std::size_t i = 0; i < rows.size(); i++) {
        const counted_row &r = rows[i];
        double calls = double(r.calls);
        hb_json_map_open(w);
        text(w, "name", r.name);
        hb_json_key(w, "family_index");
        hb_json_uint64(w, i);
        hb_json_key(w, "per_family_instance_index");
        hb_json_uint64(w, 0);
        text(w, "run_name", r.name);
        text(w, "run_type", "iteration");
        hb_json_key(w, "repetitions");
        hb_json_uint64(w, 1);
        hb_json_key(w, "repetition_index");
        hb_json_uint64(w, 0);
        hb_json_key(w, "threads");
        hb_json_uint64(w, 1);
        hb_json_key(w, "iterations");
        hb_json_uint64(w, r.calls);
        number(w, "real_time", r.seconds * 1e9 / calls);
        number(w, "cpu_time", r.seconds * 1e9 / calls);
        text(w, "time_unit", "ns");
        number(w, "instructions/op", double(r.instructions) / calls);
        number(w, "instructions/B", r.bytes > 0 ? double(r.instructions) / double(r.bytes) : 0);
        if (r.estimated)
            number(w, "estimated-cycles/op", r.estimated_cycles / calls);
        hb_json_map_close(w);
    }
    hb_json_array_close(w);
    hb_json_map_close(w);
    size_t len = 0;
    const char *doc = hb_json_writer_text(w, &len);
    if (doc == nullptr) {
        hb_json_writer_free(w);
        throw std::logic_error("the counted run's JSON was not complete");
    }
    std::string out(doc, len);
    hb_json_writer_free(w);
    return out;
}

} // namespace hb
