// loops_api.cpp — the api suite's paths: what a program pays around the same hash for the way it
// calls it. The OpenSSL paths and OpenSSL's allocation counts come from the adapter (hb_openssl.h).
#include <cstdlib>

#include "counters.h"
#include "hb_openssl.h"
#include "loops.h"

namespace hb {

const char *api_path_name(api_path path)
{
    switch (path) {
    case api_path::oneshot: return "oneshot";
    case api_path::stream: return "stream";
    case api_path::stream_heap: return "stream-heap";
    case api_path::evp_prefetched: return "evp-prefetched";
    case api_path::evp_ctx_reuse: return "evp-ctx-reuse";
    case api_path::evp_byname: return "evp-byname";
    }
    return "?";
}

bool api_path_applies(api_path path, const hb_hash *h)
{
    switch (path) {
    case api_path::oneshot: return true;
    case api_path::stream:
    case api_path::stream_heap: return h->init != nullptr;
    case api_path::evp_prefetched:
    case api_path::evp_ctx_reuse:
    case api_path::evp_byname: return hb_openssl_owns(h);
    }
    return false;
}

namespace {

// Allocations made on our side of the API, counted where they happen.
struct own_allocations {
    std::uint64_t allocs = 0, bytes = 0;
};

void *allocate_state(const hb_hash *h, own_allocations &counted)
{
    std::size_t bytes = (h->state_size + HB_STATE_ALIGN - 1) / HB_STATE_ALIGN * HB_STATE_ALIGN;
    void *state = std::aligned_alloc(HB_STATE_ALIGN, bytes);
    if (state == nullptr)
        std::abort(); // a few hundred bytes: nothing sensible is left to do
    counted.allocs++;
    counted.bytes += bytes;
    return state;
}

} // namespace

void api_loop(benchmark::State &state, const hb_hash *h, api_path path, const slices &src, const size_spec &size,
              int align)
{
    own_allocations ours;
    hb_alloc_stats before, after;
    alignas(HB_STATE_ALIGN) std::uint8_t caller_state[HB_MAX_STATE_SIZE];
    loop_totals totals;
    hb_openssl_alloc_stats(&before);

    switch (path) {
    case api_path::oneshot:
        totals = input_loop(state, src, size, align,
                            [h](const std::uint8_t *p, std::size_t n, std::uint8_t *out) { h->oneshot(p, n, 0, out); });
        break;
    case api_path::stream:
        totals = input_loop(state, src, size, align,
                            [h, &caller_state](const std::uint8_t *p, std::size_t n, std::uint8_t *out) {
                                h->init(caller_state, 0);
                                h->update(caller_state, p, n);
                                h->final(caller_state, out);
                            });
        break;
    case api_path::stream_heap:
        totals =
            input_loop(state, src, size, align, [h, &ours](const std::uint8_t *p, std::size_t n, std::uint8_t *out) {
                void *heap_state = allocate_state(h, ours);
                h->init(heap_state, 0);
                h->update(heap_state, p, n);
                h->final(heap_state, out);
                std::free(heap_state);
            });
        break;
    case api_path::evp_prefetched:
    case api_path::evp_ctx_reuse:
    case api_path::evp_byname: {
        hb_evp_path evp = path == api_path::evp_prefetched  ? HB_EVP_PREFETCHED
                          : path == api_path::evp_ctx_reuse ? HB_EVP_CTX_REUSE
                                                            : HB_EVP_BYNAME;
        totals = input_loop(state, src, size, align, [h, evp](const std::uint8_t *p, std::size_t n, std::uint8_t *out) {
            hb_openssl_digest(h, evp, p, n, out);
        });
        break;
    }
    }

    hb_openssl_alloc_stats(&after);
    report_rates(state, totals.bytes, totals.seconds);
    using benchmark::Counter;
    double allocs = double(after.allocs - before.allocs + ours.allocs);
    double alloc_bytes = double(after.bytes - before.bytes + ours.bytes);
    state.counters["allocs/op"] = Counter(allocs, Counter::kAvgIterations);
    state.counters["B/op"] = Counter(alloc_bytes, Counter::kAvgIterations);
}

} // namespace hb
