// variation_test.cpp — the machine's variation against figures worked by hand: the quantiles
// (linear interpolation at position (n - 1) q, Hyndman and Fan's definition 7), the spread
// (90th - 10th percentile) / median, the share of real time on the CPU, the context keys, and the
// recorder that keeps the reference row's repetitions and fills the JSON placeholders.
// Failures print what reproduces them.
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "variation.h"
#include "check.h"
#include "variation_reporter.h"

namespace {

bool near(double a, double b)
{
    return std::fabs(a - b) <= 1e-12 * std::fmax(1, std::fabs(b));
}

const char row[] = "baseline/algo:reference/impl:portable/size:16/load:cpu";

// 1..10: positions 0.9, 4.5 and 8.1 give 1.9, 5.5 and 9.1; the ends are the extremes.
void test_quantiles()
{
    std::vector<double> xs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    const double q[] = {0, 0.1, 0.5, 0.9, 1}, want[] = {1, 1.9, 5.5, 9.1, 10};
    for (int i = 0; i < 5; i++)
        CHECK(near(hb::quantile(xs, q[i]), want[i]), "quantile(1..10, %g) = %.17g, want %g", q[i],
              hb::quantile(xs, q[i]), want[i]);
    std::vector<double> one = {7};
    CHECK(hb::quantile(one, 0.9) == 7, "quantile({7}, 0.9) = %g", hb::quantile(one, 0.9));
}

// The same ten values unsorted: (9.1 - 1.9) / 5.5; CPU time half the real time: on the CPU 50%.
void test_spread()
{
    std::vector<double> real = {10, 3, 1, 7, 2, 9, 4, 8, 6, 5}, cpu(10, 0);
    for (std::size_t i = 0; i < real.size(); i++)
        cpu[i] = real[i] / 2;
    hb::variation v = hb::summarise_variation(real, cpu);
    CHECK(v.repetitions == 10, "repetitions %zu", v.repetitions);
    CHECK(near(v.p10, 1.9) && near(v.median, 5.5) && near(v.p90, 9.1), "p10 %g median %g p90 %g", v.p10, v.median,
          v.p90);
    CHECK(near(v.spread, 7.2 / 5.5), "spread %.17g, want %.17g", v.spread, 7.2 / 5.5);
    CHECK(near(v.on_cpu, 0.5), "on_cpu %g", v.on_cpu);

    auto context = hb::variation_context(v, row, true);
    CHECK(context["machine_variation"] == "130.9%", "machine_variation '%s'", context["machine_variation"].c_str());
    CHECK(context["machine_variation_definition"].find(row) != std::string::npos &&
              context["machine_variation_definition"].find("random interleaving spread") != std::string::npos,
          "definition '%s'", context["machine_variation_definition"].c_str());
    CHECK(context["machine_variation_samples"] ==
              "10 repetitions: 10th percentile 1.90 s, median 5.50 s, 90th percentile 9.10 s; on the CPU 50% of "
              "their real time",
          "samples '%s'", context["machine_variation_samples"].c_str());
    auto off = hb::variation_context(v, row, false);
    CHECK(off["machine_variation_definition"].find("random interleaving was off") != std::string::npos,
          "definition without interleaving '%s'", off["machine_variation_definition"].c_str());
}

benchmark::BenchmarkReporter::Run run_of(const std::string &name, long long repetition, double ns, bool error = false)
{
    benchmark::BenchmarkReporter::Run r;
    r.run_name.function_name = name;
    r.run_type = benchmark::BenchmarkReporter::Run::RT_Iteration;
    r.repetition_index = repetition;
    r.iterations = 1000;
    r.real_accumulated_time = ns * 1e-9 * 1000;
    r.cpu_accumulated_time = ns * 1e-9 * 1000;
    r.error_occurred = error;
    return r;
}

// The recorder keeps the reference row's iteration runs only, once each, and fills exactly the
// placeholders it added, escaping for JSON.
void test_recorder()
{
    hb::variation_recorder inactive("", true);
    CHECK(!inactive.active(), "a recorder without a row is active");

    hb::variation_recorder recorder(row, true);
    std::vector<benchmark::BenchmarkReporter::Run> runs;
    for (int k = 0; k < 4; k++)
        runs.push_back(run_of(row, k, 10 + k)); // 10, 11, 12, 13 ns
    runs.push_back(run_of("throughput/algo:x/impl:y/size:16/load:cpu", 4, 1000));
    runs.push_back(run_of(row, 5, 1000, true)); // an error: not a sample
    benchmark::BenchmarkReporter::Run aggregate = run_of(row, 6, 1000);
    aggregate.run_type = benchmark::BenchmarkReporter::Run::RT_Aggregate;
    runs.push_back(aggregate);
    recorder.observe(runs);
    recorder.observe(runs); // the file reporter sees the same runs again
    CHECK(recorder.context()["machine_variation"] ==
              "not measured: the reference row needs 5 repetitions, this run reported 4",
          "four repetitions: '%s'", recorder.context()["machine_variation"].c_str());

    recorder.observe({run_of(row, 4, 14)}); // 10..14 ns: (13.6 - 10.4) / 12
    CHECK(recorder.context()["machine_variation"] == "26.7%", "five repetitions: '%s'",
          recorder.context()["machine_variation"].c_str());

    std::string json = "{\"machine_variation\": \"@hashbench-pending:machine_variation@\"}";
    CHECK(recorder.fill_placeholders(json) == json, "filled before the placeholders were added: '%s'",
          recorder.fill_placeholders(json).c_str());
    recorder.add_placeholders();
    CHECK(recorder.fill_placeholders(json) == "{\"machine_variation\": \"26.7%\"}", "filled: '%s'",
          recorder.fill_placeholders(json).c_str());

    hb::variation_recorder quoted("a\"b\\c", true);
    quoted.add_placeholders();
    std::string filled = quoted.fill_placeholders(
        "{\"machine_variation_definition\": \"@hashbench-pending:machine_variation_definition@\"}");
    CHECK(filled.find("reference row a\\\"b\\\\c over") != std::string::npos, "escaped: '%s'", filled.c_str());
}

} // namespace

int main()
{
    test_quantiles();
    test_spread();
    test_recorder();
    if (hb_test::failures) {
        std::fprintf(stderr, "variation_test: %d failure(s)\n", hb_test::failures);
        return 1;
    }
    std::printf("variation_test: all passed\n");
    return 0;
}
