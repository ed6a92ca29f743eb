/* fuzz_filter.c — libFuzzer target for the -filter and projection parsers: any text as a filter
 * (evaluated on a fixed result when it parses), as -col, -row and -table keys with their sort
 * orders (two results projected, admitted and compared), and as a value under @num. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "filter.h"
#include "projection.h"
#include "value_order.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = '\0';
    struct hb_intern *in = hb_intern_new();
    struct hb_filter *f;
    char *error = NULL;
    if (hb_filter_parse(text, &f, &error) == 0) {
        const char *name = "throughput/algo:xxh64/impl:libxxhash/size:16/load:cpu";
        uint32_t config[2] = {hb_intern_cstr(in, "cpu_model"), hb_intern_cstr(in, "Test")};
        struct hb_origin o = {
            {name, strlen(name), false}, hb_intern_cstr(in, "a.json"), hb_intern_tuple(in, config, 2)};
        hb_filter_match(f, &o, "sec/op", "ns/op", in);
        hb_filter_free(f);
    }
    free(error);
    error = NULL;
    struct hb_projections proj;
    if (hb_projections_init(&proj, in, text, ".fullname", text, text, &error) == 0) {
        const char *names[2] = {"Hash/hash=fnv1a/load=16-8", "Hash/hash=xxh64/load=4Ki-8"};
        hb_tuple cols[2], rows[2];
        struct hb_strbuf label = {0};
        for (int i = 0; i < 2; i++) {
            struct hb_origin o = {{names[i], strlen(names[i]), true}, hb_intern_cstr(in, "a.txt"), 0};
            hb_projections_admit(&proj, &o, in);
            cols[i] = hb_project(&proj, &proj.col, &o, in);
            rows[i] = hb_project(&proj, &proj.row, &o, in);
            hb_key_label(&proj.col, cols[i], in, &label);
            hb_project_residue(&proj, &o, in);
        }
        hb_key_compare(&proj.col, cols[0], cols[1], in);
        hb_key_compare(&proj.row, rows[0], rows[1], in);
        hb_strbuf_free(&label);
    }
    hb_projections_free(&proj);
    free(error);
    hb_compare_numeric(text, size, "16", 2);
    hb_intern_free(in);
    free(text);
    return 0;
}
