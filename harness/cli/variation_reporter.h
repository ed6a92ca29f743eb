/*
 * variation_reporter.h — the machine's variation, measured while the run reports: the reporters
 * here pass every report on to Google Benchmark's own reporter and keep the reference row's
 * repetitions (reference_row.h). Google Benchmark writes a JSON document's context before its
 * first row, and the variation is known only after the last, so the JSON reporter here holds the
 * document until the run ends and then writes it with the machine_variation keys filled in: the
 * output stays Google Benchmark's JSON, member for member, with three more context keys.
 */
#ifndef HB_VARIATION_REPORTER_H
#define HB_VARIATION_REPORTER_H

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "variation.h"

namespace hb {

// Fewer repetitions of the reference row than this leave the variation unmeasured.
constexpr std::size_t min_variation_repetitions = 5;

class variation_recorder {
  public:
    // row: the reference row's name, "" when the run has none (then nothing is recorded or added).
    variation_recorder(std::string row, bool interleaved);

    bool active() const
    {
        return !row_.empty();
    }
    // Keeps the reference row's iteration runs (a repetition reported twice, to the display and
    // the file, counts once).
    void observe(const std::vector<benchmark::BenchmarkReporter::Run> &runs);
    // Adds the context keys with placeholder values to Google Benchmark's context, once.
    void add_placeholders();
    // The JSON text with every placeholder replaced by its key's final value.
    std::string fill_placeholders(std::string json) const;
    // The final keys: measured, or why not.
    std::map<std::string, std::string> context() const;
    // The closing line for stderr, without "hashbench: " and the newline.
    std::string line() const;

  private:
    bool measured() const;
    std::string why_unmeasured() const;
    variation summary() const;

    std::string row_;
    bool interleaved_;
    bool placeholders_added_ = false;
    std::map<std::int64_t, std::pair<double, double>> repetitions_; // index -> real, CPU seconds per iteration
};

// The display reporter for --benchmark_format (console, json or csv), observing for recorder; a
// JSON display holds its document until the end of the run. Google Benchmark's own when the
// recorder is not active.
std::unique_ptr<benchmark::BenchmarkReporter> variation_display_reporter(variation_recorder &recorder);

// The reporter for --benchmark_out in JSON, holding the document until the end of the run.
std::unique_ptr<benchmark::BenchmarkReporter> variation_json_file_reporter(variation_recorder &recorder);

} // namespace hb

#endif // HB_VARIATION_REPORTER_H
