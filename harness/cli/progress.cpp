// progress.cpp — the progress line and the reporter that keeps it out of the way of the tables.
#include "progress.h"

#include <algorithm>
#include <ctime>

namespace hb {

namespace {

double clock_seconds(clockid_t id)
{
    timespec ts;
    clock_gettime(id, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

// "1:05" or "1:02:05".
std::string clock_text(double seconds)
{
    long s = long(std::max(0.0, seconds) + 0.5);
    char buf[32];
    if (s >= 3600)
        std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    else
        std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
    return buf;
}

class clearing_reporter : public benchmark::BenchmarkReporter {
  public:
    clearing_reporter(progress &p, std::unique_ptr<benchmark::BenchmarkReporter> inner)
        : progress_(p), inner_(std::move(inner))
    {}
    bool ReportContext(const Context &context) override
    {
        progress_.clear();
        return inner_->ReportContext(context);
    }
    void ReportRuns(const std::vector<Run> &report) override
    {
        progress_.clear();
        inner_->ReportRuns(report);
    }
    void Finalize() override
    {
        progress_.clear();
        inner_->Finalize();
    }

  private:
    progress &progress_;
    std::unique_ptr<benchmark::BenchmarkReporter> inner_;
};

} // namespace

progress::progress(std::FILE *to, std::size_t rows, std::size_t repetitions, double min_time, bool terminal)
    : to_(to), rows_(rows), repetitions_(repetitions), total_(rows * repetitions), min_time_(min_time),
      terminal_(terminal), start_(clock_seconds(CLOCK_MONOTONIC)), last_print_(start_)
{}

std::function<void(benchmark::State &)> progress::wrap(std::function<void(benchmark::State &)> body)
{
    return [this, body](benchmark::State &state) {
        double cpu0 = clock_seconds(CLOCK_THREAD_CPUTIME_ID), real0 = clock_seconds(CLOCK_MONOTONIC);
        body(state);
        double cpu = clock_seconds(CLOCK_THREAD_CPUTIME_ID) - cpu0, real = clock_seconds(CLOCK_MONOTONIC) - real0;
        if (state.error_occurred() || cpu >= min_time_ || real >= 5 * min_time_ ||
            std::uint64_t(state.iterations()) >= 1000000000u)
            repetition_done();
    };
}

void progress::repetition_done()
{
    done_ = std::min(done_ + 1, total_);
    double now = clock_seconds(CLOCK_MONOTONIC);
    if (terminal_) {
        if (now - last_print_ >= 0.2 || done_ == total_)
            print(false);
        return;
    }
    if (done_ == total_)
        return; // finish() says it
    if (done_ * 10 >= next_tenth_ * total_ || now - last_print_ >= 30) {
        while (next_tenth_ <= 10 && done_ * 10 >= next_tenth_ * total_)
            next_tenth_++;
        print(false);
    }
}

void progress::print(bool final_line)
{
    double now = clock_seconds(CLOCK_MONOTONIC), elapsed = now - start_;
    last_print_ = now;
    char line[160];
    if (final_line) {
        std::snprintf(line, sizeof line, "hashbench: %zu/%zu runs (%zu rows x %zu repetitions) in %s", done_, total_,
                      rows_, repetitions_, clock_text(elapsed).c_str());
    } else {
        std::string left = done_ == 0 ? "?" : clock_text(elapsed / double(done_) * double(total_ - done_));
        std::snprintf(line, sizeof line, "hashbench: %zu/%zu runs (%zu rows x %zu repetitions), %s elapsed, ~%s left",
                      done_, total_, rows_, repetitions_, clock_text(elapsed).c_str(), left.c_str());
    }
    if (terminal_)
        std::fprintf(to_, "\r\033[K%s%s", line, final_line ? "\n" : "");
    else
        std::fprintf(to_, "%s\n", line);
    std::fflush(to_);
    shown_ = terminal_ && !final_line;
}

void progress::clear()
{
    if (!shown_)
        return;
    std::fprintf(to_, "\r\033[K");
    std::fflush(to_);
    shown_ = false;
}

void progress::finish()
{
    // Every run has ended; a repetition whose last call the bodies could not tell apart from
    // an earlier one (a short call on a busy machine) is counted here.
    done_ = total_;
    clear();
    print(true);
}

std::unique_ptr<benchmark::BenchmarkReporter>
progress_display_reporter(progress &p, std::unique_ptr<benchmark::BenchmarkReporter> inner)
{
    return std::unique_ptr<benchmark::BenchmarkReporter>(new clearing_reporter(p, std::move(inner)));
}

} // namespace hb
