/* published.c — two small tables of published facts, by registry name: breaks and formats. */
#include "published.h"

#include <string.h>

#include "hb_strbuf.h"

static const struct hb_published breaks[] = {
    {"md5", "collisions since 2004 (Wang and Yu) and chosen-prefix collisions since 2007 (Stevens, Lenstra and de "
            "Weger), used to forge a certificate authority in 2008"},
    {"sha1", "a collision published in 2017 (SHAttered, Stevens et al.) and chosen-prefix collisions in 2020 "
             "(\"SHA-1 is a Shambles\", Leurent and Peyrin)"},
};

static const struct hb_published formats[] = {
    {"crc32c", "CRC-32C: iSCSI (RFC 3720), SCTP, ext4 metadata, Btrfs (its default csum), Kafka record batches, "
               "RocksDB block checksums before PR #10778 made XXH3 the default"},
    {"crc32", "CRC-32: gzip, zlib's crc32, PNG, zip, Ethernet"},
    {"crc64-xz", "CRC-64/XZ: xz"},
    {"crc64-redis", "CRC-64/Jones: Redis RDB and DUMP payloads"},
    {"adler32", "Adler-32: zlib streams (RFC 1950)"},
    {"xxh32", "XXH32: LZ4 frames"},
    {"xxh64", "XXH64: Zstandard frames (its low 32 bits), Btrfs (csum xxhash64)"},
    {"xxh3-64", "XXH3: RocksDB block checksums (kXXH3, the default since PR #10778, 2022; crc32c before), which "
                "store 32 bits of it: the check's strength there is 32 bits, not 64"},
    {"sha256", "SHA-256: Btrfs (csum sha256), ZFS (checksum=sha256)"},
    {"blake3", "BLAKE3: ZFS (checksum=blake3)"},
    {"blake2b-512", "BLAKE2b: Btrfs (csum blake2b), with a 256-bit output, not this 512-bit one"},
};

static const char *find_published(const struct hb_published *table, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(table[i].name, name) == 0)
            return table[i].text;
    return NULL;
}

const char *hb_published_break(const char *name)
{
    return find_published(breaks, sizeof breaks / sizeof *breaks, name);
}

const char *hb_published_formats(const char *name)
{
    return find_published(formats, sizeof formats / sizeof *formats, name);
}

void hb_published_formats_list(struct hb_strbuf *out)
{
    for (size_t i = 0; i < sizeof formats / sizeof *formats; i++)
        hb_strbuf_printf(out, "%s%s", i ? "; " : "", formats[i].text);
}
