/*
 * fidelity_loads.h — vector load loops, one file per instruction set (compiled with that set's
 * flags only), widest first: the memory-read ceiling measured without the harness.
 */
#ifndef HB_FIDELITY_LOADS_H
#define HB_FIDELITY_LOADS_H

#include <stddef.h>

struct hb_loads {
    const char *isa;
    /* reads len bytes at buf (len a multiple of 128) reps times, XOR-folding every load */
    void (*run)(const unsigned char *buf, size_t len, long reps);
};

/* The widest loop this CPU runs. */
const struct hb_loads *hb_loads_widest(void);

void hb_loads_avx512(const unsigned char *buf, size_t len, long reps);
void hb_loads_avx2(const unsigned char *buf, size_t len, long reps);
void hb_loads_neon(const unsigned char *buf, size_t len, long reps);
void hb_loads_scalar(const unsigned char *buf, size_t len, long reps);

#endif /* HB_FIDELITY_LOADS_H */
