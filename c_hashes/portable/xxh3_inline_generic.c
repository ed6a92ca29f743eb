/* xxh3_inline_generic.c — XXH3 inlined with xxHash's own choice of vector path for the build
 * target; backs the "inline" entries where neither the SSE2 (x86-64) nor the NEON (AArch64) variant
 * is built (another CPU architecture, or switched off). Where one is, nothing refers to this file
 * and the linker leaves it out of the binaries. */
#define HB_XXH_SUFFIX generic
#include "xxh3_inline_body.h"
