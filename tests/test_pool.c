/* test_pool.c: the ordered work pool: items delivered in order, and no more threads than
 * there are items to work on (a thread costs ~0.8 MB of thread-local caches). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "pool.h"
#include "tap.h"

struct run {
    int delivered, out_of_order;
};

static void square(void *item, void *ctx)
{
    int *v = item;

    (void)ctx;
    v[1] = v[0] * v[0];
}

static void check_order(void *item, void *ctx)
{
    int *v = item;
    struct run *run = ctx;

    if (v[0] != run->delivered || v[1] != v[0] * v[0])
        run->out_of_order++;
    run->delivered++;
}

/* Submits n items to a pool of jobs; returns the threads it started then. */
static int submit_items(int jobs, int n, struct run *run)
{
    int (*items)[2] = calloc((size_t)n, sizeof *items);
    struct pool *pool = pool_open(jobs, square, check_order, run);
    int threads;

    *run = (struct run){ 0 };
    for (int i = 0; i < n; i++) {
        items[i][0] = i;
        pool_submit(pool, items[i]);
    }
    threads = pool_threads(pool);
    pool_close(pool);
    free(items);
    return threads;
}

int main(void)
{
    struct run run;
    int threads, most;

    threads = submit_items(1024, 1, &run);
    tap_ok(threads == 0 && run.delivered == 1 && run.out_of_order == 0,
           "-j 1024, one item: no thread, delivered (%d threads)", threads);
    threads = submit_items(1024, 3, &run);
    tap_ok(threads >= 1 && threads <= 3, "-j 1024, three items: at most three threads (%d)",
           threads);
    tap_ok(run.delivered == 3 && run.out_of_order == 0, "  and the three delivered in order");
    threads = submit_items(4, 1000, &run);
    tap_ok(threads >= 1 && threads <= 4, "-j 4, 1000 items: at most four threads (%d)", threads);
    tap_ok(run.delivered == 1000 && run.out_of_order == 0, "  and the 1000 delivered in order");
    /* More threads than processors add memory, not speed: a long stream with -j 1024
     * started 1024 threads (220 MB on two processors). */
    threads = submit_items(1024, 40000, &run);
    most = pool_online_cpus() < 2 ? 2 : pool_online_cpus();
    tap_ok(threads >= 1 && threads <= most,
           "-j 1024, 40000 items: no more threads than processors (%d, %d online)", threads,
           pool_online_cpus());
    tap_ok(run.delivered == 40000 && run.out_of_order == 0, "  and the 40000 delivered in order");
    return tap_done();
}
