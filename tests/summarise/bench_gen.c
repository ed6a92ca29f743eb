/* bench_gen.c — writes a large, deterministic benchmark result file for scripts/bench-hbstat.sh:
 * the same samples as Google Benchmark 1.7.1 JSON (iteration rows laid out as its JSON reporter
 * writes them, aggregates after each benchmark) or as Go benchmark text. The generator is a fixed
 * seed splitmix64; it must not change, so that timings stay comparable between commits.
 * Usage: hbstat_bench_gen json|gotext BENCHMARKS REPETITIONS > FILE */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hb_splitmix64.h"

static uint64_t state = 0x2545F4914F6CDD1Dull;

/* Uniform in [0, 1). */
static double uniform(void)
{
    return (double)(hb_splitmix64_next(&state) >> 11) * 0x1.0p-53;
}

static const char *const algos[] = {"crc32c",     "xxh64",   "xxh3-64", "fnv1a-64",
                                    "murmur3-32", "siphash", "sha256",  "blake2b"};
static const char *const impls[] = {"portable", "sse42", "libxxhash", "openssl"};
static const unsigned sizes[] = {16, 31, 64, 131, 517, 1024, 2041, 4096, 16384, 65536};
static const char *const loads[] = {"cpu", "ram"};

struct bench {
    char name[160];
    unsigned size;
    double ns; /* typical time per operation */
};

static void describe(unsigned i, struct bench *b, int go_names)
{
    const char *algo = algos[i % 8], *impl = impls[(i / 8) % 4], *load = loads[(i / 32) % 2];
    b->size = sizes[(i / 64) % 10];
    unsigned variant = i / 640;
    char sep = go_names ? '=' : ':';
    if (variant)
        snprintf(b->name, sizeof b->name, "throughput/algo%c%s/impl%c%s/size%c%u/load%c%s/v%c%u", sep, algo, sep, impl,
                 sep, b->size, sep, load, sep, variant);
    else
        snprintf(b->name, sizeof b->name, "throughput/algo%c%s/impl%c%s/size%c%u/load%c%s", sep, algo, sep, impl, sep,
                 b->size, sep, load);
    b->ns = 2.0 + b->size * (0.05 + 0.02 * (i % 8)) * (load[0] == 'r' ? 1.7 : 1.0);
}

static double sample(const struct bench *b)
{
    /* Right-skewed noise, as timings are: mostly within 3%, sometimes 30% slower. */
    double noise = 1 + 0.03 * uniform() + (uniform() < 0.05 ? 0.3 * uniform() : 0);
    return b->ns * noise;
}

static void json_row(const struct bench *b, unsigned family, unsigned reps, unsigned rep, double ns, int first)
{
    uint64_t iterations = (uint64_t)(1e8 / b->ns);
    printf("%s    {\n", first ? "" : ",\n");
    printf("      \"name\": \"%s\",\n", b->name);
    printf("      \"family_index\": %u,\n", family);
    printf("      \"per_family_instance_index\": 0,\n");
    printf("      \"run_name\": \"%s\",\n", b->name);
    printf("      \"run_type\": \"iteration\",\n");
    printf("      \"repetitions\": %u,\n", reps);
    printf("      \"repetition_index\": %u,\n", rep);
    printf("      \"threads\": 1,\n");
    printf("      \"iterations\": %" PRIu64 ",\n", iterations);
    printf("      \"real_time\": %.16e,\n", ns);
    printf("      \"cpu_time\": %.16e,\n", ns * 0.999);
    printf("      \"time_unit\": \"ns\",\n");
    printf("      \"bytes_per_second\": %.16e,\n", b->size / (ns * 1e-9));
    printf("      \"hashes/s\": %.16e\n", 1 / (ns * 1e-9));
    printf("    }");
}

static void json_aggregate(const struct bench *b, unsigned family, unsigned reps, const char *what, double ns)
{
    printf(",\n    {\n      \"name\": \"%s_%s\",\n      \"family_index\": %u,\n", b->name, what, family);
    printf("      \"per_family_instance_index\": 0,\n      \"run_name\": \"%s\",\n", b->name);
    printf("      \"run_type\": \"aggregate\",\n      \"repetitions\": %u,\n      \"threads\": 1,\n", reps);
    printf("      \"aggregate_name\": \"%s\",\n      \"aggregate_unit\": \"%s\",\n", what,
           strcmp(what, "cv") ? "time" : "percentage");
    printf("      \"iterations\": %u,\n      \"real_time\": %.16e,\n      \"cpu_time\": %.16e,\n", reps, ns, ns);
    printf("      \"time_unit\": \"ns\"\n    }");
}

int main(int argc, char **argv)
{
    if (argc != 4 || (strcmp(argv[1], "json") && strcmp(argv[1], "gotext"))) {
        fprintf(stderr, "usage: hbstat_bench_gen json|gotext BENCHMARKS REPETITIONS > FILE\n");
        return 2;
    }
    int json = strcmp(argv[1], "json") == 0;
    unsigned nbench = (unsigned)strtoul(argv[2], NULL, 10), reps = (unsigned)strtoul(argv[3], NULL, 10);
    if (!nbench || !reps) {
        fprintf(stderr, "hbstat_bench_gen: BENCHMARKS and REPETITIONS must be positive\n");
        return 2;
    }
    if (json)
        printf("{\n  \"context\": {\n    \"date\": \"2026-01-01T00:00:00+00:00\",\n    \"host_name\": \"bench\",\n"
               "    \"executable\": \"./hashbench\",\n    \"num_cpus\": 2,\n    \"mhz_per_cpu\": 2300,\n"
               "    \"cpu_scaling_enabled\": false,\n    \"cpu_model\": \"Generated CPU\",\n"
               "    \"library_build_type\": \"release\"\n  },\n  \"benchmarks\": [\n");
    else
        printf("goos: linux\ngoarch: amd64\npkg: hashbench\ncpu: Generated CPU\n");
    int first = 1;
    for (unsigned i = 0; i < nbench; i++) {
        struct bench b;
        describe(i, &b, !json);
        double sum = 0;
        for (unsigned r = 0; r < reps; r++) {
            double ns = sample(&b);
            sum += ns;
            if (json) {
                json_row(&b, i, reps, r, ns, first);
                first = 0;
            } else {
                char name[200];
                snprintf(name, sizeof name, "%c%s", b.name[0] - 32, b.name + 1);
                printf("Benchmark%s-2 \t%10" PRIu64 "\t%12.2f ns/op\t%10.2f MB/s\n", name, (uint64_t)(1e8 / b.ns), ns,
                       b.size / (ns * 1e-9) / 1e6);
            }
        }
        if (json) {
            json_aggregate(&b, i, reps, "mean", sum / reps);
            json_aggregate(&b, i, reps, "median", sum / reps);
            json_aggregate(&b, i, reps, "stddev", 0);
            json_aggregate(&b, i, reps, "cv", 0);
        }
    }
    if (json)
        printf("\n  ]\n}\n");
    return 0;
}
