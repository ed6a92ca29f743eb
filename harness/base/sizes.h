/*
 * sizes.h — input sizes as the command line and the benchmark names spell them: a fixed byte
 * count ("65536") or a range of random lengths ("rand1-32"), and the fixed-seed sequence of
 * lengths that a range expands to.
 */
#ifndef HB_SIZES_H
#define HB_SIZES_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hb {

// Largest size, chunk or random length accepted anywhere: 1 GiB.
constexpr std::size_t max_input_bytes = std::size_t(1) << 30;

struct size_spec {
    std::size_t min = 0, max = 0; // equal for a fixed size

    bool random() const
    {
        return min != max;
    }
    // "65536" or "rand1-32": the value of a benchmark name's size key.
    std::string text() const;
};

// Parses a byte count by the one grammar of every tool (common/hb_byte_size.h): decimal digits
// with an optional binary suffix k or K, M, G, each also with "iB". False on anything else or on
// overflow.
bool parse_bytes(const std::string &text, std::uint64_t &out);

// Parses "N" or "randA-B" (1 <= A < B, both within max_input_bytes). Throws usage_error naming
// the flag on anything else.
size_spec parse_size(const std::string &flag, const std::string &text);

// Lengths a random size walks through: 4096 values in [min, max] from the fixed-seed generator
// (HB_SEED_LENGTHS), so every run and every algorithm sees the same sequence.
constexpr std::size_t random_length_count = 4096;
std::vector<std::size_t> random_lengths(const size_spec &size);

} // namespace hb

#endif // HB_SIZES_H
