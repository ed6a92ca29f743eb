/* chunked_file.c — buffered reads with read(2); the buffer holds at most one chunk plus what a reader
 * has not consumed yet (one unfinished line or token). */
#include "chunked_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "xalloc.h"

/* Hands a regular gzip file to zlib. The magic bytes are read with pread, so the descriptor's
 * offset stays at the start for zlib. */
static int open_gzip(struct hb_input *in, char **error)
{
    unsigned char magic[2];
    if (pread(in->fd, magic, 2, 0) != 2 || magic[0] != 0x1f || magic[1] != 0x8b)
        return 0;
    in->gz = gzdopen(in->fd, "rb");
    if (!in->gz) {
        *error = hb_xasprintf("%s: cannot open: %s", in->path, strerror(errno ? errno : ENOMEM));
        return -1;
    }
    gzbuffer(in->gz, 128 * 1024);
    in->regular = false; /* a compressed file is never mapped */
    return 0;
}

/* One read(2), or one gzread for a compressed file: the number of bytes, 0 at the end, or -1 with
 * *error. A compressed stream that stops before its end is an error, not an end of file. */
static ssize_t read_some(struct hb_input *in, char *buf, size_t size, char **error)
{
    if (!in->gz) {
        ssize_t n;
        do
            n = read(in->fd, buf, size);
        while (n < 0 && errno == EINTR);
        if (n < 0)
            *error = hb_xasprintf("%s: cannot read: %s", in->path, strerror(errno));
        return n;
    }
    int n = gzread(in->gz, buf, (unsigned)size), code;
    const char *why = gzerror(in->gz, &code);
    if (why[0] == '<' && strstr(why, ": ")) /* zlib names a descriptor "<fd:3>": the path says it better */
        why = strstr(why, ": ") + 2;
    if (n < 0 && code == Z_ERRNO)
        *error = hb_xasprintf("%s: cannot read: %s", in->path, strerror(errno));
    else if (n < 0)
        *error = hb_xasprintf("%s: cannot read: corrupt gzip data (%s)", in->path, why);
    else if (n == 0 && code == Z_BUF_ERROR)
        *error = hb_xasprintf("%s: truncated: the gzip data ends early", in->path);
    else
        return n;
    return -1;
}

int hb_input_open(struct hb_input *in, const char *path, char **error)
{
    *in = (struct hb_input){.path = path, .fd = -1};
    if (strcmp(path, "-") == 0) {
        in->fd = STDIN_FILENO;
        return 0;
    }
    /* Looked at before it is opened: a directory is refused, and a FIFO is opened without waiting
	 * for a writer (one with none reads as empty), then read as a stream. */
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        *error = hb_xasprintf("%s: is a directory, not a benchmark file", path);
        return -1;
    }
    in->fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    int flags = in->fd < 0 ? -1 : fcntl(in->fd, F_GETFL);
    if (flags < 0 || fcntl(in->fd, F_SETFL, flags & ~O_NONBLOCK) < 0) {
        *error = hb_xasprintf("%s: cannot open: %s", path, strerror(errno));
        if (in->fd >= 0)
            close(in->fd);
        in->fd = -1;
        return -1;
    }
    if (fstat(in->fd, &st) == 0 && S_ISREG(st.st_mode)) {
        in->regular = true;
        in->file_size = (size_t)st.st_size;
        return open_gzip(in, error);
    }
    return 0;
}

long hb_input_fill(struct hb_input *in, char **error)
{
    if (in->eof)
        return 0;
    if (in->buf != in->heap && in->len) {
        /* Leaving a mapped window: copy its unconsumed bytes into the read buffer. */
        hb_grow((void **)&in->heap, &in->cap, in->len + 1, 1);
        memmove(in->heap, in->buf, in->len);
        in->buf = in->heap;
    }
    size_t start = (size_t)(in->buf - in->heap);
    if (start && in->len) {
        memmove(in->heap, in->buf, in->len);
        in->buf = in->heap;
    }
    hb_grow((void **)&in->heap, &in->cap, in->len + HB_INPUT_CHUNK, 1);
    in->buf = in->heap;
    ssize_t n = read_some(in, in->buf + in->len, HB_INPUT_CHUNK, error);
    if (n < 0)
        return -1;
    if (n == 0)
        in->eof = true;
    in->len += (size_t)n;
    return n;
}

void hb_input_consume(struct hb_input *in, size_t n)
{
    in->buf += n;
    in->len -= n;
    in->offset += n;
}

long hb_input_advance(struct hb_input *in, char **error)
{
    if (!in->regular)
        return hb_input_fill(in, error);
    if (in->eof)
        return 0;
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t base = in->offset & ~(page - 1);
    size_t end = in->file_size - base > HB_INPUT_WINDOW ? base + HB_INPUT_WINDOW : in->file_size;
    size_t have = in->offset + in->len;
    if (end <= have) { /* the file is not larger than what is buffered: read to be sure */
        in->regular = false;
        return hb_input_fill(in, error);
    }
    char *map = mmap(NULL, end - base, PROT_READ | PROT_WRITE, MAP_PRIVATE, in->fd, (off_t)base);
    if (map == MAP_FAILED) {
        in->regular = false; /* e.g. a file system without mmap: read instead */
        return hb_input_fill(in, error);
    }
    madvise(map, end - base, MADV_SEQUENTIAL);
    if (in->map)
        munmap(in->map, in->map_len);
    in->map = map;
    in->map_len = end - base;
    in->buf = map + (in->offset - base);
    in->len = end - in->offset;
    in->eof = end == in->file_size;
    return (long)(end - have);
}

void hb_input_close(struct hb_input *in)
{
    if (in->gz)
        gzclose(in->gz); /* closes in->fd too */
    else if (in->fd > STDIN_FILENO)
        close(in->fd);
    if (in->map)
        munmap(in->map, in->map_len);
    free(in->heap);
    *in = (struct hb_input){0};
}

void hb_input_describe_offset(const char *path, size_t offset, char *out, size_t size)
{
    /* zlib reads a file that is not gzipped as it is, so one loop serves both. */
    gzFile f = strcmp(path, "-") != 0 ? gzopen(path, "rbe") : NULL;
    if (!f) {
        snprintf(out, size, "byte offset %zu", offset);
        return;
    }
    char buf[65536];
    size_t pos = 0, line = 1, line_start = 0;
    while (pos < offset) {
        int n = gzread(f, buf, sizeof buf);
        if (n <= 0)
            break;
        size_t use = (size_t)n < offset - pos ? (size_t)n : offset - pos;
        for (const char *p = buf; (p = memchr(p, '\n', use - (size_t)(p - buf))); p++) {
            line++;
            line_start = pos + (size_t)(p - buf) + 1;
        }
        pos += use;
    }
    gzclose(f);
    snprintf(out, size, "line %zu, column %zu", line, offset - line_start + 1);
}
