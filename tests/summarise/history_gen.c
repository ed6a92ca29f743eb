/* history_gen.c — writes a history of hashbench-like runs for hbstat -history: one folder per run
 * (DIR/0000, DIR/0001, ...) holding run.json (or run.json.gz with -z) laid out as Google
 * Benchmark 1.7.1 writes it, with hashbench's context (date, hashbench_version, compiler and flags,
 * cpu_model). Every benchmark's runs carry the shared-VM noise of history_noise.h, plus the steps
 * asked for; the seed is fixed, so a history can be written again bit for bit.
 * Usage: hbstat_history_gen [-z] [-s RUN:PCT:EVERY]... [-m RUN] [-n SEED] DIR RUNS BENCHMARKS REPETITIONS
 *   -s RUN:PCT:EVERY  from run RUN on, every EVERY-th benchmark (0, EVERY, 2 EVERY, ...) is PCT
 *                     percent slower (negative: faster); up to 16 steps
 *   -m RUN            from run RUN on, the runs come from another machine (cpu_model changes and
 *                     every benchmark takes 0.8 of the time)
 *   -n SEED           the noise's seed (default 1)
 *   -z                write run.json.gz */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

#include "history_noise.h"

enum { MAX_STEPS = 16 };

struct step {
    long run;
    double pct;
    long every;
};

struct options {
    bool gzip;
    struct step steps[MAX_STEPS];
    int nsteps;
    long machine_change; /* -1: none */
    uint64_t seed;
    const char *dir;
    long runs, benchmarks, repetitions;
};

/* Output to a plain or a gzipped file through one printf. */
struct sink {
    FILE *plain;
    gzFile gz;
};

