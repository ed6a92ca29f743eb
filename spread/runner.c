/*
 * runner.c — a run: every (algorithm, keyset) pair (and its shards, when planned), every
 * (algorithm, avalanche key size) and every algorithm's structure battery is one task; threads take tasks from a shared counter, the biggest
 * (the batteries, then the 64-byte avalanche) first so that no long task is left for the end. Keysets are built before and only read here; each task
 * writes its own result slot, so the results do not depend on which thread ran what.
 */
#include "spread.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum task_kind { TASK_KEYSET, TASK_AVALANCHE, TASK_BATTERY, TASK_SHARDS };

struct task {
    enum task_kind kind;
    size_t algo;
    size_t index; /* keyset, or avalanche key size */
};

struct pool {
    struct hb_run *run;
    struct task *tasks;
    size_t ntasks;
    atomic_size_t next;
};

static void run_task(struct hb_run *run, const struct task *t)
{
    const struct hb_hash *h = run->algos[t->algo].hash;
    switch (t->kind) {
    case TASK_AVALANCHE:
        hb_avalanche_measure_size(h, t->index, run->avalanche_keys, &run->avalanche[t->algo].sizes[t->index]);
        break;
    case TASK_BATTERY: hb_battery_measure(h, run->battery_log2, &run->battery[t->algo]); break;
    case TASK_KEYSET: {
        /* keys held by value: the code a program's table calls for them (hb_keyset.value_width) */
        const struct hb_keyset *ks = &run->keysets[t->index];
        hb_measure_keyset(hb_value_entry(h, ks->value_width), ks, &run->plan,
                          &run->results[t->algo * run->nkeysets + t->index]);
        break;
    }
    case TASK_SHARDS:
        hb_measure_shards(h, &run->keysets[t->index], &run->shards,
                          (struct hb_shard_result *)hb_run_shard_results(run, t->algo, t->index));
        break;
    }
}

static void *spread_worker(void *arg)
{
    struct pool *pool = arg;
    for (;;) {
        size_t i = atomic_fetch_add(&pool->next, 1);
        if (i >= pool->ntasks)
            return NULL;
        run_task(pool->run, &pool->tasks[i]);
    }
}

