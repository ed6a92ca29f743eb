// replication.cpp — the layout of process K of a replicated run, and its record in the context.
#include "replication.h"

#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>

#include <benchmark/benchmark.h>

#include "fixed_random.h"

namespace hb {

replication replication_for(std::uint64_t process)
{
    replication r;
    const char *pad = std::getenv("HB_ENV_PAD");
    r.env_pad_set = pad != nullptr;
    r.env_pad = pad != nullptr ? std::strlen(pad) : 0;
    if (process == 0)
        return r;
    r.process = process;
    // Odd multipliers: K -> (K - 1) * m mod 2^b is a bijection, so processes within 2^b of each
    // other never share an offset (b = 6: 64 cache lines of a page) or a shift (b = 12).
    std::uint64_t k = process - 1;
    r.buffer_offset = std::size_t((k * 23 + 11) % 64) * 64;
    r.heap_shift = std::size_t((k * 1021 + 300) % 4096 + 1) * 16;
    return r;
}

void shuffle_rows(plan &rows, const replication &r)
{
    if (r.process == 0)
        return;
    std::uint64_t state = HB_SEED_ROW_ORDER ^ r.process;
    for (std::size_t i = rows.size(); i > 1; i--) {
        std::size_t j = hb_splitmix64_below(&state, std::uint32_t(i));
        std::swap(rows[i - 1], rows[j]);
    }
}

std::unique_ptr<unsigned char[]> shift_heap(const replication &r)
{
    if (r.process == 0)
        return nullptr;
    std::unique_ptr<unsigned char[]> block(new unsigned char[r.heap_shift]);
    std::memset(block.get(), 0x5a, r.heap_shift);
    unsigned char *p = block.get();
    benchmark::DoNotOptimize(p); // escapes: the allocation cannot be left out
    return block;
}

void add_replication_context(const replication &r)
{
    if (r.process == 0)
        return;
    benchmark::AddCustomContext("process", std::to_string(r.process));
    benchmark::AddCustomContext("buffer_offset", std::to_string(r.buffer_offset));
    benchmark::AddCustomContext("heap_shift", std::to_string(r.heap_shift));
    benchmark::AddCustomContext("row_order", "registered in a SplitMix64 shuffle seeded from the process (" +
                                                 std::to_string(r.process) + ")");
    benchmark::AddCustomContext("env_pad", r.env_pad_set ? std::to_string(r.env_pad) : "HB_ENV_PAD not set");
}

} // namespace hb
