/* pool.h: an ordered work pool: items worked on by threads, delivered in the order submitted. */
#ifndef KAKUDO_POOL_H
#define KAKUDO_POOL_H

#include <stdint.h>

/*
 * The batch commands (solve, rate, hint, generate --count) hand each puzzle to the pool
 * as an item.  work() runs on a worker thread and keeps its output with the item;
 * deliver() runs on the submitting thread, item after item in the order submitted, and
 * writes that output, so the output is the same whatever the number of jobs.  At most a
 * window of items is in flight (submitted and not yet delivered): pool_submit waits for
 * the oldest to be delivered first, so memory stays bounded on a stream of any length.
 *
 * With one job there is no thread: pool_submit works on the item and delivers it at
 * once.  With more, the threads start at the second item, so one puzzle costs nothing,
 * and never outnumber the items in flight.
 * work() must only touch its item (and what is read-only while the pool runs).
 */

struct pool;

typedef void pool_work_fn(void *item, void *ctx);
typedef void pool_deliver_fn(void *item, void *ctx);

/* A pool of pool_useful_jobs(jobs) threads (1: none).  deliver may be NULL (work delivers itself: only
 * for one job). */
struct pool *pool_open(int jobs, pool_work_fn *work, pool_deliver_fn *deliver, void *ctx);
/* The same with per_job items in flight per job (pool_open: 16).  Items of a few
 * microseconds want more: the workers then have work for as long as the submitting
 * thread may wait for a processor on a busy machine before it can refill the window. */
struct pool *pool_open_window(int jobs, int per_job, pool_work_fn *work,
                              pool_deliver_fn *deliver, void *ctx);

/* Queues item; delivers whatever earlier items are done, and first waits for the oldest
 * when the window is full. */
void pool_submit(struct pool *pool, void *item);

/* Delivers every item left, in order, stops the threads and frees the pool. */
void pool_close(struct pool *pool);

/* The number of jobs when none is asked for: the processors online (at least 1). */
int pool_online_cpus(void);
/* The jobs a pool runs when jobs are asked for: no more than the processors online (but
 * two where more than one is asked).  A thread the processors cannot run at once adds no
 * speed to work that never waits, only its memory (its stack, its thread-local caches,
 * 16 items in flight) and the switching: -j 1024 on a stream of 50,000 puzzles took
 * 220 MB and four times the system time of -j 2 on two processors. */
int pool_useful_jobs(int jobs);

/* How many threads the pool started: 0 with one job or before the second item, then at
 * most the jobs and the items in flight. */
int pool_threads(const struct pool *pool);

/* Time spent waiting in the pools closed so far in this process (with more than one
 * job): by the workers for an item to work on, and by the submitting thread for the
 * oldest item to be done, so as to deliver in order.  What keeps -j N from N times one
 * job's speed, measured by bench_jobs. */
struct pool_waits {
    uint64_t worker_ns, worker_waits;
    uint64_t submit_ns, submit_waits;
};
void pool_waits_total(struct pool_waits *out);

#endif
