/*
 * variation.h — the machine's variation during a run: how far apart the repetitions of one fixed
 * workload (the reference row, reference.h) came out, their repetitions being spread through the
 * run by random interleaving (docs/statistics.md, "Machine variation").
 */
#ifndef HB_VARIATION_H
#define HB_VARIATION_H

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace hb {

struct variation {
    std::size_t repetitions = 0;
    double p10 = 0, median = 0, p90 = 0; // seconds per iteration
    double spread = 0;                   // (p90 - p10) / median
    double on_cpu = 0;                   // the reference's CPU time over its real time, summed
};

// The q-quantile (0 <= q <= 1) of the ascending sorted[0..n), n >= 1, by linear interpolation
// between the order statistics at position (n - 1) q (Hyndman and Fan's definition 7).
double quantile(const std::vector<double> &sorted, double q);

// From each repetition's real and CPU seconds per iteration (any order, at least one).
variation summarise_variation(std::vector<double> real_seconds, const std::vector<double> &cpu_seconds);

// The context keys a run's JSON carries: machine_variation ("12.3%"), its definition (naming the
// row, its repetitions and whether they were interleaved) and the figures it came from.
std::map<std::string, std::string> variation_context(const variation &v, const std::string &row, bool interleaved);

// The context keys when the reference row ran but no repetition of it was reported: why.
std::map<std::string, std::string> unmeasured_variation_context(const std::string &row, const std::string &why);

// The line hashbench prints on stderr at the end of a run: "this machine varied 12.3% during the run ...".
std::string variation_line(const variation &v);

} // namespace hb

#endif // HB_VARIATION_H
