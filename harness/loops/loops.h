/*
 * loops.h — one benchmark body per kind of measurement. Each runs Google Benchmark's loop with one
 * hash per iteration, calls the entry through its descriptor's function pointers, and reports the
 * rate counters. They are callable from tests with any struct hb_hash.
 */
#ifndef HB_LOOPS_H
#define HB_LOOPS_H

#include <cstddef>
#include <string>

#include <benchmark/benchmark.h>

#include "hb_hash.h"
#include "input_loop.h"
#include "sizes.h"

namespace hb {

// Independent hashes over the slices (throughput and baseline suites): through hash64 where the
// entry has it (the result stays in a register), else oneshot into a digest buffer.
void throughput_loop(benchmark::State &state, const hb_hash *h, const slices &src, const size_spec &size, int align);

// Dependent hashes: the next key starts (previous result mod 64) bytes into a buffer of its own,
// filled from the fixed seed and small enough to stay in cache, so a call cannot start before the
// previous one has returned. That address is the only dependency: with hash64 the result never
// leaves a register; a digest (no hash64) is written to a buffer and its first 8 bytes read back.
void latency_loop(benchmark::State &state, const hb_hash *h, const size_spec &size);

// The API paths of the api suite.
enum class api_path { oneshot, stream, stream_heap, evp_prefetched, evp_ctx_reuse, evp_byname };
constexpr api_path all_api_paths[] = {api_path::oneshot,        api_path::stream,        api_path::stream_heap,
                                      api_path::evp_prefetched, api_path::evp_ctx_reuse, api_path::evp_byname};
const char *api_path_name(api_path path); // "oneshot", "stream-heap", "evp-byname", ...
bool api_path_applies(api_path path, const hb_hash *h);

// One hash per iteration through path, over the hot slices; reports B/op and allocs/op besides
// the rates (OpenSSL's allocations as its memory functions count them, ours where we allocate).
void api_loop(benchmark::State &state, const hb_hash *h, api_path path, const slices &src, const size_spec &size,
              int align);

// Hash the file at path through init/update/final per iteration: open, read(2) chunk bytes at a
// time, close (stream_read_loop); or open, mmap, one update per chunk bytes of the mapping,
// munmap, close (stream_mmap_loop). Pre-condition: h streams.
void stream_read_loop(benchmark::State &state, const hb_hash *h, const std::string &path, std::size_t chunk);
void stream_mmap_loop(benchmark::State &state, const hb_hash *h, const std::string &path, std::size_t chunk);

} // namespace hb

#endif // HB_LOOPS_H