static double spread_clock_seconds(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static size_t plan_tasks(const struct hb_run *run, struct task *tasks)
{
    size_t n = 0;
    if (run->battery_log2 > 0)
        for (size_t a = 0; a < run->nalgos; a++)
            if (run->algos[a].runnable)
                tasks[n++] = (struct task){TASK_BATTERY, a, 0};
    if (run->avalanche_keys > 0)
        for (size_t s = HB_AVALANCHE_SIZES; s-- > 0;)
            for (size_t a = 0; a < run->nalgos; a++)
                if (run->algos[a].runnable)
                    tasks[n++] = (struct task){TASK_AVALANCHE, a, s};
    /* rendezvous hashes every key once per server: those tasks are the bigger ones */
    if (hb_run_shard_tests(run) > 0)
        for (size_t k = 0; k < run->nkeysets; k++)
            for (size_t a = 0; a < run->nalgos; a++)
                if (run->algos[a].runnable)
                    tasks[n++] = (struct task){TASK_SHARDS, a, k};
    for (size_t k = 0; k < run->nkeysets; k++)
        for (size_t a = 0; a < run->nalgos; a++)
            if (run->algos[a].runnable)
                tasks[n++] = (struct task){TASK_KEYSET, a, k};
    return n;
}

size_t hb_run_shard_tests(const struct hb_run *run)
{
    return run->shards.ncounts + run->shards.nservers;
}

const struct hb_shard_result *hb_run_shard_results(const struct hb_run *run, size_t algo, size_t keyset)
{
    if (run->shard_results == NULL)
        return NULL;
    return run->shard_results + (algo * run->nkeysets + keyset) * hb_run_shard_tests(run);
}

/* Hashes a shard task made: each key once for the counts, once per server for rendezvous. */
static uint64_t shard_hashes(const struct hb_run *run, size_t keyset)
{
    uint64_t per_key = run->shards.ncounts ? 1 : 0;
    for (size_t r = 0; r < run->shards.nservers; r++)
        per_key += run->shards.servers[r];
    return per_key * run->keysets[keyset].n;
}

void hb_run_execute(struct hb_run *run)
{
    run->results = hb_xcalloc(run->nalgos * run->nkeysets, sizeof *run->results);
    run->avalanche = hb_xcalloc(run->nalgos, sizeof *run->avalanche);
    run->verdicts = hb_xcalloc(run->nalgos, sizeof *run->verdicts);
    run->overall = hb_xcalloc(run->nalgos, sizeof *run->overall);
    run->battery = run->battery_log2 > 0 ? hb_xcalloc(run->nalgos, sizeof *run->battery) : NULL;
    run->shard_results = hb_run_shard_tests(run) ? hb_xcalloc(run->nalgos * run->nkeysets * hb_run_shard_tests(run) + 1,
                                                              sizeof *run->shard_results)
                                                 : NULL;

    struct pool pool = {
        .run = run,
        .tasks = hb_xmalloc(run->nalgos * (2 * run->nkeysets + HB_AVALANCHE_SIZES + 1) * sizeof(struct task))};
    pool.ntasks = plan_tasks(run, pool.tasks);
    atomic_init(&pool.next, 0);

    double wall = spread_clock_seconds(CLOCK_MONOTONIC), cpu = spread_clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
    size_t extra = run->threads > 1 ? run->threads - 1 : 0;
    if (extra > pool.ntasks)
        extra = pool.ntasks;
    pthread_t *threads = hb_xmalloc((extra ? extra : 1) * sizeof *threads);
    size_t started = 0;
    while (started < extra && pthread_create(&threads[started], NULL, spread_worker, &pool) == 0)
        started++; /* fewer threads than asked only makes the run slower */
    spread_worker(&pool);
    for (size_t i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    free(threads);
    run->wall_seconds = spread_clock_seconds(CLOCK_MONOTONIC) - wall;
    run->cpu_seconds = spread_clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu;

    run->hashes = 0;
    for (size_t i = 0; i < pool.ntasks; i++) {
        const struct task *t = &pool.tasks[i];
        run->hashes += t->kind == TASK_AVALANCHE ? run->avalanche[t->algo].sizes[t->index].hashes
                       : t->kind == TASK_BATTERY ? run->battery[t->algo].hashes
                       : t->kind == TASK_SHARDS  ? shard_hashes(run, t->index)
                                                 : run->keysets[t->index].n;
    }
    free(pool.tasks);
    for (size_t a = 0; a < run->nalgos; a++) {
        run->avalanche[a].keys = run->avalanche_keys;
        if (run->algos[a].runnable && run->avalanche_keys > 0)
            hb_avalanche_combine(&run->avalanche[a]);
    }
    hb_run_verdicts(run);
}

size_t hb_run_test_count(const struct hb_run *run)
{
    return (3 + hb_run_shard_tests(run)) * run->nkeysets + (run->avalanche_keys > 0 ? 1 : 0);
}

/* Keeps the smaller scaled p-value of a measure, the first keyset on ties. */
static void consider(struct hb_measure_verdict *v, double log2_p, double tests, size_t keyset)
{
    double scaled = hb_log2_scale(log2_p, tests);
    if (!v->measured || scaled < v->log2_p) {
        v->measured = true;
        v->log2_p = scaled;
        v->keyset = keyset;
    }
}

void hb_run_verdicts(struct hb_run *run)
{
    run->tests_per_algorithm = hb_run_test_count(run);
    double tests = (double)run->tests_per_algorithm;
    for (size_t a = 0; a < run->nalgos; a++) {
        struct hb_measure_verdict *v = run->verdicts[a];
        memset(v, 0, HB_MEASURES * sizeof *v);
        run->overall[a] = HB_PASS;
        if (!run->algos[a].runnable)
            continue;
        for (size_t k = 0; k < run->nkeysets; k++) {
            const struct hb_keyset_result *r = &run->results[a * run->nkeysets + k];
            consider(&v[HB_MEASURE_BUCKETS], r->buckets.log2_p, tests, k);
            consider(&v[HB_MEASURE_COLLISIONS], r->full.log2_p, tests, k);
            consider(&v[HB_MEASURE_LOW32], r->low32.log2_p, tests, k);
            const struct hb_shard_result *sh = hb_run_shard_results(run, a, k);
            for (size_t c = 0; sh && c < run->shards.ncounts; c++)
                consider(&v[HB_MEASURE_SHARDS], sh[c].log2_p, tests, k);
            for (size_t c = 0; sh && c < run->shards.nservers; c++)
                consider(&v[HB_MEASURE_RENDEZVOUS], sh[run->shards.ncounts + c].log2_p, tests, k);
        }
        if (run->avalanche_keys > 0)
            consider(&v[HB_MEASURE_AVALANCHE], run->avalanche[a].log2_p, tests, 0);
        for (int m = 0; m < HB_MEASURES; m++) {
            if (!v[m].measured)
                continue;
            v[m].verdict = hb_verdict_of(v[m].log2_p);
            if (v[m].verdict > run->overall[a])
                run->overall[a] = v[m].verdict;
        }
    }
}

void hb_run_free(struct hb_run *run)
{
    free(run->results);
    free(run->avalanche);
    free(run->verdicts);
    free(run->overall);
    free(run->battery);
    free(run->shard_results);
    run->battery = NULL;
    run->shard_results = NULL;
    run->results = NULL;
    run->avalanche = NULL;
    run->verdicts = NULL;
    run->overall = NULL;
}
