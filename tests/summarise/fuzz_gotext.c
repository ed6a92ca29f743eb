/* fuzz_gotext.c — libFuzzer target for the Go benchmark text reader: any bytes not starting as JSON,
 * through the whole of hbstat. */
#include <stddef.h>
#include <stdint.h>

#include "fuzz_pipeline.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t skip = 0;
    while (skip < size && (data[skip] == '{' || data[skip] == '[' || data[skip] == ' ' || data[skip] == '\n'))
        skip++; /* those would make it JSON */
    hb_fuzz_pipeline(data + skip, size - skip);
    return 0;
}
