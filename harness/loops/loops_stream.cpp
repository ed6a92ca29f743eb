// loops_stream.cpp — hashing a whole file per iteration the two ways programs do: read(2) into a
// buffer, or mmap. Opening and closing the file are inside the timing, as in a program.
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "counters.h"
#include "loops.h"

namespace hb {

namespace {

void skip_with_errno(benchmark::State &state, const std::string &what, const std::string &path)
{
    std::string message = what + " '" + path + "': " + std::strerror(errno);
    state.SkipWithError(message.c_str());
}

} // namespace

void stream_read_loop(benchmark::State &state, const hb_hash *h, const std::string &path, std::size_t chunk)
{
    void *buffer = std::aligned_alloc(4096, (chunk + 4095) / 4096 * 4096);
    if (buffer == nullptr) {
        state.SkipWithError("cannot allocate the read buffer");
        return;
    }
    alignas(HB_STATE_ALIGN) std::uint8_t hash_state[HB_MAX_STATE_SIZE];
    alignas(64) std::uint8_t out[HB_MAX_OUT_BYTES];
    std::uint64_t bytes = 0;

    const loop_clock clock;
    for (auto _ : state) {
        int fd = open(path.c_str(), O_RDONLY);
        if (fd < 0) {
            skip_with_errno(state, "cannot open", path);
            break;
        }
        h->init(hash_state, 0);
        ssize_t got;
        while ((got = read(fd, buffer, chunk)) > 0) {
            h->update(hash_state, buffer, std::size_t(got));
            bytes += std::uint64_t(got);
        }
        h->final(hash_state, out);
        benchmark::ClobberMemory();
        if (got < 0)
            skip_with_errno(state, "cannot read", path);
        close(fd);
        if (got < 0)
            break;
    }
    std::free(buffer);
    if (!state.error_occurred())
        report_rates(state, bytes, clock.stop());
}

void stream_mmap_loop(benchmark::State &state, const hb_hash *h, const std::string &path, std::size_t chunk)
{
    alignas(HB_STATE_ALIGN) std::uint8_t hash_state[HB_MAX_STATE_SIZE];
    alignas(64) std::uint8_t out[HB_MAX_OUT_BYTES];
    std::uint64_t bytes = 0;

    const loop_clock clock;
    for (auto _ : state) {
        int fd = open(path.c_str(), O_RDONLY);
        struct stat st;
        if (fd < 0 || fstat(fd, &st) != 0) {
            skip_with_errno(state, "cannot open", path);
            if (fd >= 0)
                close(fd);
            break;
        }
        std::size_t size = std::size_t(st.st_size);
        void *map = size > 0 ? mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0) : nullptr;
        if (map == MAP_FAILED) {
            skip_with_errno(state, "cannot mmap", path);
            close(fd);
            break;
        }
        const std::uint8_t *p = static_cast<const std::uint8_t *>(map);
        h->init(hash_state, 0);
        for (std::size_t done = 0; done < size; done += chunk)
            h->update(hash_state, p + done, size - done < chunk ? size - done : chunk);
        h->final(hash_state, out);
        benchmark::ClobberMemory();
        if (map != nullptr)
            munmap(map, size);
        close(fd);
        bytes += size;
    }
    if (!state.error_occurred())
        report_rates(state, bytes, clock.stop());
}

} // namespace hb
