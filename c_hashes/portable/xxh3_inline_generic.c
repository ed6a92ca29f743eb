/* xxh3_inline_generic.c — XXH3 inlined with xxHash's own choice of vector path for the build
 * target; backs the "inline" entries where neither the SSE2 (x86-64) nor the NEON (AArch64) variant
 * is built (another CPU architecture, or switched off). It also holds xxh3-64/inline's direct
 * function (hb_direct.h): a key of up to 240 bytes takes the same scalar code in every variant, so
 * a table of keys held by value calls this build by name. */
#define HB_XXH_SUFFIX generic
#include "xxh3_inline_body.h"

#include "hb_direct.h"

/* The direct call of a table of keys held by value (hb_direct.h). */
HB_DIRECT_DEFINE(xxh3_64_inline, hb_xxh3_64_hash64_generic)
