// variation_reporter.cpp — reporters that keep the reference row's repetitions and put the
// machine's variation into the JSON context after the run.
#include "variation_reporter.h"

#include <sstream>

namespace hb {

namespace {

// A placeholder no benchmark name or value can contain, one per key.
std::string placeholder(const std::string &key)
{
    return "@hashbench-pending:" + key + "@";
}

std::string json_string(const std::string &text)
{
    std::string out = "\"";
    for (char c : text) {
        unsigned char u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (u < 0x20) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\u%04x", u);
            out += escaped;
        } else {
            out += c;
        }
    }
    return out + "\"";
}

// Passes everything to inner and shows recorder the runs.
class observing_reporter : public benchmark::BenchmarkReporter {
  public:
    observing_reporter(std::unique_ptr<benchmark::BenchmarkReporter> inner, variation_recorder &recorder)
        : inner_(std::move(inner)), recorder_(recorder)
    {}
    bool ReportContext(const Context &context) override
    {
        inner_->SetOutputStream(&GetOutputStream());
        inner_->SetErrorStream(&GetErrorStream());
        return inner_->ReportContext(context);
    }
    void ReportRuns(const std::vector<Run> &runs) override
    {
        recorder_.observe(runs);
        inner_->ReportRuns(runs);
    }
    void Finalize() override
    {
        inner_->Finalize();
    }

  private:
    std::unique_ptr<benchmark::BenchmarkReporter> inner_;
    variation_recorder &recorder_;
};

// A JSON reporter whose document is held in memory and written, placeholders filled, at the end.
class held_json_reporter : public benchmark::BenchmarkReporter {
  public:
    held_json_reporter(std::unique_ptr<benchmark::BenchmarkReporter> inner, variation_recorder &recorder)
        : inner_(std::move(inner)), recorder_(recorder)
    {}
    bool ReportContext(const Context &context) override
    {
        recorder_.add_placeholders();
        // Google Benchmark points a file reporter's error stream at the file itself; whatever
        // goes there stays in place in the held document.
        bool errors_in_document = &GetErrorStream() == &GetOutputStream();
        inner_->SetOutputStream(&held_);
        inner_->SetErrorStream(errors_in_document ? static_cast<std::ostream *>(&held_) : &GetErrorStream());
        return inner_->ReportContext(context);
    }
    void ReportRuns(const std::vector<Run> &runs) override
    {
        recorder_.observe(runs);
        inner_->ReportRuns(runs);
    }
    void Finalize() override
    {
        inner_->Finalize();
        GetOutputStream() << recorder_.fill_placeholders(held_.str());
        GetOutputStream().flush();
    }

  private:
    std::unique_ptr<benchmark::BenchmarkReporter> inner_;
    variation_recorder &recorder_;
    std::ostringstream held_;
};

} // namespace

variation_recorder::variation_recorder(std::string row, bool interleaved)
    : row_(std::move(row)), interleaved_(interleaved)
{}

void variation_recorder::observe(const std::vector<benchmark::BenchmarkReporter::Run> &runs)
{
    if (!active())
        return;
    for (const auto &run : runs)
        if (run.run_type == benchmark::BenchmarkReporter::Run::RT_Iteration && !run.error_occurred &&
            run.iterations > 0 && run.benchmark_name() == row_)
            repetitions_[run.repetition_index] = {run.real_accumulated_time / double(run.iterations),
                                                  run.cpu_accumulated_time / double(run.iterations)};
}

void variation_recorder::add_placeholders()
{
    if (!active() || placeholders_added_)
        return;
    placeholders_added_ = true;
    static bool in_context = false; // Google Benchmark's context is the process's: once per process
    if (in_context)
        return;
    in_context = true;
    for (const auto &kv : context())
        benchmark::AddCustomContext(kv.first, placeholder(kv.first));
}

bool variation_recorder::measured() const
{
    return repetitions_.size() >= min_variation_repetitions;
}

std::string variation_recorder::why_unmeasured() const
{
    if (repetitions_.empty())
        return "no repetition of the reference row was reported";
    return "the reference row needs " + std::to_string(min_variation_repetitions) + " repetitions, this run reported " +
           std::to_string(repetitions_.size());
}

variation variation_recorder::summary() const
{
    std::vector<double> real, cpu;
    for (const auto &r : repetitions_) {
        real.push_back(r.second.first);
        cpu.push_back(r.second.second);
    }
    return summarise_variation(real, cpu);
}

std::map<std::string, std::string> variation_recorder::context() const
{
    if (!measured())
        return unmeasured_variation_context(row_, why_unmeasured());
    return variation_context(summary(), row_, interleaved_);
}

std::string variation_recorder::fill_placeholders(std::string json) const
{
    if (!placeholders_added_)
        return json;
    for (const auto &kv : context()) {
        std::string from = json_string(placeholder(kv.first));
        std::string::size_type at = json.find(from);
        if (at != std::string::npos)
            json.replace(at, from.size(), json_string(kv.second));
    }
    return json;
}

std::string variation_recorder::line() const
{
    if (!measured())
        return "the machine's variation was not measured: " + why_unmeasured();
    return variation_line(summary());
}

std::unique_ptr<benchmark::BenchmarkReporter> variation_display_reporter(variation_recorder &recorder)
{
    std::unique_ptr<benchmark::BenchmarkReporter> inner(benchmark::CreateDefaultDisplayReporter());
    if (!recorder.active())
        return inner;
    if (dynamic_cast<benchmark::JSONReporter *>(inner.get()) != nullptr)
        return std::unique_ptr<benchmark::BenchmarkReporter>(new held_json_reporter(std::move(inner), recorder));
    return std::unique_ptr<benchmark::BenchmarkReporter>(new observing_reporter(std::move(inner), recorder));
}

std::unique_ptr<benchmark::BenchmarkReporter> variation_json_file_reporter(variation_recorder &recorder)
{
    return std::unique_ptr<benchmark::BenchmarkReporter>(
        new held_json_reporter(std::unique_ptr<benchmark::BenchmarkReporter>(new benchmark::JSONReporter), recorder));
}

} // namespace hb
