/* pool.c: the ordered work pool of pool.h: a ring of items in flight, worker threads, delivery in order. */
#include "config.h"
#include "pool.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <unistd.h>

#include "util.h"

/* Items in flight per job: enough that the workers keep busy past a slow item at the
 * head (a hard puzzle among easy ones), few enough that memory stays small. */
enum { POOL_WINDOW_PER_JOB = 16 };

struct slot {
    void *item;
    size_t index;       /* its count since the pool opened */
    bool done;
};

struct pool {
    int jobs, nthreads;
    pthread_t *threads;
    pool_work_fn *work;
    pool_deliver_fn *deliver;
    void *ctx;
    struct slot *ring;
    size_t window;
    /* Counts of items since the pool opened; item i lives in ring[i % window]. */
    size_t head;        /* the oldest not yet delivered */
    size_t next;        /* the next for a worker to take */
    size_t tail;        /* submitted so far */
    bool closing;
    bool refused;       /* the system would start no more threads */
    /* Who waits, so that a wake-up (a system call) is made only when someone needs it:
     * a signal per item cost more than a 9x9 puzzle's search. */
    int idle;           /* workers waiting for an item */
    bool waiting;       /* the submitting thread waits for items to be done ... */
    size_t want_done;   /* ... until this many are (not yet delivered), in all */
    size_t ndone;       /* items done and not yet delivered */
    pthread_mutex_t lock;
    pthread_cond_t work_ready;      /* an item was queued, or the pool is closing */
    pthread_cond_t item_done;
    struct pool_waits waits;        /* this pool's, added to the process's at close */
};

/* Every closed pool's waits, for pool_waits_total (bench_jobs). */
static struct pool_waits waits_total;
static pthread_mutex_t waits_lock = PTHREAD_MUTEX_INITIALIZER;

/* pthread_cond_wait, timed into *ns and counted in *count (lock held): the clock is
 * read only around a wait, which costs a system call's worth anyway. */
static void timed_wait(pthread_cond_t *cond, pthread_mutex_t *lock, uint64_t *ns,
                       uint64_t *count)
{
    uint64_t t0 = util_now_ns();

    pthread_cond_wait(cond, lock);
    *ns += util_now_ns() - t0;
    ++*count;
}

int pool_online_cpus(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);

    return n < 1 ? 1 : n > 1024 ? 1024 : (int)n;
}

int pool_useful_jobs(int jobs)
{
    int most = pool_online_cpus() < 2 ? 2 : pool_online_cpus();

    return jobs < 1 ? 1 : jobs > most ? most : jobs;
}

struct pool *pool_open(int jobs, pool_work_fn *work, pool_deliver_fn *deliver, void *ctx)
{
    return pool_open_window(jobs, POOL_WINDOW_PER_JOB, work, deliver, ctx);
}

struct pool *pool_open_window(int jobs, int per_job, pool_work_fn *work,
                              pool_deliver_fn *deliver, void *ctx)
{
    struct pool *pool = xcalloc(1, sizeof *pool);

    pool->jobs = pool_useful_jobs(jobs);
    pool->work = work;
    pool->deliver = deliver;
    pool->ctx = ctx;
    if (pool->jobs > 1) {
        pool->window = (size_t)pool->jobs * (size_t)(per_job < 2 ? 2 : per_job);
        pool->ring = xcalloc(pool->window, sizeof *pool->ring);
        pool->threads = xcalloc((size_t)pool->jobs, sizeof *pool->threads);
        pthread_mutex_init(&pool->lock, NULL);
        pthread_cond_init(&pool->work_ready, NULL);
        pthread_cond_init(&pool->item_done, NULL);
    }
    return pool;
}

void pool_waits_total(struct pool_waits *out)
{
    pthread_mutex_lock(&waits_lock);
    *out = waits_total;
    pthread_mutex_unlock(&waits_lock);
}

int pool_threads(const struct pool *pool)
{
    return pool->nthreads;
}

