/* fuzz_check_list.c — libFuzzer target for hbsum -c's list reader: the bytes after the first are
 * a list, read line by line through a pipe-like descriptor (a memfd) and each line parsed for a
 * digest of the length the first byte picks. Checks: the lines returned put back together are the
 * input; no line passes the bound or holds its newline; a parsed line gives a lower-case digest of
 * the right length and a non-empty name. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "check_list.h"

static const size_t hex_lengths[] = {8, 16, 32, 40, 64, 128};

int LLVMFuzzerTestOneInput(const uint8_t *input, size_t size)
{
    if (size == 0)
        return 0;
    size_t hex_len = hex_lengths[input[0] % (sizeof hex_lengths / sizeof hex_lengths[0])];
    const char *data = (const char *)input + 1;
    size--;
    static int fd = -1;
    if (fd < 0)
        fd = memfd_create("fuzz_check_list", 0);
    if (fd < 0 || ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != (ssize_t)size || lseek(fd, 0, SEEK_SET) != 0)
        abort();

    struct hb_line_reader reader;
    hb_line_reader_init(&reader, fd);
    size_t at = 0; /* how much of the input the lines so far cover */
    char *line;
    size_t len;
    enum hb_line_result got;
    while ((got = hb_line_next(&reader, &line, &len)) == HB_LINE_OK) {
        if (len > HB_CHECK_MAX_LINE || memchr(line, '\n', len) || line[len] != '\0')
            abort();
        if (at + len > size || memcmp(line, data + at, len) != 0)
            abort();
        at += len;
        if (at < size) {
            if (data[at] != '\n')
                abort();
            at++;
        }
        char *hex;
        char *name = hb_check_line_parse(line, len, hex_len, &hex);
        if (name == NULL)
            continue;
        if (strlen(hex) != hex_len || *name == '\0' || memchr(line, '\0', len) != hex + hex_len)
            abort();
        for (size_t i = 0; i < hex_len; i++)
            if (!strchr("0123456789abcdef", hex[i]))
                abort();
    }
    if (got == HB_LINE_READ_ERROR)
        abort();
    if (got == HB_LINE_END && at != size)
        abort(); /* a part of the input was never returned */
    if (got == HB_LINE_TOO_LONG) {
        const char *nl = memchr(data + at, '\n', size - at);
        if ((size_t)((nl ? nl : data + size) - (data + at)) <= HB_CHECK_MAX_LINE)
            abort(); /* refused a line within the bound */
    }
    hb_line_reader_free(&reader);
    return 0;
}
