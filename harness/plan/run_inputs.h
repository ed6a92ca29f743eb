/*
 * run_inputs.h — the memory and the file a run's benchmarks read, prepared once before timing and
 * only for what the selected benchmarks use: the hot buffer (cache-resident inputs), the RAM pool
 * (inputs that come from DRAM), the stream suite's file.
 */
#ifndef HB_RUN_INPUTS_H
#define HB_RUN_INPUTS_H

#include <cstddef>
#include <cstdint>
#include <string>

#include "input_loop.h"

namespace hb {

// Pages from mmap, filled once from the fixed-seed generator; unmapped on destruction. The bytes
// may start offset bytes into the first page (--process: a multiple of 64), with the same contents.
class filled_memory {
  public:
    filled_memory() = default;
    filled_memory(const filled_memory &) = delete;
    filled_memory &operator=(const filled_memory &) = delete;
    ~filled_memory();

    // Maps offset + bytes and fills bytes from offset on; false with errno set when the pages cannot
    // be had.
    bool map(std::size_t bytes, std::uint64_t seed, std::size_t offset = 0);
    const std::uint8_t *data() const
    {
        return data_;
    }
    std::size_t size() const
    {
        return size_;
    }

  private:
    std::uint8_t *data_ = nullptr; // the first byte filled
    std::size_t size_ = 0;
    std::size_t offset_ = 0;
};

// max(512 MiB, 4 x the last-level cache): larger than any cache, so the bytes come from DRAM.
std::uint64_t default_ram_pool_bytes();

struct run_inputs {
    filled_memory hot;          // one buffer every load:cpu row reads the start of
    filled_memory ram_pool;     // load:ram rows walk it slice by slice
    std::size_t ram_cursor = 0; // carried from row to row, so no row starts on recently read slices
    std::string stream_path;    // the file the stream suite hashes
    std::size_t offset = 0;     // where hot and ram_pool start in their first page (--process)

    // One hot slice; or consecutive pool slices for a row of sizes up to max_len.
    slices hot_slices() const;
    slices ram_slices(std::size_t max_len);
};

// Throws usage_error when the pool cannot be allocated, naming its size, the reason and
// --ram-pool. max_len: the longest load:ram input, which must fit a slice at least twice.
void prepare_ram_pool(run_inputs &inputs, std::uint64_t bytes, bool from_flag, std::size_t max_len);
void prepare_hot_buffer(run_inputs &inputs, std::size_t max_len);

} // namespace hb

#endif // HB_RUN_INPUTS_H
