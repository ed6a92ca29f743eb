/* fixed_random.c — filling buffers from the fixed-seed generator (see fixed_random.h). */
#include "fixed_random.h"

#include <string.h>

void hb_fill_fixed(uint8_t *dst, size_t n, uint64_t seed)
{
    uint64_t state = seed;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t v = hb_splitmix64_next(&state);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        v = __builtin_bswap64(v);
#endif
        memcpy(dst + i, &v, 8);
    }
    if (i < n) {
        uint64_t v = hb_splitmix64_next(&state);
        for (; i < n; i++, v >>= 8)
            dst[i] = (uint8_t)v;
    }
}
