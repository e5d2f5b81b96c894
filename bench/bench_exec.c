/* bench_exec.c: runs a command for bench/run.sh and prints its wall and CPU time, with a time limit. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/*
 * Usage: bench_exec [--in FILE] [--out FILE] [--cpu-limit SECONDS] [--timeout SECONDS]
 *                   [--repeat N] COMMAND [ARG]...
 *
 * Runs COMMAND with standard input from FILE (default /dev/null) and standard output to
 * FILE (default /dev/null), N times, and prints one line for the fastest run (by CPU
 * time), with the median CPU time of the runs and the largest peak memory of any run:
 *
 *     status=0 wall_ns=123456 cpu_ns=120000 cpu_median_ns=121000 maxrss_kb=3012
 *
 * status is the command's exit status, or "timeout" when it used more CPU time than the
 * limit (whole seconds) or ran longer than the wall-clock timeout (then it is killed and
 * no further run is made), or "signal" when another signal ended it.  CPU time is the
 * child's user and system time: on a machine shared with other work it is what the
 * program cost, where the wall time also counts the waits for a processor.  A shell's
 * `time` has neither the resolution nor the limits; timeout(1) has no figures.
 */

enum run_end { RUN_EXITED, RUN_TIMEOUT, RUN_SIGNALLED };

struct run_result {
    enum run_end end;
    int code;               /* RUN_EXITED: the exit status; else the signal */
    uint64_t wall_ns, cpu_ns;
    long maxrss_kb;         /* the child's peak resident memory */
};

static uint64_t now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t cpu_ns(const struct rusage *ru)
{
    return ((uint64_t)ru->ru_utime.tv_sec + (uint64_t)ru->ru_stime.tv_sec) * 1000000000u
           + ((uint64_t)ru->ru_utime.tv_usec + (uint64_t)ru->ru_stime.tv_usec) * 1000u;
}

static void redirect(const char *path, int flags, int fd)
{
    int f = open(path, flags, 0644);

    if (f < 0) {
        fprintf(stderr, "bench_exec: %s: %s\n", path, strerror(errno));
        _exit(127);
    }
    dup2(f, fd);
    close(f);
}

/* Waits for child up to limit_ns (0: no limit), sleeping until SIGCHLD or the time is
 * up; kills it then. */
static struct run_result wait_child(pid_t child, uint64_t start, uint64_t limit_ns)
{
    struct run_result res = { .end = RUN_EXITED };
    struct rusage ru;
    sigset_t chld;
    int st;

    sigemptyset(&chld);
    sigaddset(&chld, SIGCHLD);
    while (wait4(child, &st, WNOHANG, &ru) != child) {
        uint64_t spent = now_ns() - start;
        struct timespec left = { .tv_sec = 3600 };

        if (limit_ns > 0 && spent >= limit_ns) {
            kill(child, SIGKILL);
            wait4(child, &st, 0, &ru);
            res.end = RUN_TIMEOUT;
            res.wall_ns = limit_ns;
            res.cpu_ns = cpu_ns(&ru);
            res.maxrss_kb = ru.ru_maxrss;
            return res;
        }
        if (limit_ns > 0) {
            left.tv_sec = (time_t)((limit_ns - spent) / 1000000000u);
            left.tv_nsec = (long)((limit_ns - spent) % 1000000000u);
        }
        sigtimedwait(&chld, NULL, &left);
    }
    res.wall_ns = now_ns() - start;
    res.cpu_ns = cpu_ns(&ru);
    res.maxrss_kb = ru.ru_maxrss;
    if (WIFEXITED(st)) {
        res.code = WEXITSTATUS(st);
    } else {
        res.code = WTERMSIG(st);
        /* RLIMIT_CPU sends SIGXCPU at the soft limit, SIGKILL at the hard one. */
        res.end = res.code == SIGXCPU || res.code == SIGKILL ? RUN_TIMEOUT : RUN_SIGNALLED;
    }
    return res;
}

