/*
 * memory_rows.h — the rows the throughput and baseline suites share: independent calls over
 * memory, one row per size and load, at the same default sizes.
 */
#ifndef HB_MEMORY_ROWS_H
#define HB_MEMORY_ROWS_H

#include <vector>

#include "suite.h"

namespace hb {

// 16 B to 1 MiB and rand1-32.
std::vector<size_spec> memory_sizes();

// One row per case: the throughput loop over the hot buffer (load:cpu) or the RAM pool (load:ram).
void plan_memory_rows(const suite &s, const hb_hash *h, const suite_plan_inputs &in, plan &out);

} // namespace hb

#endif // HB_MEMORY_ROWS_H
