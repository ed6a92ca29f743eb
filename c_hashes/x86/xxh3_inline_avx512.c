/* xxh3_inline_avx512.c — XXH3 inlined with the avx512 vector path (compiled with that ISA's flags). */
#define HB_XXH_SUFFIX  avx512
#define HB_XXH_VECTOR  XXH_AVX512
#define HB_XXH_IMPL    "inline-avx512"
#define HB_XXH_CPU_REQ HB_CPU_AVX512F
#include "xxh3_inline_body.h"
