/* fuzz_keyfile.c — libFuzzer target for the key-file reader that hbspread's file: keyset and
 * hashbench --keys share (keys/user_keys.c): the bytes after the first are the file (a memfd,
 * read through its /proc/self/fd path, as a user's file is), the first byte picks the format
 * (lines, nul, fixed:1..16). Checks what must hold for any input: a refusal only for an empty file
 * or a fixed:N size that is not a multiple of N; every key inside the kept bytes, free of its
 * separator; the key count that of a plain count of the input. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "user_keys.h"

static size_t plain_key_count(const uint8_t *data, size_t size, uint8_t sep)
{
    size_t keys = 0;
    for (size_t i = 0; i < size; i++)
        keys += data[i] == sep;
    return keys + (size && data[size - 1] != sep);
}

int LLVMFuzzerTestOneInput(const uint8_t *input, size_t input_size)
{
    if (input_size == 0)
        return 0;
    enum hb_keys_format format = input[0] % 3 == 0   ? HB_KEYS_FORMAT_LINES
                                 : input[0] % 3 == 1 ? HB_KEYS_FORMAT_NUL
                                                     : HB_KEYS_FORMAT_FIXED;
    size_t width = format == HB_KEYS_FORMAT_FIXED ? 1 + (size_t)(input[0] >> 4) : 0;
    const uint8_t *data = input + 1;
    size_t size = input_size - 1;
    static int fd = -1;
    if (fd < 0)
        fd = memfd_create("fuzz_keyfile", 0);
    if (fd < 0 || ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != (ssize_t)size)
        abort();
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);

    struct hb_user_keys keys;
    char err[512];
    if (!hb_user_keys_read(path, format, width, &keys, err, sizeof err)) {
        if (size != 0 && !(format == HB_KEYS_FORMAT_FIXED && size % width != 0))
            abort(); /* refused a valid file */
        return 0;
    }
    if (keys.sampled || keys.n != keys.file_keys)
        abort(); /* a fuzz input is far below the limits: every key is kept */
    size_t bytes = 0;
    for (size_t i = 0; i < keys.n; i++) {
        if (keys.start[i] + keys.len[i] > keys.total_bytes)
            abort();
        const uint8_t *k = keys.bytes + keys.start[i];
        if (format == HB_KEYS_FORMAT_FIXED && keys.len[i] != width)
            abort();
        if (format != HB_KEYS_FORMAT_FIXED && memchr(k, format == HB_KEYS_FORMAT_NUL ? 0 : '\n', keys.len[i]))
            abort();
        bytes += keys.len[i];
    }
    size_t want = format == HB_KEYS_FORMAT_FIXED ? size / width
                                                 : plain_key_count(data, size, format == HB_KEYS_FORMAT_NUL ? 0 : '\n');
    if (keys.n != want || bytes != keys.total_bytes)
        abort();
    hb_user_keys_duplicates(&keys);
    hb_user_keys_free(&keys);
    return 0;
}
