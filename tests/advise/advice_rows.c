/*
 * advice_rows.c — advice.json read back by yajl's tree parser (not by the writer's code), as
 * tab-separated lines the shell tests compare with the text, the HTML and the browser's DOM:
 *
 *   ranked NEED RANK NAME/IMPL BITS DOS OUTPUT NEEDS NS_PER_KEY LATENCY_NS_PER_KEY RANK_LO RANK_HI
 *          PROCESSES FASTEST(true|false)
 *   excluded NEED NAME RULE
 *   pick NEED NAME/IMPL            (or "-" when nothing qualifies)
 *   set NEED NAME/IMPL             (one line per member of the need's fastest set, in order)
 *   halves NEED CHECKED HELD       (true|false each)
 *   design NEED DESIGN NAME/IMPL   (table needs: each design's own pick, "-" for none)
 *   against NEED DESIGN VERDICT DEFAULT SAVING_PCT   (table needs: each design's answer against its
 *                                  default hash, against_default)
 *   counts NEED KEY N,N,...        (each array of counts a need carries: shard_counts,
 *                                  rendezvous_servers)
 *   hamming NEED NAME/IMPL HD EXACT   (checksum: each ranked entry's hamming_distance and
 *                                  hamming_distance_exact, "-" when null or absent)
 *   tables NEED ranked|excluded NAME/IMPL DESIGN HIT MISS INSERT   (table needs: each entry, each
 *                                  design; "capped" for a capped figure, "-" for null)
 *
 * Numbers are printed as the JSON text has them ("-" for null), strings as they are ("-" for
 * null). Exit 2 when the file is not advice.json of advise_schema 3.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yajl/yajl_tree.h>

static const char *text(yajl_val v)
{
    if (!v || YAJL_IS_NULL(v))
        return "-";
    if (YAJL_IS_STRING(v))
        return YAJL_GET_STRING(v);
    if (YAJL_IS_NUMBER(v))
        return YAJL_GET_NUMBER(v);
    return "?";
}

static yajl_val member(yajl_val map, const char *key)
{
    const char *path[] = {key, NULL};
    return yajl_tree_get(map, path, yajl_t_any);
}

/* The "tables" lines of one entry: one per design it carries, or "tables ... none" without them. */
static void tables(const char *need, const char *list, yajl_val e)
{
    yajl_val t = member(e, "tables");
    if (!t)
        return;
    if (!YAJL_IS_OBJECT(t)) {
        printf("tables\t%s\t%s\t%s/%s\tnone\n", need, list, text(member(e, "name")), text(member(e, "impl")));
        return;
    }
    static const char *const ops[] = {"hit", "miss", "insert"};
    for (size_t d = 0; d < t->u.object.len; d++) {
        yajl_val design = t->u.object.values[d];
        printf("tables\t%s\t%s\t%s/%s\t%s", need, list, text(member(e, "name")), text(member(e, "impl")),
               t->u.object.keys[d]);
        for (size_t o = 0; o < 3; o++) {
            char ns[32], capped[32];
            snprintf(ns, sizeof ns, "%s_ns", ops[o]);
            snprintf(capped, sizeof capped, "%s_capped", ops[o]);
            yajl_val c = member(design, capped);
            printf("\t%s", c && YAJL_IS_STRING(c) ? "capped" : text(member(design, ns)));
        }
        printf("\n");
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: advice_rows ADVICE_JSON\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    static char buf[1 << 24];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    char err[256];
    yajl_val doc = yajl_tree_parse(buf, err, sizeof err);
    if (!doc) {
        fprintf(stderr, "advice_rows: %s: %s\n", argv[1], err);
        return 2;
    }
    yajl_val schema = member(doc, "advise_schema"), needs = member(doc, "needs");
    if (!schema || strcmp(text(schema), "3") != 0 || !YAJL_IS_ARRAY(needs)) {
        fprintf(stderr, "advice_rows: %s: not advice.json of advise_schema 3\n", argv[1]);
        return 2;
    }
    for (size_t i = 0; i < needs->u.array.len; i++) {
        yajl_val need = needs->u.array.values[i];
        const char *name = text(member(need, "need"));
        yajl_val ranked = member(need, "ranked"), excluded = member(need, "excluded");
        for (size_t k = 0; ranked && k < ranked->u.array.len; k++) {
            yajl_val e = ranked->u.array.values[k];
            yajl_val fastest = member(e, "fastest");
            printf("ranked\t%s\t%s\t%s/%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", name, text(member(e, "rank")),
                   text(member(e, "name")), text(member(e, "impl")), text(member(e, "bits")), text(member(e, "dos")),
                   text(member(e, "output")), text(member(e, "needs")), text(member(e, "ns_per_key")),
                   text(member(e, "latency_ns_per_key")), text(member(e, "rank_lo")), text(member(e, "rank_hi")),
                   text(member(e, "processes")), fastest && YAJL_IS_TRUE(fastest) ? "true" : "false");
            tables(name, "ranked", e);
        }
        for (size_t k = 0; excluded && k < excluded->u.array.len; k++) {
            yajl_val e = excluded->u.array.values[k];
            printf("excluded\t%s\t%s\t%s\n", name, text(member(e, "name")), text(member(e, "rule")));
            tables(name, "excluded", e);
        }
        static const char *const lists[] = {"shard_counts", "rendezvous_servers"};
        for (size_t l = 0; l < sizeof lists / sizeof *lists; l++) {
            yajl_val v = member(need, lists[l]);
            if (!v || !YAJL_IS_ARRAY(v))
                continue;
            printf("counts\t%s\t%s\t", name, lists[l]);
            for (size_t k = 0; k < v->u.array.len; k++)
                printf("%s%s", k ? "," : "", text(v->u.array.values[k]));
            printf("\n");
        }
        for (size_t k = 0; ranked && k < ranked->u.array.len && member(ranked->u.array.values[k], "hamming_distance");
             k++) {
            yajl_val e = ranked->u.array.values[k], exact = member(e, "hamming_distance_exact");
            printf("hamming\t%s\t%s/%s\t%s\t%s\n", name, text(member(e, "name")), text(member(e, "impl")),
                   text(member(e, "hamming_distance")),
                   !exact                ? "-"
                   : YAJL_IS_TRUE(exact) ? "exact"
                                         : "at-least");
        }
        printf("pick\t%s\t%s\n", name, text(member(need, "recommendation")));
        yajl_val set = member(need, "fastest_set"), halves = member(need, "halves"),
                 designs = member(need, "table_designs");
        for (size_t k = 0; set && YAJL_IS_ARRAY(set) && k < set->u.array.len; k++)
            printf("set\t%s\t%s\n", name, text(set->u.array.values[k]));
        if (halves && YAJL_IS_OBJECT(halves)) {
            yajl_val checked = member(halves, "checked"), held = member(halves, "held");
            printf("halves\t%s\t%s\t%s\n", name, checked && YAJL_IS_TRUE(checked) ? "true" : "false",
                   held && YAJL_IS_TRUE(held) ? "true" : "false");
        }
        for (size_t d = 0; designs && YAJL_IS_OBJECT(designs) && d < designs->u.object.len; d++) {
            yajl_val one = designs->u.object.values[d], against = member(one, "against_default");
            printf("design\t%s\t%s\t%s\n", name, designs->u.object.keys[d], text(member(one, "recommendation")));
            if (against && YAJL_IS_OBJECT(against))
                printf("against\t%s\t%s\t%s\t%s\t%s\n", name, designs->u.object.keys[d],
                       text(member(against, "verdict")), text(member(against, "default")),
                       text(member(against, "saving_pct")));
        }
    }
    yajl_tree_free(doc);
    return 0;
}
