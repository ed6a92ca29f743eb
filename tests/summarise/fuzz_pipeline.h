/* fuzz_pipeline.h — what the input fuzzers share: run one input through hbstat from reading to
 * every output format, as if it were given twice (so that comparisons run too), then ranked. */
#ifndef HB_FUZZ_PIPELINE_H
#define HB_FUZZ_PIPELINE_H

#include <stddef.h>
#include <stdint.h>

/* Writes data to an in-memory file and summarises it. Errors in the input are expected and
 * ignored; only crashes, leaks and undefined behaviour are findings. */
void hb_fuzz_pipeline(const uint8_t *data, size_t size);

#endif
