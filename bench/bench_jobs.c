/* bench_jobs.c: -j N against one job in process: CPU time, wall time, and the time the pool's threads spent waiting (what keeps N jobs from N times the speed). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_set.h"
#include "cli.h"
#include "pool.h"
#include "util.h"

/*
 * Usage: bench_jobs [--runs N] [--jobs J] solve|rate [OPTIONS] FILE...
 *
 * Runs the command (as kakudo would, in this process, standard output to /dev/null) with
 * one job and with J (default 2), in turn, N times each (default 3).  For each: CPU time
 * of the process (all its threads) and wall time, min and median; for J jobs also the
 * pool's waits (pool_waits_total): the workers' time without an item to work on, as a
 * share of their time, and the submitting thread's time waiting for the oldest item so
 * as to deliver in order.  On a machine with J free cores, J jobs take at least
 * CPU(J) / J of wall time; the workers' idle share is what the code adds to that.  On a
 * busy machine the waits also count the time a thread waited for a processor.
 */

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

    return (x > y) - (x < y);
}

struct timing {
    uint64_t *cpu, *wall, *worker_wait, *submit_wait;
};

static int run_command(const struct cli_parsed *cmd, struct cli_options *opt, long jobs)
{
    opt->jobs = jobs;
    return cmd->command == CLI_RATE ? cli_rate(cmd->args, cmd->nargs, opt)
                                    : cli_solve(cmd->args, cmd->nargs, opt);
}

static void time_once(const struct cli_parsed *cmd, struct cli_options *opt, long jobs,
                      struct timing *t, int r)
{
    struct pool_waits before, after;
    uint64_t cpu0, wall0;

    pool_waits_total(&before);
    cpu0 = bench_cpu_ns();
    wall0 = util_now_ns();
    run_command(cmd, opt, jobs);
    fflush(stdout);
    t->cpu[r] = bench_cpu_ns() - cpu0;
    t->wall[r] = util_now_ns() - wall0;
    pool_waits_total(&after);
    t->worker_wait[r] = after.worker_ns - before.worker_ns;
    t->submit_wait[r] = after.submit_ns - before.submit_ns;
}

static double ms(uint64_t ns) { return (double)ns / 1e6; }

int main(int argc, char **argv)
{
    int runs = 3, a = 1;
    long jobs = 2;
    struct cli_options opt;
    struct cli_parsed cmd;
    struct timing one, many;

    for (; a + 1 < argc; a += 2) {
        if (strcmp(argv[a], "--runs") == 0)
            runs = atoi(argv[a + 1]);
        else if (strcmp(argv[a], "--jobs") == 0)
            jobs = atol(argv[a + 1]);
        else
            break;
    }
    /* cli_parse reads argv from its second word, as main's. */
    if (runs < 1 || jobs < 2 || a >= argc || cli_parse(argc - a + 1, argv + a - 1, &opt, &cmd) >= 0
        || (cmd.command != CLI_SOLVE && cmd.command != CLI_RATE)) {
        fputs("usage: bench_jobs [--runs N] [--jobs J>=2] solve|rate [OPTIONS] FILE...\n", stderr);
        return 2;
    }
    if (freopen("/dev/null", "w", stdout) == NULL)
        return 2;
    for (struct timing *t = &one; t != NULL; t = t == &one ? &many : NULL) {
        t->cpu = xcalloc((size_t)runs, sizeof *t->cpu);
        t->wall = xcalloc((size_t)runs, sizeof *t->wall);
        t->worker_wait = xcalloc((size_t)runs, sizeof *t->worker_wait);
        t->submit_wait = xcalloc((size_t)runs, sizeof *t->submit_wait);
    }
    for (int r = 0; r < runs; r++) {
        time_once(&cmd, &opt, 1, &one, r);
        time_once(&cmd, &opt, jobs, &many, r);
    }
    /* The waits as shares of their run before sorting, which parts them from their run. */
    double idle[64] = { 0 }, submit[64] = { 0 };
    for (int r = 0; r < runs && r < 64; r++) {
        idle[r] = (double)many.worker_wait[r] / ((double)jobs * (double)many.wall[r]);
        submit[r] = (double)many.submit_wait[r] / (double)many.wall[r];
    }
    for (struct timing *t = &one; t != NULL; t = t == &one ? &many : NULL) {
        qsort(t->cpu, (size_t)runs, sizeof *t->cpu, compare_u64);
        qsort(t->wall, (size_t)runs, sizeof *t->wall, compare_u64);
        qsort(t->worker_wait, (size_t)runs, sizeof *t->worker_wait, compare_u64);
        qsort(t->submit_wait, (size_t)runs, sizeof *t->submit_wait, compare_u64);
    }
    int m = runs / 2, k = runs < 64 ? runs : 64;
    double least_idle = idle[0];
    for (int r = 1; r < k; r++)
        least_idle = idle[r] < least_idle ? idle[r] : least_idle;
    fprintf(stderr, "%s, %d runs each, in turn, in process (min / median):\n",
            cmd.command == CLI_RATE ? "rate" : "solve", runs);
    fprintf(stderr, "  -j1:  CPU %9.1f / %9.1f ms, wall %9.1f / %9.1f ms\n", ms(one.cpu[0]),
            ms(one.cpu[m]), ms(one.wall[0]), ms(one.wall[m]));
    fprintf(stderr, "  -j%ld:  CPU %9.1f / %9.1f ms, wall %9.1f / %9.1f ms\n", jobs,
            ms(many.cpu[0]), ms(many.cpu[m]), ms(many.wall[0]), ms(many.wall[m]));
    fprintf(stderr, "  CPU -j%ld / -j1: %.3f (min) / %.3f (median): what the threads cost\n", jobs,
            (double)many.cpu[0] / (double)one.cpu[0], (double)many.cpu[m] / (double)one.cpu[m]);
    fprintf(stderr, "  wall speed-up: %.2fx (min) / %.2fx (median), on this machine now\n",
            (double)one.wall[0] / (double)many.wall[0], (double)one.wall[m] / (double)many.wall[m]);
    fprintf(stderr, "  workers waiting for an item: %.1f / %.1f ms, %.1f%% of their time at least;\n"
            "  the reader waiting for the oldest item, to deliver in order: %.1f / %.1f ms (%.0f%% of\n"
            "  the run; the workers work meanwhile: a serial section only where they wait too)\n",
            ms(many.worker_wait[0]), ms(many.worker_wait[m]), 100 * least_idle,
            ms(many.submit_wait[0]), ms(many.submit_wait[m]), 100 * submit[0]);
    fprintf(stderr, "  speed-up -j%ld allows on %ld free cores: %.2fx (CPU -j1 / (CPU -j%ld / %ld)"
            " x the workers' busy share)\n", jobs, jobs,
            (double)one.cpu[0] / ((double)many.cpu[0] / (double)jobs) * (1 - least_idle), jobs, jobs);
    return 0;
}