static void out(struct sink *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void out(struct sink *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (s->plain) {
        vfprintf(s->plain, fmt, ap);
    } else {
        char buf[1024];
        int n = vsnprintf(buf, sizeof buf, fmt, ap);
        gzwrite(s->gz, buf, (unsigned)(n < (int)sizeof buf ? n : (int)sizeof buf - 1));
    }
    va_end(ap);
}

static const char *const algos[] = {"crc32c",  "xxh64",  "xxh3-64", "fnv1a-64", "murmur3-32",
                                    "siphash", "sha256", "blake2b", "wyhash",   "rapidhash"};
static const char *const impls[] = {"portable", "sse42", "avx2", "library", "openssl"};
static const unsigned sizes[] = {16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304};

/* Benchmark i: its name and its typical time per operation in nanoseconds. */
static double describe(long i, char *name, size_t size)
{
    const char *algo = algos[i % 10], *impl = impls[(i / 10) % 5];
    unsigned bytes = sizes[(i / 50) % 10];
    long variant = i / 500;
    const char *load = variant % 2 ? "ram" : "cpu";
    if (variant / 2)
        snprintf(name, size, "throughput/algo:%s/impl:%s/size:%u/load:%s/v:%ld", algo, impl, bytes, load, variant / 2);
    else
        snprintf(name, size, "throughput/algo:%s/impl:%s/size:%u/load:%s", algo, impl, bytes, load);
    return 2.0 + bytes * (0.02 + 0.01 * (double)(i % 10)) * (variant % 2 ? 1.6 : 1.0);
}

static void context(struct sink *s, const struct options *o, long run)
{
    bool moved = o->machine_change >= 0 && run >= o->machine_change;
    /* One run an hour; every month has at least 28 days, so the dates stay valid and in order. */
    long hour = run % 24, day = (run / 24) % 28 + 1, month = (run / (24 * 28)) % 12 + 1;
    out(s, "{\n  \"context\": {\n    \"date\": \"2026-%02ld-%02ldT%02ld:00:00+00:00\",\n", month, day, hour);
    out(s, "    \"host_name\": \"%s\",\n    \"executable\": \"build/bin/hashbench\",\n", moved ? "vm-b" : "vm-a");
    out(s, "    \"num_cpus\": 2,\n    \"mhz_per_cpu\": 2800,\n    \"cpu_scaling_enabled\": false,\n");
    out(s, "    \"caches\": [\n      {\n        \"type\": \"Data\",\n        \"level\": 1,\n        \"size\": 49152,\n"
           "        \"num_sharing\": 1\n      }\n    ],\n");
    out(s, "    \"load_avg\": [0.5,0.4,0.3],\n    \"library_build_type\": \"release\",\n");
    out(s, "    \"hashbench_version\": \"v1.0-%ld-g%07" PRIx32 "\",\n", run,
        (uint32_t)((uint64_t)(run + 1) * 2654435761u) & 0xfffffff);
    out(s,
        "    \"hashbench_schema\": \"3\",\n    \"compiler\": \"GNU 12.2.0\",\n    \"cxx_compiler\": \"GNU 12.2.0\",\n");
    out(s,
        "    \"c_flags\": \"-O3 -DNDEBUG\",\n    \"cxx_flags\": \"-O3 -DNDEBUG\",\n    \"build_type\": \"Release\",\n");
    out(s, "    \"sanitizers\": \"none\",\n    \"cpu_model\": \"Generated CPU %s\"\n  },\n", moved ? "B" : "A");
    out(s, "  \"benchmarks\": [\n");
}

static void row(struct sink *s, const char *name, long family, long reps, long rep, double ns, unsigned bytes,
                bool first)
{
    out(s, "%s    {\n      \"name\": \"%s\",\n      \"family_index\": %ld,\n", first ? "" : ",\n", name, family);
    out(s, "      \"per_family_instance_index\": 0,\n      \"run_name\": \"%s\",\n      \"run_type\": \"iteration\",\n",
        name);
    out(s, "      \"repetitions\": %ld,\n      \"repetition_index\": %ld,\n      \"threads\": 1,\n", reps, rep);
    out(s, "      \"iterations\": %" PRIu64 ",\n", (uint64_t)(1e8 / ns) + 1);
    out(s, "      \"real_time\": %.16e,\n      \"cpu_time\": %.16e,\n      \"time_unit\": \"ns\",\n", ns, ns * 0.999);
    out(s, "      \"bytes_per_second\": %.16e,\n      \"cycles/B\": %.16e,\n", bytes / (ns * 1e-9), ns * 2.8 / bytes);
    out(s, "      \"cycles/hash\": %.16e\n    }", ns * 2.8);
}

static void aggregate(struct sink *s, const char *name, long family, long reps, const char *what, double ns)
{
    out(s, ",\n    {\n      \"name\": \"%s_%s\",\n      \"family_index\": %ld,\n", name, what, family);
    out(s, "      \"per_family_instance_index\": 0,\n      \"run_name\": \"%s\",\n      \"run_type\": \"aggregate\",\n",
        name);
    out(s, "      \"repetitions\": %ld,\n      \"threads\": 1,\n      \"aggregate_name\": \"%s\",\n", reps, what);
    out(s, "      \"aggregate_unit\": \"%s\",\n", strcmp(what, "cv") ? "time" : "percentage");
    out(s, "      \"iterations\": %ld,\n      \"real_time\": %.16e,\n      \"cpu_time\": %.16e,\n", reps, ns, ns);
    out(s, "      \"time_unit\": \"ns\"\n    }");
}

static int write_run(const struct options *o, struct hb_vm_noise *noise, long run)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%04ld", o->dir, run);
    if (mkdir(path, 0777) != 0) {
        fprintf(stderr, "hbstat_history_gen: %s: cannot create: %s\n", path, strerror(errno));
        return -1;
    }
    snprintf(path, sizeof path, "%s/%04ld/run.json%s", o->dir, run, o->gzip ? ".gz" : "");
    struct sink s = {0};
    if (o->gzip)
        s.gz = gzopen(path, "wb6");
    else
        s.plain = fopen(path, "w");
    if (!s.gz && !s.plain) {
        fprintf(stderr, "hbstat_history_gen: %s: cannot create: %s\n", path, strerror(errno));
        return -1;
    }
    context(&s, o, run);
    double shared = hb_vm_noise_next_run(noise);
    bool moved = o->machine_change >= 0 && run >= o->machine_change;
    bool first = true;
    for (long i = 0; i < o->benchmarks; i++) {
        char name[200];
        double ns = describe(i, name, sizeof name);
        double logv = log(ns) + shared + hb_vm_noise_benchmark(noise) + (moved ? log(0.8) : 0);
        for (int k = 0; k < o->nsteps; k++)
            if (run >= o->steps[k].run && i % o->steps[k].every == 0)
                logv += log1p(o->steps[k].pct / 100);
        unsigned bytes = sizes[(i / 50) % 10];
        double sum = 0;
        for (long r = 0; r < o->repetitions; r++) {
            /* Repetitions inside one process are close to each other. */
            double v = exp(logv + hb_vm_noise_gaussian(noise, 0.005));
            sum += v;
            row(&s, name, i, o->repetitions, r, v, bytes, first);
            first = false;
        }
        if (o->repetitions > 1) {
            double mean = sum / (double)o->repetitions;
            aggregate(&s, name, i, o->repetitions, "mean", mean);
            aggregate(&s, name, i, o->repetitions, "median", mean);
            aggregate(&s, name, i, o->repetitions, "stddev", 0);
            aggregate(&s, name, i, o->repetitions, "cv", 0);
        }
    }
    out(&s, "\n  ]\n}\n");
    int failed = o->gzip ? gzclose(s.gz) != Z_OK : fclose(s.plain) != 0;
    if (failed)
        fprintf(stderr, "hbstat_history_gen: %s: cannot write\n", path);
    return failed ? -1 : 0;
}

