/* xxh3_inline_neon.c — XXH3 inlined with xxhash.h's NEON vector path (compiled with that ISA's
 * flags: none beyond the base architecture, which has Advanced SIMD). The only AArch64 variant:
 * the xxhash.h this build uses (0.8.1, Debian 12) has no SVE path (XXH_SVE arrived in 0.8.2), so
 * an inline-sve entry would run this same NEON code under another name. */
#define HB_XXH_SUFFIX  neon
#define HB_XXH_VECTOR  XXH_NEON
#define HB_XXH_IMPL    "inline-neon"
#define HB_XXH_CPU_REQ HB_CPU_ASIMD
#include "xxh3_inline_body.h"
