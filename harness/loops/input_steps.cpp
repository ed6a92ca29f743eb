// input_steps.cpp — the precomputed (misalignment, length) sequence of the input loop.
#include "input_loop.h"

namespace hb {

std::vector<input_step> input_steps(const size_spec &size, int align)
{
    const std::vector<std::size_t> lengths = size.random() ? random_lengths(size) : std::vector<std::size_t>{size.min};
    // lengths.size() is 1 or random_length_count, both powers of two, as is 64.
    std::size_t count = align < 0 && lengths.size() < 64 ? 64 : lengths.size();
    std::vector<input_step> steps(count);
    for (std::size_t i = 0; i < count; i++) {
        steps[i].offset = std::uint32_t(align < 0 ? i % 64 : std::size_t(align));
        steps[i].length = std::uint32_t(lengths[i % lengths.size()]);
    }
    return steps;
}

std::uint64_t bytes_hashed(const std::vector<input_step> &steps, std::uint64_t iterations)
{
    std::uint64_t cycle = 0, total = 0;
    for (const auto &step : steps)
        cycle += step.length;
    total = iterations / steps.size() * cycle;
    for (std::uint64_t i = 0; i < iterations % steps.size(); i++)
        total += steps[i].length;
    return total;
}

} // namespace hb
