// stream_file.cpp — writing the generated stream file and removing it on every way out. The
// paths live in fixed buffers so that the signal handler can unlink them without allocating.
#include "stream_file.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <unistd.h>
#include <vector>

#include "fixed_random.h"

namespace hb {

namespace {

char directory_path[4096];
char file_path[4096 + 32];
volatile std::sig_atomic_t file_present = 0;
const int cleanup_signals[] = {SIGINT, SIGTERM, SIGHUP};

// Async-signal-safe: unlink and rmdir only.
void remove_paths()
{
    if (file_present) {
        file_present = 0;
        unlink(file_path);
        rmdir(directory_path);
    }
}

void on_signal(int sig)
{
    remove_paths();
    std::signal(sig, SIG_DFL);
    std::raise(sig); // die of the signal, so the caller sees how the run ended
}

void at_exit()
{
    remove_paths();
}

[[noreturn]] void fail(const std::string &what)
{
    std::string message = what + ": " + std::strerror(errno);
    remove_paths();
    throw std::runtime_error(message);
}

} // namespace

std::string create_stream_file(std::uint64_t bytes)
{
    // Handlers first: once the directory exists, an interrupted run leaves nothing behind.
    static bool installed = false;
    if (!installed) {
        installed = true;
        std::atexit(at_exit);
        for (int sig : cleanup_signals)
            std::signal(sig, on_signal);
    }
    const char *tmp = std::getenv("TMPDIR");
    if (tmp == nullptr || *tmp == '\0')
        tmp = "/tmp";
    if (std::snprintf(directory_path, sizeof directory_path, "%s/hashbench.XXXXXX", tmp) >=
        int(sizeof directory_path)) {
        errno = ENAMETOOLONG;
        fail(std::string("cannot create a temporary directory in '") + tmp + "'");
    }
    if (mkdtemp(directory_path) == nullptr)
        fail(std::string("cannot create a temporary directory in '") + tmp + "'");
    std::snprintf(file_path, sizeof file_path, "%s/stream-input.bin", directory_path);
    file_present = 1;

    int fd = open(file_path, O_WRONLY | O_CREAT | O_EXCL, 0600);
    if (fd < 0)
        fail(std::string("cannot create '") + file_path + "'");

    std::vector<std::uint8_t> block(std::size_t(1) << 20);
    std::uint64_t written = 0, block_index = 0;
    while (written < bytes) {
        std::size_t n = bytes - written < block.size() ? std::size_t(bytes - written) : block.size();
        // One generator stream per 1 MiB block: the content does not depend on how it is written.
        hb_fill_fixed(block.data(), n, HB_SEED_STREAM_FILE + block_index++);
        for (std::size_t done = 0; done < n;) {
            ssize_t w = write(fd, block.data() + done, n - done);
            if (w < 0) {
                if (errno == EINTR)
                    continue;
                close(fd);
                fail(std::string("cannot write '") + file_path + "'");
            }
            done += std::size_t(w);
        }
        written += n;
    }
    if (close(fd) != 0)
        fail(std::string("cannot write '") + file_path + "'");
    return file_path;
}

void remove_stream_file()
{
    remove_paths();
}

} // namespace hb
