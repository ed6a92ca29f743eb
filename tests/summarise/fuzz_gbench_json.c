/* fuzz_gbench_json.c — libFuzzer target for the Google Benchmark JSON reader (and the NaN/Infinity
 * pass before it): any bytes, starting as JSON, through the whole of hbstat. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_pipeline.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* Make the format detection pick JSON, so the fuzzer explores the JSON reader. */
    uint8_t *json = malloc(size + 1);
    json[0] = '{';
    memcpy(json + 1, data, size);
    hb_fuzz_pipeline(json, size + 1);
    free(json);
    return 0;
}
