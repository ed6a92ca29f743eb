/*
 * test_cross_arch.c — property: every entry gives the same output on every CPU architecture. Over
 * a fixed-seed buffer, each hash's outputs at every length 0..4097 (seeded entries with a seed
 * drawn from the length) are summarised by one SHA-256 (OpenSSL's), and its output at 1 MiB kept
 * whole; cross_arch_digests.txt holds both for every name, written by the x86-64 build from the
 * name's implementation that needs no CPU feature (portable C or a library; for a name without
 * one, GxHash, its default). Every entry this CPU
 * runs, on whatever architecture the build is for (the AArch64 entries under qemu-user among them),
 * must match its name's line; a mismatch names the first length at which it differs from that
 * implementation in the same binary. Names without a line, and lines without an entry here, are
 * reported by name, never passed over.
 *
 *   test_cross_arch DIGESTS            check
 *   test_cross_arch --write DIGESTS    write the file (on x86-64, after a change of the buffer or
 *                                      a new name)
 */
#include "test_support.h"

#define SWEEP     4097
#define LONG      (1024 * 1024)
#define MAX_NAMES 128

static uint8_t *buffer;
static const char *digests_path;

/* The seed of the output at len: every seeded entry takes one that changes with the length. */
static uint64_t seed_for(const struct hb_hash *h, size_t len)
{
    if (h->seed_bits == 0)
        return 0;
    uint64_t seed = (uint64_t)len * UINT64_C(0x9E3779B97F4A7C15);
    return h->seed_bits == 32 ? seed & UINT32_MAX : seed;
}

/* The line of h: the SHA-256 of its outputs at lengths 0..SWEEP and its output at LONG, in hex. */
static void summarise(const struct hb_hash *h, char *sweep_hex, char *long_hex)
{
    const struct hb_hash *sha = hb_lookup("sha256/openssl");
    assert_non_null(sha);
    test_state st;
    sha->init(st.bytes, 0);
    uint8_t out[HB_MAX_OUT_BYTES];
    for (size_t len = 0; len <= SWEEP; len++) {
        h->oneshot(buffer, len, seed_for(h, len), out);
        sha->update(st.bytes, out, h->out_bits / 8);
    }
    uint8_t digest[32];
    sha->final(st.bytes, digest);
    hb_hex(digest, sizeof digest, sweep_hex);
    h->oneshot(buffer, LONG, seed_for(h, LONG), out);
    hb_hex(out, h->out_bits / 8, long_hex);
}

/* The name's implementation that needs no CPU feature: what the file was written from. */
static const struct hb_hash *reference_of(const char *name)
{
    const struct hb_hash *impls[32];
    size_t n = hb_select(name, impls, 32);
    for (size_t i = 0; i < n && i < 32; i++)
        if (impls[i]->cpu_req == 0)
            return impls[i];
    return NULL;
}

struct line {
    char name[64], sweep[2 * 32 + 1], at_long[2 * HB_MAX_OUT_BYTES + 1];
    bool seen;
};

static size_t read_lines(struct line *lines)
{
    FILE *f = fopen(digests_path, "r");
    if (f == NULL)
        fail_msg("%s: cannot read it", digests_path);
    char text[512];
    size_t n = 0;
    while (fgets(text, sizeof text, f) != NULL) {
        if (text[0] == '#' || text[0] == '\n')
            continue;
        if (n == MAX_NAMES || sscanf(text, "%63s %64s %128s", lines[n].name, lines[n].sweep, lines[n].at_long) != 3)
            fail_msg("%s: bad line '%s'", digests_path, text);
        lines[n++].seen = false;
    }
    fclose(f);
    return n;
}

/* The first length at which h and ref differ, or SIZE_MAX. */
static size_t first_difference(const struct hb_hash *h, const struct hb_hash *ref)
{
    uint8_t a[HB_MAX_OUT_BYTES], b[HB_MAX_OUT_BYTES];
    for (size_t len = 0; len <= SWEEP; len++) {
        h->oneshot(buffer, len, seed_for(h, len), a);
        ref->oneshot(buffer, len, seed_for(ref, len), b);
        if (memcmp(a, b, h->out_bits / 8) != 0)
            return len;
    }
    return SIZE_MAX;
}

