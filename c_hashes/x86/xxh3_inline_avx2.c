/* xxh3_inline_avx2.c — XXH3 inlined with the avx2 vector path (compiled with that ISA's flags). */
#define HB_XXH_SUFFIX  avx2
#define HB_XXH_VECTOR  XXH_AVX2
#define HB_XXH_IMPL    "inline-avx2"
#define HB_XXH_CPU_REQ HB_CPU_AVX2
#include "xxh3_inline_body.h"
