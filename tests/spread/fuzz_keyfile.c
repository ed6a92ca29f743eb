/* fuzz_keyfile.c — libFuzzer target for the file: keyset's reader: the bytes are fed to the line
 * scanner in chunks whose sizes the first byte picks (as a pipe delivers them), then indexed as a
 * mapped file is. Checks what must hold for any input: the scan agrees with a plain count, every
 * key is a line of the input without its '\n', and no two kept keys are equal. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "spread.h"

static size_t plain_line_count(const uint8_t *data, size_t size)
{
    size_t lines = 0;
    for (size_t i = 0; i < size; i++)
        lines += data[i] == '\n';
    return lines + (size && data[size - 1] != '\n');
}

int LLVMFuzzerTestOneInput(const uint8_t *input, size_t input_size)
{
    if (input_size == 0)
        return 0;
    size_t chunk = 1 + input[0] % 17; /* small chunks split lines at every place */
    const uint8_t *data = input + 1;
    size_t size = input_size - 1;
    uint8_t *copy = malloc(size ? size : 1); /* exact size, so ASan sees any read past the end */
    memcpy(copy, data, size);

    struct hb_keyfile_scan scan;
    hb_keyfile_scan_init(&scan);
    char err[256];
    bool ok = true;
    for (size_t at = 0; ok && at < size; at += chunk)
        ok = hb_keyfile_scan_feed(&scan, copy + at, size - at < chunk ? size - at : chunk, "fuzz", err, sizeof err);
    if (!ok || !hb_keyfile_scan_finish(&scan, "fuzz", err, sizeof err)) {
        if (size != 0 && plain_line_count(copy, size) <= HB_MAX_KEYS && size <= HB_MAX_KEY_LENGTH)
            abort(); /* refused an input within every limit */
        free(copy);
        return 0;
    }
    if (scan.lines != plain_line_count(copy, size) || scan.bytes + scan.lines - (copy[size - 1] != '\n') != size)
        abort();

    struct hb_keyset ks = {0};
    hb_keyset_index_lines(&ks, copy, size, scan.lines);
    if (ks.n + ks.duplicates != scan.lines || ks.n == 0)
        abort();
    for (size_t i = 0; i < ks.n; i++) {
        if (ks.start[i] + ks.len[i] > size || memchr(copy + ks.start[i], '\n', ks.len[i]))
            abort();
        if (ks.start[i] + ks.len[i] < size && copy[ks.start[i] + ks.len[i]] != '\n')
            abort();
        if (i && ks.start[i] <= ks.start[i - 1])
            abort(); /* file order kept */
    }
    if (ks.n <= 256) /* distinct, by brute force */
        for (size_t i = 0; i < ks.n; i++)
            for (size_t j = i + 1; j < ks.n; j++)
                if (ks.len[i] == ks.len[j] && memcmp(copy + ks.start[i], copy + ks.start[j], ks.len[i]) == 0)
                    abort();
    free(ks.start);
    free(ks.len);
    free(copy);
    return 0;
}
