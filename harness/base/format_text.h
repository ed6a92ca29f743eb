/* format_text.h — printf into a std::string, for text built from values (--help lines, flags). */
#ifndef HB_FORMAT_TEXT_H
#define HB_FORMAT_TEXT_H

#include <string>

namespace hb {

std::string format_text(const char *format, ...) __attribute__((format(printf, 1, 2)));

} // namespace hb

#endif // HB_FORMAT_TEXT_H
