// run_inputs.cpp — mapping and filling the hot buffer and the RAM pool, and slicing them.
#include "run_inputs.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <sys/mman.h>

#include "fixed_random.h"
#include "machine.h"
#include "usage_error.h"

namespace hb {

filled_memory::~filled_memory()
{
    if (data_ != nullptr)
        munmap(data_ - offset_, size_ + offset_);
}

bool filled_memory::map(std::size_t bytes, std::uint64_t seed, std::size_t offset)
{
    void *p = mmap(nullptr, offset + bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return false;
    data_ = static_cast<std::uint8_t *>(p) + offset;
    size_ = bytes;
    offset_ = offset;
    hb_fill_fixed(data_, size_, seed);
    return true;
}

std::uint64_t default_ram_pool_bytes()
{
    return std::max<std::uint64_t>(std::uint64_t(512) << 20, 4 * llc_bytes());
}

// Slices start on cache lines and never share one, so a load:ram call finds none of its bytes
// already fetched by the call before.
static std::size_t slice_stride(std::size_t max_len)
{
    return (slice_span(max_len) + 63) / 64 * 64;
}

slices run_inputs::hot_slices() const
{
    slices s;
    s.base = hot.data();
    return s;
}

slices run_inputs::ram_slices(std::size_t max_len)
{
    slices s;
    s.base = ram_pool.data();
    s.stride = slice_stride(max_len);
    // A power of two, for the visiting order: at least half the pool, still larger than the caches.
    s.count = std::size_t(1) << (63 - __builtin_clzll(ram_pool.size() / s.stride));
    s.cursor = &ram_cursor;
    return s;
}

void prepare_ram_pool(run_inputs &inputs, std::uint64_t bytes, bool from_flag, std::size_t max_len)
{
    std::string what = std::string(from_flag ? "--ram-pool: cannot allocate " : "cannot allocate the RAM pool of ") +
                       std::to_string(bytes) + " bytes";
    std::string hint = from_flag ? "" : "; --ram-pool BYTES sets a smaller pool";
    if (bytes < 2 * slice_stride(max_len))
        throw usage_error(what + " for inputs of " + std::to_string(max_len) + " bytes: it must hold at least " +
                          std::to_string(2 * slice_stride(max_len)) + " bytes");
    std::uint64_t available = memory_available_bytes();
    if (available != 0 && bytes > available)
        throw usage_error(what + ": only " + std::to_string(available) + " bytes of memory are available" + hint);
    if (bytes > SIZE_MAX || !inputs.ram_pool.map(std::size_t(bytes), HB_SEED_RAM_POOL, inputs.offset))
        throw usage_error(what + ": " + std::strerror(errno) + hint);
}

void prepare_hot_buffer(run_inputs &inputs, std::size_t max_len)
{
    if (!inputs.hot.map(slice_span(max_len), HB_SEED_HOT_BUFFER, inputs.offset))
        throw usage_error("cannot allocate " + std::to_string(slice_span(max_len)) +
                          " bytes for cache-resident inputs: " + std::strerror(errno));
}

} // namespace hb
