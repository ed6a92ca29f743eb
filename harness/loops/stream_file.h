/*
 * stream_file.h — the stream suite's default input: a file of fixed-seed bytes in a fresh
 * temporary directory, removed when the process exits and when SIGINT, SIGTERM or SIGHUP stop it.
 */
#ifndef HB_STREAM_FILE_H
#define HB_STREAM_FILE_H

#include <cstdint>
#include <string>

namespace hb {

constexpr std::uint64_t default_stream_file_bytes = std::uint64_t(256) << 20;

// Creates $TMPDIR (or /tmp)/hashbench.XXXXXX/stream-input.bin of bytes bytes and returns its
// path. Throws std::runtime_error with the reason when it cannot be written. One file per process.
std::string create_stream_file(std::uint64_t bytes);

// Removes the file and its directory now (also done at exit and on the signals above).
void remove_stream_file();

} // namespace hb

#endif // HB_STREAM_FILE_H
