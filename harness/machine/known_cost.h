/*
 * known_cost.h — what the baseline suite's row of known cost (mulchain, c_hashes/portable/
 * mulchain.c) should read on this core: HB_MULCHAIN_MULS dependent 64-bit multiplies, each costing
 * the core's multiply latency. Its cycles/hash checks the core-clock calibration.
 */
#ifndef HB_KNOWN_COST_H
#define HB_KNOWN_COST_H

#include <string>

namespace hb {

struct known_cost {
    double cycles = 0;    // the chain's core cycles; 0 when this core's latency is not known
    unsigned latency = 0; // one 64-bit multiply's latency in core cycles; 0 when not known
    std::string basis;    // where the latency comes from, or why it is not known
};

// x86-64: 3 cycles (imul r64 on every current x86-64 core). AArch64: the MUL (X-form) latency of
// the core type named by MIDR_EL1, from its vendor's software optimization guide, or unknown.
known_cost mulchain_known_cost();

// The row's label: "known cost: 3000 core cycles (...)" or "known cost: unknown (...)".
std::string known_cost_label(const known_cost &k);

} // namespace hb

#endif // HB_KNOWN_COST_H