static void test_outputs_match_the_digests(void **unused)
{
    (void)unused;
    static struct line lines[MAX_NAMES];
    size_t n = read_lines(lines), checked = 0, failed = 0;
    for (size_t i = 0; i < hb_registry_len; i++) {
        const struct hb_hash *h = hb_registry[i];
        if (h->kind == HB_KIND_BASELINE) /* not hashes: their implementations need not agree */
            continue;
        if (h->output == HB_OUTPUT_PER_PROCESS) {
            print_message("not checked: %s/%s, its output is salted per process\n", h->name, h->impl);
            continue;
        }
        struct line *want = NULL;
        for (size_t l = 0; l < n && want == NULL; l++)
            if (strcmp(lines[l].name, h->name) == 0)
                want = &lines[l];
        if (want == NULL) {
            print_message("not checked: %s/%s, as %s has no line in %s (write it: test_cross_arch --write)\n", h->name,
                          h->impl, h->name, digests_path);
            continue;
        }
        want->seen = true;
        if (!test_runs_here(h, __func__))
            continue;
        char sweep[2 * 32 + 1], at_long[2 * HB_MAX_OUT_BYTES + 1];
        summarise(h, sweep, at_long);
        checked++;
        if (strcmp(sweep, want->sweep) == 0 && strcmp(at_long, want->at_long) == 0)
            continue;
        failed++;
        const struct hb_hash *ref = reference_of(h->name);
        size_t len = ref != NULL && ref != h ? first_difference(h, ref) : SIZE_MAX;
        if (strcmp(sweep, want->sweep) != 0)
            print_error("%s/%s: outputs at lengths 0..%d differ from the x86-64 build's (SHA-256 %s, want %s)%s%zu\n",
                        h->name, h->impl, SWEEP, sweep, want->sweep,
                        len != SIZE_MAX ? "; first differs from its reference here at len=" : "; reference: none, ",
                        len != SIZE_MAX ? len : 0);
        if (strcmp(at_long, want->at_long) != 0)
            print_error("%s/%s: output at %d bytes %s, the x86-64 build's %s\n", h->name, h->impl, LONG, at_long,
                        want->at_long);
    }
    for (size_t l = 0; l < n; l++)
        if (!lines[l].seen)
            print_message("not checked: %s has no entry in this build\n", lines[l].name);
    print_message("%zu entries checked against %s\n", checked, digests_path);
    if (failed > 0)
        fail_msg("%zu entries differ from the x86-64 build", failed);
    assert_true(checked > 0);
}

/* Writes one line per name from its reference implementation (run on x86-64). */
static int write_digests(void)
{
    FILE *f = fopen(digests_path, "w");
    if (f == NULL) {
        perror(digests_path);
        return 1;
    }
    fprintf(f,
            "# Written by test_cross_arch --write on x86-64 from each name's implementation that needs no CPU\n"
            "# feature: name, SHA-256 of its outputs at lengths 0..%d, output at %d bytes.\n",
            SWEEP, LONG);
    const char *done[MAX_NAMES];
    size_t n = 0;
    for (size_t i = 0; i < hb_registry_len; i++) {
        const struct hb_hash *h = hb_registry[i];
        bool seen = false;
        for (size_t d = 0; d < n && !seen; d++)
            seen = strcmp(done[d], h->name) == 0;
        if (seen || h->kind == HB_KIND_BASELINE || h->output == HB_OUTPUT_PER_PROCESS || n == MAX_NAMES)
            continue;
        /* a name every implementation of which needs a feature (GxHash: AES) from the one that runs */
        const struct hb_hash *ref = reference_of(h->name) != NULL ? reference_of(h->name) : hb_lookup(h->name);
        if (ref == NULL || !hb_can_run(ref, NULL, 0)) {
            fprintf(stderr, "%s: no implementation runs here, not written\n", h->name);
            continue;
        }
        char sweep[2 * 32 + 1], at_long[2 * HB_MAX_OUT_BYTES + 1];
        summarise(ref, sweep, at_long);
        fprintf(f, "%s %s %s\n", h->name, sweep, at_long);
        done[n++] = h->name;
    }
    return fclose(f) != 0;
}

int main(int argc, char **argv)
{
    bool write = argc == 3 && strcmp(argv[1], "--write") == 0;
    if (argc != 2 && !write) {
        fprintf(stderr, "usage: test_cross_arch [--write] DIGESTS\n");
        return 2;
    }
    digests_path = argv[argc - 1];
    uint64_t rng = 2024;
    buffer = malloc(LONG);
    if (buffer == NULL)
        return 1;
    test_fill_random(&rng, buffer, LONG);
    if (write) {
        if (test_hb_init(NULL) != 0)
            return 1;
        return write_digests();
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_outputs_match_the_digests),
    };
    return cmocka_run_group_tests(tests, test_hb_init, NULL);
}
