/* xalloc.h — hbstat allocates with the wrappers every tool shares (hb_alloc.h): hbstat has nothing
 * sensible to do without memory, so a failure reports and exits (status 2) instead of threading
 * out-of-memory through every caller. */
#ifndef HB_XALLOC_H
#define HB_XALLOC_H

#include "hb_alloc.h"

#endif