static int usage(void)
{
    fprintf(stderr, "usage: hbstat_history_gen [-z] [-s RUN:PCT:EVERY]... [-m RUN] [-n SEED] DIR RUNS BENCHMARKS "
                    "REPETITIONS\n");
    return 2;
}

int main(int argc, char **argv)
{
    struct options o = {.machine_change = -1, .seed = 1};
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (strcmp(argv[i], "-z") == 0) {
            o.gzip = true;
        } else if (strcmp(argv[i], "-s") == 0 && i + 1 < argc && o.nsteps < MAX_STEPS) {
            struct step *st = &o.steps[o.nsteps++];
            if (sscanf(argv[++i], "%ld:%lf:%ld", &st->run, &st->pct, &st->every) != 3 || st->every < 1)
                return usage();
        } else if (strcmp(argv[i], "-m") == 0 && i + 1 < argc) {
            o.machine_change = strtol(argv[++i], NULL, 10);
        } else if (strcmp(argv[i], "-n") == 0 && i + 1 < argc) {
            o.seed = strtoull(argv[++i], NULL, 10);
        } else {
            return usage();
        }
    }
    if (argc - i != 4)
        return usage();
    o.dir = argv[i];
    o.runs = strtol(argv[i + 1], NULL, 10);
    o.benchmarks = strtol(argv[i + 2], NULL, 10);
    o.repetitions = strtol(argv[i + 3], NULL, 10);
    if (o.runs < 1 || o.benchmarks < 1 || o.repetitions < 1) {
        fprintf(stderr, "hbstat_history_gen: RUNS, BENCHMARKS and REPETITIONS must be positive\n");
        return 2;
    }
    if (mkdir(o.dir, 0777) != 0) {
        fprintf(stderr, "hbstat_history_gen: %s: cannot create (it must not exist yet): %s\n", o.dir, strerror(errno));
        return 2;
    }
    struct hb_vm_noise noise;
    hb_vm_noise_init(&noise, o.seed);
    for (long run = 0; run < o.runs; run++)
        if (write_run(&o, &noise, run))
            return 1;
    return 0;
}
