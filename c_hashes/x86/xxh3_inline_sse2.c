/* xxh3_inline_sse2.c — XXH3 inlined with the sse2 vector path (compiled with that ISA's flags). */
#define HB_XXH_SUFFIX  sse2
#define HB_XXH_VECTOR  XXH_SSE2
#define HB_XXH_IMPL    "inline-sse2"
#define HB_XXH_CPU_REQ HB_CPU_SSE2
#include "xxh3_inline_body.h"
