/*
 * reference_row.h — the reference row: the reference workload (reference.h) at 16 bytes in
 * cache, through the throughput loop, planned once in the suite that measures the baseline
 * entries (the one whose rows carry size and load and that applies to the reference entry), so
 * that every run with baseline rows, the default run among them, measures the machine's
 * variation. Its repetitions are interleaved with every other row's, so they span the run.
 */
#ifndef HB_REFERENCE_ROW_H
#define HB_REFERENCE_ROW_H

#include <string>

#include "suite.h"

namespace hb {

// Whether suite s plans the reference row.
bool plans_reference_row(const suite &s);

// Appends the reference row (named as s's rows are: <suite>/algo:reference/impl:portable/size:16/load:cpu).
void plan_reference_row(const suite &s, const suite_plan_inputs &in, plan &out);

// The reference row's name in the suite of suites that plans it; "" when none does.
std::string reference_row_name(const suite_list &suites);

} // namespace hb

#endif // HB_REFERENCE_ROW_H
