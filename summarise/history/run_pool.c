/* run_pool.c — workers claim run indices in order and read them into their slots; the calling
 * thread waits for slot i, hands it over, frees it and opens room for more. A worker reads at most
 * `ahead` runs past the last one handed over, so memory stays a few runs per thread. */
#include "run_pool.h"

#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "xalloc.h"

struct slot {
    struct hb_history_input run;
    char *error;
    bool done, failed;
};

struct pool {
    char *const *args;
    size_t n;
    const struct hb_filter *filter;
    bool cpu_time;
    struct slot *slots;
    size_t next, handed, ahead;
    bool stop;
    pthread_mutex_t lock;
    pthread_cond_t ready, room;
};

static void *worker(void *arg)
{
    struct pool *p = arg;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->stop && p->next < p->n && p->next >= p->handed + p->ahead)
            pthread_cond_wait(&p->room, &p->lock);
        if (p->stop || p->next >= p->n)
            break;
        size_t i = p->next++;
        pthread_mutex_unlock(&p->lock);
        struct slot *s = &p->slots[i];
        s->failed = hb_history_input_read(&s->run, p->args[i], p->filter, p->cpu_time, &s->error) != 0;
        pthread_mutex_lock(&p->lock);
        s->done = true;
        pthread_cond_broadcast(&p->ready);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

unsigned hb_run_pool_threads(void)
{
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    if (online < 1)
        return 1;
    return online > HB_RUN_POOL_MAX_THREADS ? HB_RUN_POOL_MAX_THREADS : (unsigned)online;
}

int hb_read_runs(char *const *args, size_t n, const struct hb_filter *filter, bool cpu_time, unsigned threads,
                 void (*take)(void *arg, struct hb_history_input *run, bool failed), void *arg, char **error)
{
    if (threads < 1)
        threads = 1;
    if (threads > HB_RUN_POOL_MAX_THREADS)
        threads = HB_RUN_POOL_MAX_THREADS;
    struct pool p = {.args = args, .n = n, .filter = filter, .cpu_time = cpu_time, .ahead = 2 * (size_t)threads};
    p.slots = hb_xcalloc(n ? n : 1, sizeof *p.slots);
    pthread_mutex_init(&p.lock, NULL);
    pthread_cond_init(&p.ready, NULL);
    pthread_cond_init(&p.room, NULL);
    pthread_t tid[HB_RUN_POOL_MAX_THREADS];
    unsigned started = 0;
    while (started < threads && started < n && pthread_create(&tid[started], NULL, worker, &p) == 0)
        started++;
    if (started == 0) { /* no thread could start: read every run here first, then hand them over */
        p.ahead = n;
        worker(&p);
    }
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        struct slot *s = &p.slots[i];
        pthread_mutex_lock(&p.lock);
        while (!s->done)
            pthread_cond_wait(&p.ready, &p.lock);
        pthread_mutex_unlock(&p.lock);
        take(arg, &s->run, s->failed);
        if (s->failed) {
            *error = s->error;
            s->error = NULL;
            rc = -1;
        }
        hb_history_input_free(&s->run);
        pthread_mutex_lock(&p.lock);
        p.handed = i + 1;
        p.stop = rc != 0;
        pthread_cond_broadcast(&p.room);
        pthread_mutex_unlock(&p.lock);
    }
    for (unsigned t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    for (size_t i = 0; i < n; i++) {
        hb_history_input_free(&p.slots[i].run);
        free(p.slots[i].error);
    }
    free(p.slots);
    pthread_cond_destroy(&p.room);
    pthread_cond_destroy(&p.ready);
    pthread_mutex_destroy(&p.lock);
    return rc;
}
