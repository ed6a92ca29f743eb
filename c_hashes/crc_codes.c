/*
 * crc_codes.c — the table of hb_crc_distance.h: every CRC of the registry, its generator as the
 * catalogues give it (tests/c_hashes/test_crc_distance.c runs the table's parameters bit by bit
 * against the registry's code), and its profile as `hbsum --hamming -a NAME` computes it. The
 * 32-bit profiles are complete to weight 8 and are recomputed by the test; the 64-bit ones hold
 * how far the search went (its bounds in --help), and the test recomputes weights 2 to 4 up to
 * 512-byte records.
 */
#include "hb_crc_distance.h"

#include <string.h>

/* One weight's result: a least degree found, none below a degree searched, none at any length. */
#define FOUND(d)                                                                                                       \
    {                                                                                                                  \
        (d), (d)                                                                                                       \
    }
#define NONE_BELOW(s)                                                                                                  \
    {                                                                                                                  \
        0, (s)                                                                                                         \
    }
#define NEVER                                                                                                          \
    {                                                                                                                  \
        0, HB_CRC_NEVER                                                                                                \
    }

#define BY_HBSUM(name, bounds) "hbsum --hamming -a " name " (" bounds ")"
#define ALL_FOUND              "every weight from 2 to 8 found, so exact at every length"
#define SEARCHED_64                                                                                                    \
    "multiples searched to degree 2^36 for weight 2, 2^21 for weight 3, 2^16 for weight 4 and as far as 2^21 "         \
    "partial sums reach for the heavier ones"

const struct hb_crc_code hb_crc_codes[] = {
    {
        .name = "crc32",
        .catalogue = "CRC-32/ISO-HDLC",
        .width = 32,
        .poly = 0x04C11DB7,
        .reflected = true,
        .init = 0xFFFFFFFF,
        .xorout = 0xFFFFFFFF,
        .weights = {[2] = FOUND(UINT64_C(4294967295)),
                    [3] = FOUND(91639),
                    [4] = FOUND(3006),
                    [5] = FOUND(300),
                    [6] = FOUND(203),
                    [7] = FOUND(123),
                    [8] = FOUND(89)},
        .computed = BY_HBSUM("crc32", ALL_FOUND),
        .published = "Koopman's CRC zoo, 0x82608edb (his notation of 0x04C11DB7): HD 3, 4, 5, 6, 7, 8, 9 up to "
                     "4294967263, 91607, 2974, 268, 171, 91, 57 data bits",
    },
    {
        .name = "crc32c",
        .catalogue = "CRC-32/ISCSI",
        .width = 32,
        .poly = 0x1EDC6F41,
        .reflected = true,
        .init = 0xFFFFFFFF,
        .xorout = 0xFFFFFFFF,
        .weights = {[2] = FOUND(UINT64_C(2147483647)),
                    [3] = NEVER,
                    [4] = FOUND(5275),
                    [5] = NEVER,
                    [6] = FOUND(209),
                    [7] = NEVER,
                    [8] = FOUND(79)},
        .computed = BY_HBSUM("crc32c", "every even weight from 2 to 8 found, the odd ones impossible: exact at "
                                       "every length"),
        .published = "Koopman, \"32-Bit Cyclic Redundancy Codes for Internet Applications\" (DSN 2002), "
                     "0x8F6E37A0 (his notation of 0x1EDC6F41, iSCSI): HD 4 up to 2147483615 data bits, HD 6 up to "
                     "5243",
    },
    {
        .name = "crc64-xz",
        .catalogue = "CRC-64/XZ",
        .width = 64,
        .poly = UINT64_C(0x42F0E1EBA9EA3693),
        .reflected = true,
        .init = UINT64_MAX,
        .xorout = UINT64_MAX,
        .weights = {[2] = FOUND(UINT64_C(8589606914)),
                    [3] = NEVER,
                    [4] = NONE_BELOW(UINT64_C(1) << 16),
                    [5] = NEVER,
                    [6] = NONE_BELOW(2050),
                    [7] = NEVER,
                    [8] = NONE_BELOW(235)},
        .computed =
            BY_HBSUM("crc64-xz", SEARCHED_64 "; the order of x modulo its generator is 8589606914: an error of two "
                                             "bits that far apart passes"),
    },
    {
        .name = "crc64-go-iso",
        .catalogue = "CRC-64/GO-ISO",
        .width = 64,
        .poly = UINT64_C(0x000000000000001B),
        .reflected = true,
        .init = UINT64_MAX,
        .xorout = UINT64_MAX,
        .weights = {[2] = NONE_BELOW(UINT64_C(1) << 36),
                    [3] = NONE_BELOW(UINT64_C(1) << 21),
                    [4] = NONE_BELOW(UINT64_C(1) << 16),
                    [5] = FOUND(64),
                    [6] = FOUND(65),
                    [7] = FOUND(70),
                    [8] = FOUND(66)},
        .computed = BY_HBSUM("crc64-go-iso", SEARCHED_64 "; its generator x^64 + x^4 + x^3 + x + 1 is itself the "
                                                         "multiple of weight 5"),
    },
    {
        .name = "crc64-redis",
        .catalogue = "CRC-64/REDIS",
        .width = 64,
        .poly = UINT64_C(0xAD93D23594C935A9),
        .reflected = true,
        .init = 0,
        .xorout = 0,
        .weights = {[2] = NONE_BELOW(UINT64_C(1) << 36),
                    [3] = NONE_BELOW(UINT64_C(1) << 21),
                    [4] = NONE_BELOW(UINT64_C(1) << 16),
                    [5] = NONE_BELOW(2050),
                    [6] = NONE_BELOW(2050),
                    [7] = NONE_BELOW(235),
                    [8] = NONE_BELOW(235)},
        .computed = BY_HBSUM("crc64-redis", SEARCHED_64),
    },
    {.name = NULL},
};

const struct hb_crc_code *hb_crc_code(const char *name)
{
    for (const struct hb_crc_code *c = hb_crc_codes; c->name; c++)
        if (strcmp(c->name, name) == 0)
            return c;
    return NULL;
}
