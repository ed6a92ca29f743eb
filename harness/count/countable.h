/*
 * countable.h — which registry entries valgrind can count: an entry whose cpu_req names an
 * instruction set valgrind 3.19 does not decode would die on SIGILL, or, behind a dispatcher,
 * silently count another kernel. Decided from the registry's cpu_req alone, so the answer is
 * the same on every host, with or without the instructions.
 */
#ifndef HB_COUNTABLE_H
#define HB_COUNTABLE_H

#include <string>

#include "hb_hash.h"

namespace hb {

// "" when valgrind can run h's code; else the reason, e.g. "needs avx512f".
std::string count_refusal(const hb_hash *h);

// The features no entry may need, as "avx512f, avx512bw, ..." for --help and the docs.
std::string uncountable_features_text();

} // namespace hb

#endif // HB_COUNTABLE_H
