/*
 * fidelity_goals.c — the goals of every fidelity check (fidelity_goals.h), one row each.
 */
#include "fidelity_goals.h"

#include <string.h>

static const struct hb_goal goals[] = {
    /* hashbench against the reference tools: the same library code, so the same speed */
    {"openssl", "within 5%", HB_GOAL_WITHIN, 0.95, 1.05,
     "the same OpenSSL EVP code timed by openssl speed; only the clocks differ"},
    {"blake2-best", "at least 0.95", HB_GOAL_AT_LEAST, 0.95, 0,
     "the name's default (the faster of OpenSSL and libb2 here) is at least as fast as openssl speed"},
    {"blake3-official-c", "within 10%", HB_GOAL_WITHIN, 0.90, 1.10,
     "blake3/official is the official C's own hasher behind the registry; the same loop called directly"},
    {"blake3-b3sum", "at least 0.9", HB_GOAL_AT_LEAST, 0.90, 0,
     "b3sum (Rust, same SIMD kernels) streams a page-cached file; ours hashes 64 KiB in cache"},
    {"xxh3-xxhsum", "at least 1.2", HB_GOAL_AT_LEAST, 1.20, 0,
     "xxh3-64/inline runs the widest vector path here; Debian's xxhsum is built for the baseline (-V: autoVec)"},
    {"xxh64-xxhsum", "within 10%", HB_GOAL_WITHIN, 0.90, 1.10, "the same libxxhash XXH64 timed by xxhsum -b"},
    /* hashbench's own floors and ceilings */
    {"crc32c-sse42", "at least 20 GB/s", HB_GOAL_AT_LEAST, 20e9, 0,
     "a floor for crc32c/sse42's interleaved crc32 streams at 64 KiB"},
    {"noop", "at most 1.5 ns", HB_GOAL_AT_MOST, 0, 1.5, "a call through the registry and nothing else"},
    {"memread-ram", "at most 0.3", HB_GOAL_AT_MOST, 0, 0.3, "RAM mode must read DRAM, not the cache"},
    {"latency", "within 15%", HB_GOAL_WITHIN, 0.85, 1.15,
     "the latency suite against a minimal chain of the same function, the next key chosen by the result"},
    {"clock", "within 0.5% on every row", HB_GOAL_AT_MOST, 0, 1.005,
     "B/s and sec/op come from one clock: their product is the bytes per hash"},
    {"memread-loop", "at least 0.9", HB_GOAL_AT_LEAST, 0.90, 0,
     "memread against a vector load loop written here: the ceiling is the machine's, not the harness's"},
    {"ceiling-cpu", "not above memread", HB_GOAL_AT_MOST, 0, 1.0, "no hash reads faster than memread reads"},
    {"ceiling-ram", "not above memread + 5%", HB_GOAL_AT_MOST, 0, 1.05,
     "from DRAM every call waits on the memory, hash or memread alike: within the noise of DRAM rows"},
    {"mulchain", "within 5%", HB_GOAL_WITHIN, 0.95, 1.05,
     "1000 dependent 3-cycle multiplies: the calibrated clock must read 3000 core cycles"},
    /* hashbench's table rows against a minimal program of the same design (fidelity_tables.c) */
    {"table-hit", "within 0.8-1.25", HB_GOAL_WITHIN, 0.8, 1.25,
     "a successful lookup in hashbench's table row against hbtableref's, the same design and keys"},
    /* folding CRCs and SHA-NI against the libraries they replace */
    {"fold-vs-isal", "at least 1.0", HB_GOAL_AT_LEAST, 1.0, 0, "our folding CRCs at least as fast as ISA-L"},
    {"default-vs-sse42", "at least 1.0", HB_GOAL_AT_LEAST, 1.0, 0,
     "crc32c's default at 16 B at least as fast as the crc32 instruction alone"},
    {"shani-short", "at least 1.5", HB_GOAL_AT_LEAST, 1.5, 0,
     "on short inputs SHA-NI without OpenSSL's EVP overhead is well ahead"},
    {"shani-long", "at least 0.95", HB_GOAL_AT_LEAST, 0.95, 0, "on 64 KiB the same instructions as OpenSSL's"},
};

const struct hb_goal *hb_goal_find(const char *id)
{
    for (size_t i = 0; i < sizeof goals / sizeof goals[0]; i++)
        if (strcmp(goals[i].id, id) == 0)
            return &goals[i];
    return NULL;
}

bool hb_goal_met(const struct hb_goal *goal, double value)
{
    switch (goal->kind) {
    case HB_GOAL_WITHIN: return value >= goal->lo && value <= goal->hi;
    case HB_GOAL_AT_LEAST: return value >= goal->lo;
    case HB_GOAL_AT_MOST: return value <= goal->hi;
    }
    return false;
}
