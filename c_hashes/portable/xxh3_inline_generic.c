/* xxh3_inline_generic.c — XXH3 inlined with xxHash's own choice of vector path for the build
 * target; backs the "inline" entries where the SSE2 variant is not built (another CPU
 * architecture, or -DHB_WITH_SSE2=OFF). Where it is, nothing refers to this file and the linker
 * leaves it out of the binaries. */
#define HB_XXH_SUFFIX generic
#include "xxh3_inline_body.h"