/* Limits the CPU time of the process to whole seconds (0: no limit). */
static void limit_cpu(double seconds)
{
    struct rlimit lim;

    if (seconds <= 0)
        return;
    lim.rlim_cur = (rlim_t)(seconds + 0.999);
    lim.rlim_max = lim.rlim_cur + 1;
    setrlimit(RLIMIT_CPU, &lim);
}

static struct run_result run_once(char **argv, const char *in, const char *out,
                                  double cpu_limit, uint64_t limit_ns)
{
    uint64_t start = now_ns();
    pid_t child = fork();

    if (child < 0) {
        perror("bench_exec: fork");
        exit(2);
    }
    if (child == 0) {
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        limit_cpu(cpu_limit);
        redirect(in, O_RDONLY, 0);
        redirect(out, O_WRONLY | O_CREAT | O_TRUNC, 1);
        execvp(argv[0], argv);
        fprintf(stderr, "bench_exec: %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    return wait_child(child, start, limit_ns);
}

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

    return (x > y) - (x < y);
}

static int usage(void)
{
    fputs("usage: bench_exec [--in FILE] [--out FILE] [--cpu-limit SECONDS] "
          "[--timeout SECONDS] [--repeat N] COMMAND [ARG]...\n", stderr);
    return 2;
}

int main(int argc, char **argv)
{
    static const char *const ends[] = { "", "timeout", "signal" };
    const char *in = "/dev/null", *out = "/dev/null";
    double timeout = 0, cpu_limit = 0;
    int repeat = 1, a = 1;
    struct run_result best = { .end = RUN_EXITED };
    uint64_t *cpu_runs;
    long maxrss_kb = 0;
    int runs = 0;
    sigset_t chld;

    for (; a < argc && strncmp(argv[a], "--", 2) == 0; a += 2) {
        if (a + 1 >= argc)
            return usage();
        if (strcmp(argv[a], "--in") == 0)
            in = argv[a + 1];
        else if (strcmp(argv[a], "--out") == 0)
            out = argv[a + 1];
        else if (strcmp(argv[a], "--cpu-limit") == 0)
            cpu_limit = atof(argv[a + 1]);
        else if (strcmp(argv[a], "--timeout") == 0)
            timeout = atof(argv[a + 1]);
        else if (strcmp(argv[a], "--repeat") == 0)
            repeat = atoi(argv[a + 1]);
        else
            return usage();
    }
    if (a >= argc || repeat < 1 || timeout < 0 || cpu_limit < 0)
        return usage();
    /* SIGCHLD stays blocked so that sigtimedwait can wait for it. */
    sigemptyset(&chld);
    sigaddset(&chld, SIGCHLD);
    sigprocmask(SIG_BLOCK, &chld, NULL);
    cpu_runs = calloc((size_t)repeat, sizeof *cpu_runs);
    if (cpu_runs == NULL)
        return 2;
    for (int k = 0; k < repeat; k++) {
        struct run_result r = run_once(argv + a, in, out, cpu_limit, (uint64_t)(timeout * 1e9));

        cpu_runs[runs++] = r.cpu_ns;
        if (r.maxrss_kb > maxrss_kb)
            maxrss_kb = r.maxrss_kb;
        if (k == 0 || r.cpu_ns < best.cpu_ns || r.end != RUN_EXITED)
            best = r;
        if (r.end != RUN_EXITED)
            break;
    }
    qsort(cpu_runs, (size_t)runs, sizeof *cpu_runs, compare_u64);
    if (best.end == RUN_EXITED)
        printf("status=%d", best.code);
    else
        printf("status=%s", ends[best.end]);
    printf(" wall_ns=%llu cpu_ns=%llu cpu_median_ns=%llu maxrss_kb=%ld\n",
           (unsigned long long)best.wall_ns, (unsigned long long)best.cpu_ns,
           (unsigned long long)cpu_runs[runs / 2], maxrss_kb);
    free(cpu_runs);
    return 0;
}
