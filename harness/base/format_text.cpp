// format_text.cpp — printf into a std::string: measured first, then written.
#include "format_text.h"

#include <cstdarg>
#include <cstdio>
#include <vector>

namespace hb {

std::string format_text(const char *format, ...)
{
    va_list args, again;
    va_start(args, format);
    va_copy(again, args);
    int n = std::vsnprintf(nullptr, 0, format, args);
    va_end(args);
    std::vector<char> text(std::size_t(n > 0 ? n : 0) + 1);
    std::vsnprintf(text.data(), text.size(), format, again);
    va_end(again);
    return std::string(text.data(), text.size() - 1);
}

} // namespace hb
