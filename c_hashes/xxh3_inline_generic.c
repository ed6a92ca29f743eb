/* xxh3_inline_generic.c — XXH3 inlined with xxHash's own choice of vector path for the build
 * target; backs the "inline" entries where no x86-64 variants are built. */
#define HB_XXH_SUFFIX generic
#include "xxh3_inline_body.h"
