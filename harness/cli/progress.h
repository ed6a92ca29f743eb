/*
 * progress.h — how far a run is, on stderr: rows x repetitions done out of the total, the time
 * spent and an estimate of the time left. On a terminal one line redrawn in place (at most five
 * times a second); elsewhere a plain line at every tenth of the run or after 30 s without one.
 * Google Benchmark reports nothing until a row's last repetition, and with random interleaving
 * every row finishes near the end, so the count is kept by the bodies themselves.
 */
#ifndef HB_PROGRESS_H
#define HB_PROGRESS_H

#include <cstddef>
#include <cstdio>
#include <functional>
#include <memory>

#include <benchmark/benchmark.h>

namespace hb {

class progress {
  public:
    // total_runs: rows x repetitions; min_time: --benchmark_min_time, the time after which Google
    // Benchmark stops growing a repetition's iteration count; terminal: redraw one line in place.
    progress(std::FILE *to, std::size_t rows, std::size_t repetitions, double min_time, bool terminal);

    // The body, counting a repetition as done when its last call ends: the call Google Benchmark
    // keeps (an error, at least min_time of CPU time, 5 x min_time of real time, or 1e9 iterations).
    std::function<void(benchmark::State &)> wrap(std::function<void(benchmark::State &)> body);

    // Erases the terminal line before other output goes to the same screen.
    void clear();
    // The closing line: runs done and the time taken.
    void finish();

  private:
    void repetition_done();
    void print(bool final_line);

    std::FILE *to_;
    std::size_t rows_, repetitions_, total_, done_ = 0;
    double min_time_;
    bool terminal_, shown_ = false;
    double start_, last_print_ = 0;
    std::size_t next_tenth_ = 1;
};

// A display reporter that erases the progress line before inner (the display reporter) writes.
std::unique_ptr<benchmark::BenchmarkReporter>
progress_display_reporter(progress &p, std::unique_ptr<benchmark::BenchmarkReporter> inner);

} // namespace hb

#endif // HB_PROGRESS_H
