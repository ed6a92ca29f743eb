// variation.cpp — the spread of the reference row's repetitions, and how a run reports it.
#include "variation.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hb {

namespace {

std::string printed(const char *format, double v)
{
    char text[64];
    std::snprintf(text, sizeof text, format, v);
    return text;
}

// "3.21 ns", "1.25 µs", ...: three significant digits in the unit that keeps the value >= 1.
std::string duration_text(double seconds)
{
    static const struct {
        double scale;
        const char *unit;
    } units[] = {{1, "s"}, {1e-3, "ms"}, {1e-6, "us"}, {1e-9, "ns"}};
    for (const auto &u : units)
        if (seconds >= u.scale || u.scale == 1e-9)
            return printed(seconds / u.scale >= 100  ? "%.0f"
                           : seconds / u.scale >= 10 ? "%.1f"
                                                     : "%.2f",
                           seconds / u.scale) +
                   " " + u.unit;
    return "";
}

} // namespace

double quantile(const std::vector<double> &sorted, double q)
{
    double position = double(sorted.size() - 1) * q;
    std::size_t below = std::size_t(std::floor(position));
    std::size_t above = std::min(below + 1, sorted.size() - 1);
    return sorted[below] + (position - double(below)) * (sorted[above] - sorted[below]);
}

variation summarise_variation(std::vector<double> real_seconds, const std::vector<double> &cpu_seconds)
{
    variation v;
    std::sort(real_seconds.begin(), real_seconds.end());
    v.repetitions = real_seconds.size();
    v.p10 = quantile(real_seconds, 0.1);
    v.median = quantile(real_seconds, 0.5);
    v.p90 = quantile(real_seconds, 0.9);
    v.spread = v.median > 0 ? (v.p90 - v.p10) / v.median : 0;
    double real = 0, cpu = 0;
    for (double s : real_seconds)
        real += s;
    for (double s : cpu_seconds)
        cpu += s;
    v.on_cpu = real > 0 ? cpu / real : 0;
    return v;
}

std::map<std::string, std::string> variation_context(const variation &v, const std::string &row, bool interleaved)
{
    return {
        {"machine_variation", printed("%.1f%%", 100 * v.spread)},
        {"machine_variation_definition",
         "(90th percentile - 10th percentile) / median of the real time per iteration of the reference row " + row +
             " over its repetitions" +
             (interleaved ? ", which random interleaving spread through the run"
                          : ", run one after another (random interleaving was off)")},
        {"machine_variation_samples", std::to_string(v.repetitions) + " repetitions: 10th percentile " +
                                          duration_text(v.p10) + ", median " + duration_text(v.median) +
                                          ", 90th percentile " + duration_text(v.p90) + "; on the CPU " +
                                          printed("%.0f%%", 100 * v.on_cpu) + " of their real time"},
    };
}

std::map<std::string, std::string> unmeasured_variation_context(const std::string &row, const std::string &why)
{
    return {
        {"machine_variation", "not measured: " + why},
        {"machine_variation_definition",
         "(90th percentile - 10th percentile) / median of the real time per iteration of the reference row " + row +
             " over its repetitions"},
        {"machine_variation_samples", "none"},
    };
}

std::string variation_line(const variation &v)
{
    return "this machine varied " + printed("%.1f%%", 100 * v.spread) +
           " during the run (the reference row's 10th to 90th percentile over its median, " +
           std::to_string(v.repetitions) + " repetitions; on the CPU " + printed("%.0f%%", 100 * v.on_cpu) +
           " of their time)";
}

} // namespace hb
