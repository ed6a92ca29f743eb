/*
 * key_rows.h — the size:keys rows over the user's keys (loops/keys.h): throughput load:cpu walks
 * the cache-resident keys, throughput load:ram all of them from DRAM (when they exceed the
 * last-level cache); latency chains the cache-resident keys, each call's pointer depending on the
 * previous call's output; baseline gives noop and memread the same walk.
 */
#ifndef HB_KEY_ROWS_H
#define HB_KEY_ROWS_H

#include <memory>

#include "hb_hash.h"
#include "keys.h"
#include "plan.h"
#include "suite.h"

namespace hb {

// The size:keys rows of entry h in suite s (a row of the suite table names one of these):
// independent calls, load:cpu and, when the keys exceed the last-level cache, load:ram; or
// dependent calls over the cache-resident keys.
void plan_independent_key_rows(const suite &s, const hb_hash *h, const std::shared_ptr<key_inputs> &keys, plan &out);
void plan_dependent_key_rows(const suite &s, const hb_hash *h, const std::shared_ptr<key_inputs> &keys, plan &out);

} // namespace hb

#endif // HB_KEY_ROWS_H
