/*
 * usage_error.h — bad input found while reading the command line or preparing a run. main()
 * prints its text as the one line on stderr and exits with status 2.
 */
#ifndef HB_USAGE_ERROR_H
#define HB_USAGE_ERROR_H

#include <stdexcept>
#include <string>

namespace hb {

// The message with every control byte written as \xNN, so that a value quoted from the command
// line (which may hold a newline) keeps the message on one line.
inline std::string one_line(const std::string &text)
{
    static const char digits[] = "0123456789abcdef";
    std::string out;
    for (unsigned char c : text) {
        if (c < 0x20 || c == 0x7f) {
            out += "\\x";
            out += digits[c >> 4];
            out += digits[c & 15];
        } else {
            out += char(c);
        }
    }
    return out;
}

struct usage_error : std::runtime_error {
    explicit usage_error(const std::string &what) : std::runtime_error(one_line(what))
    {}
};

} // namespace hb

#endif // HB_USAGE_ERROR_H
