// sizes.cpp — parsing and spelling sizes, and the fixed-seed random length sequence.
#include "sizes.h"

#include "fixed_random.h"
#include "hb_byte_size.h"
#include "usage_error.h"

namespace hb {

std::string size_spec::text() const
{
    if (random())
        return "rand" + std::to_string(min) + "-" + std::to_string(max);
    return std::to_string(min);
}

bool parse_bytes(const std::string &text, std::uint64_t &out)
{
    // A NUL inside the argument would end the C string early and let a suffix through unread.
    return text.find('\0') == std::string::npos && hb_parse_byte_size(text.c_str(), UINT64_MAX, &out, nullptr);
}

static std::size_t parse_length(const std::string &flag, const std::string &whole, const std::string &text)
{
    std::uint64_t value = 0;
    if (!parse_bytes(text, value) || value == 0 || value > max_input_bytes)
        throw usage_error(flag + ": bad size '" + whole + "' (a byte count from 1 to 1 GiB, or randA-B)");
    return std::size_t(value);
}

size_spec parse_size(const std::string &flag, const std::string &text)
{
    size_spec size;
    if (text.rfind("rand", 0) == 0) {
        std::string range = text.substr(4);
        std::size_t dash = range.find('-');
        if (dash == std::string::npos)
            throw usage_error(flag + ": bad size '" + text + "' (random lengths are randA-B, e.g. rand1-32)");
        size.min = parse_length(flag, text, range.substr(0, dash));
        size.max = parse_length(flag, text, range.substr(dash + 1));
        if (size.min >= size.max)
            throw usage_error(flag + ": bad size '" + text + "' (randA-B needs A < B)");
        return size;
    }
    size.min = size.max = parse_length(flag, text, text);
    return size;
}

std::vector<std::size_t> random_lengths(const size_spec &size)
{
    std::vector<std::size_t> lengths(random_length_count);
    std::uint64_t state = HB_SEED_LENGTHS;
    std::uint64_t span = std::uint64_t(size.max - size.min) + 1;
    for (auto &length : lengths)
        length = size.min + std::size_t(hb_splitmix64_next(&state) % span);
    return lengths;
}

} // namespace hb