static void *worker_main(void *arg)
{
    struct pool *pool = arg;

    pthread_mutex_lock(&pool->lock);
    for (;;) {
        struct slot *slot;

        while (pool->next == pool->tail && !pool->closing) {
            pool->idle++;
            timed_wait(&pool->work_ready, &pool->lock, &pool->waits.worker_ns,
                       &pool->waits.worker_waits);
            pool->idle--;
        }
        if (pool->next == pool->tail)
            break;      /* closing, and nothing left to take */
        slot = &pool->ring[pool->next++ % pool->window];
        pthread_mutex_unlock(&pool->lock);
        pool->work(slot->item, pool->ctx);
        pthread_mutex_lock(&pool->lock);
        slot->done = true;
        pool->ndone++;
        if (pool->waiting && pool->ndone >= pool->want_done)
            pthread_cond_signal(&pool->item_done);
    }
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

/* Starts threads up to the jobs asked, but no more than there are items in flight: each
 * thread costs its stack and ~0.8 MB of thread-local caches (the hint memo, the variant
 * geometry), so -j 1024 on two puzzles starts two threads, not 1024 (800 MB).  With none
 * started (the system refused), the submitting thread works on the items itself
 * (work_inline); once refused, no more are asked for. */
static void start_threads(struct pool *pool)
{
    size_t in_flight = pool->tail - pool->head;

    while (!pool->refused && pool->nthreads < pool->jobs && (size_t)pool->nthreads < in_flight) {
        if (pthread_create(&pool->threads[pool->nthreads], NULL, worker_main, pool) != 0)
            pool->refused = true;
        else
            pool->nthreads++;
    }
}

/* With no thread running: works on the queued items on this thread (lock held). */
static void work_inline(struct pool *pool)
{
    while (pool->nthreads == 0 && pool->next < pool->tail) {
        struct slot *slot = &pool->ring[pool->next++ % pool->window];

        pool->work(slot->item, pool->ctx);
        slot->done = true;
        pool->ndone++;
    }
}

/* Delivers the items done at the head, in order (lock held; released around deliver). */
static void deliver_done(struct pool *pool)
{
    while (pool->head < pool->tail && pool->ring[pool->head % pool->window].done) {
        struct slot *slot = &pool->ring[pool->head++ % pool->window];
        void *item = slot->item;

        slot->done = false;
        pool->ndone--;
        pthread_mutex_unlock(&pool->lock);
        if (pool->deliver != NULL)
            pool->deliver(item, pool->ctx);
        pthread_mutex_lock(&pool->lock);
    }
}

/* Delivers in order until at most keep items are in flight (lock held). */
static void drain_to(struct pool *pool, size_t keep)
{
    for (;;) {
        work_inline(pool);
        deliver_done(pool);
        size_t need;

        if (pool->tail - pool->head <= keep)
            return;
        /* Woken once enough are done to bring the window down to keep (if the head is
         * among them), or at the next one done when some are already. */
        need = pool->tail - pool->head - keep;
        pool->want_done = need > pool->ndone ? need : pool->ndone + 1;
        pool->waiting = true;
        timed_wait(&pool->item_done, &pool->lock, &pool->waits.submit_ns,
                   &pool->waits.submit_waits);
        pool->waiting = false;
    }
}

void pool_submit(struct pool *pool, void *item)
{
    if (pool->jobs == 1) {
        pool->work(item, pool->ctx);
        if (pool->deliver != NULL)
            pool->deliver(item, pool->ctx);
        return;
    }
    pthread_mutex_lock(&pool->lock);
    /* A full window is drained to half, not by one item: then the reader refills it
     * in one go and the threads wake each other once per half window, not per item. */
    if (pool->tail - pool->head == pool->window)
        drain_to(pool, pool->window / 2);
    pool->ring[pool->tail % pool->window] = (struct slot){ .item = item, .index = pool->tail };
    pool->tail++;
    if (pool->tail >= 2)
        start_threads(pool);
    if (pool->idle > 0)
        pthread_cond_signal(&pool->work_ready);
    deliver_done(pool);
    pthread_mutex_unlock(&pool->lock);
}

void pool_close(struct pool *pool)
{
    if (pool == NULL)
        return;
    if (pool->jobs > 1) {
        pthread_mutex_lock(&pool->lock);
        drain_to(pool, 0);
        pool->closing = true;
        pthread_cond_broadcast(&pool->work_ready);
        pthread_mutex_unlock(&pool->lock);
        for (int i = 0; i < pool->nthreads; i++)
            pthread_join(pool->threads[i], NULL);
        pthread_mutex_lock(&waits_lock);
        waits_total.worker_ns += pool->waits.worker_ns;
        waits_total.worker_waits += pool->waits.worker_waits;
        waits_total.submit_ns += pool->waits.submit_ns;
        waits_total.submit_waits += pool->waits.submit_waits;
        pthread_mutex_unlock(&waits_lock);
        pthread_mutex_destroy(&pool->lock);
        pthread_cond_destroy(&pool->work_ready);
        pthread_cond_destroy(&pool->item_done);
    }
    free(pool->ring);
    free(pool->threads);
    free(pool);
}
