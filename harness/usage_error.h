/*
 * usage_error.h — bad input found while reading the command line or preparing a run. main()
 * prints its text as the one line on stderr and exits with status 2.
 */
#ifndef HB_USAGE_ERROR_H
#define HB_USAGE_ERROR_H

#include <stdexcept>
#include <string>

namespace hb {

struct usage_error : std::runtime_error {
    explicit usage_error(const std::string &what) : std::runtime_error(what) {}
};

} // namespace hb

#endif // HB_USAGE_ERROR_H
