/*
 * make_keys.c — key sets of known shapes for the advisor's acceptance runs and tests
 * (docs/advice.md, "Key sets"), from SplitMix64 with fixed seeds, so that a run can be repeated:
 *
 *   make_keys pointers N   N distinct page-aligned 64-bit pointers, 8 bytes each, little-endian as
 *                          they sit in memory (--keys-format fixed:8): pages of a heap region
 *                          handed out in address order, with a gap of 0 to 3 pages between them
 *   make_keys uuids N      N random (version 4) UUIDs, 16 bytes each (--keys-format fixed:16)
 *   make_keys urls N       N distinct URLs, one per line: scheme, host from a small set of sites,
 *                          a path of 1 to 4 words, and a query on some of them
 *   make_keys ids N        N sequential 64-bit ids from 1000000, 8 bytes each, little-endian
 *                          (--keys-format fixed:8)
 *   make_keys records N    N random 4096-byte records (--keys-format fixed:4096)
 *
 * Words and file paths need no generator: /usr/share/dict/words (package wamerican) and
 * `find /usr -type f`.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hb_splitmix64.h"

static void put_le64(FILE *out, uint64_t v)
{
    unsigned char b[8];
    for (int i = 0; i < 8; i++)
        b[i] = (unsigned char)(v >> (8 * i));
    fwrite(b, 1, sizeof b, out);
}

static void pointers(uint64_t n)
{
    uint64_t state = 0x706f696e74657273u, address = 0x00007f3a5c000000u; /* a typical mmap region */
    for (uint64_t i = 0; i < n; i++) {
        put_le64(stdout, address);
        address += 4096 * (1 + hb_splitmix64_next(&state) % 4);
    }
}

static void uuids(uint64_t n)
{
    uint64_t state = 0x7575696473u;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t hi = hb_splitmix64_next(&state), lo = hb_splitmix64_next(&state);
        hi = (hi & ~(uint64_t)0xf000) | 0x4000;                       /* version 4 */
        lo = (lo & ~((uint64_t)0xc0 << 56)) | ((uint64_t)0x80 << 56); /* variant 10 */
        unsigned char b[16];
        for (int k = 0; k < 8; k++) {
            b[k] = (unsigned char)(hi >> (56 - 8 * k));
            b[8 + k] = (unsigned char)(lo >> (56 - 8 * k));
        }
        fwrite(b, 1, sizeof b, stdout);
    }
}

static void urls(uint64_t n)
{
    static const char *const hosts[] = {
        "www.example.com",    "shop.example.com",  "api.example.org",    "cdn.example.net",
        "news.example.co.uk", "docs.example.dev",  "blog.example.io",    "mail.example.com",
        "static.example.org", "m.example.com",     "images.example.net", "wiki.example.org",
        "forum.example.com",  "status.example.io", "login.example.com",  "search.example.com",
    };
    static const char *const words[] = {
        "products", "item",    "category", "user",   "profile", "settings", "search",  "article", "2024",   "2025",
        "news",     "sports",  "weather",  "images", "video",   "download", "docs",    "api",     "v1",     "v2",
        "orders",   "cart",    "checkout", "help",   "faq",     "about",    "contact", "blog",    "post",   "tags",
        "archive",  "reviews", "compare",  "deals",  "account", "login",    "logout",  "static",  "assets", "css",
    };
    enum { NHOSTS = sizeof hosts / sizeof *hosts, NWORDS = sizeof words / sizeof *words };
    uint64_t state = 0x75726c73u;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t r = hb_splitmix64_next(&state);
        printf("%s://%s", r & 1 ? "https" : "http", hosts[(r >> 1) % NHOSTS]);
        unsigned segments = 1 + (unsigned)((r >> 8) % 4);
        for (unsigned s = 0; s < segments; s++)
            printf("/%s", words[hb_splitmix64_next(&state) % NWORDS]);
        /* The running number makes every URL distinct, as ids in real paths do. */
        printf("/%llu", (unsigned long long)i);
        if ((r >> 16) % 3 == 0)
            printf("?ref=%s&page=%u", words[(r >> 20) % NWORDS], (unsigned)((r >> 28) % 50));
        putchar('\n');
    }
}

static void ids(uint64_t n)
{
    for (uint64_t i = 0; i < n; i++)
        put_le64(stdout, 1000000 + i);
}

static void records(uint64_t n)
{
    uint64_t state = 0x7265636f726473u;
    for (uint64_t i = 0; i < n * 4096 / 8; i++)
        put_le64(stdout, hb_splitmix64_next(&state));
}

int main(int argc, char **argv)
{
    char *end;
    unsigned long long n = argc == 3 ? strtoull(argv[2], &end, 10) : 0;
    if (argc != 3 || *end != '\0' || n == 0 || n > 100000000ull) {
        fprintf(stderr, "usage: make_keys pointers|uuids|urls|ids|records N (N from 1 to 100000000)\n");
        return 2;
    }
    if (strcmp(argv[1], "pointers") == 0)
        pointers(n);
    else if (strcmp(argv[1], "uuids") == 0)
        uuids(n);
    else if (strcmp(argv[1], "urls") == 0)
        urls(n);
    else if (strcmp(argv[1], "ids") == 0)
        ids(n);
    else if (strcmp(argv[1], "records") == 0 && n > 1000000) {
        fprintf(stderr, "make_keys: records: %llu is more than 1000000 records of 4 KiB\n", n);
        return 2;
    } else if (strcmp(argv[1], "records") == 0)
        records(n);
    else {
        fprintf(stderr, "make_keys: unknown key set '%s' (pointers, uuids, urls, ids, records)\n", argv[1]);
        return 2;
    }
    return fflush(stdout) == 0 ? 0 : 2;
}
