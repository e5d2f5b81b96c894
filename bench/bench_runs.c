/* bench_runs.c: commands run in turn many times, CPU time (and wall time) per run, min and median, each against a baseline command run alongside. */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
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
 * Usage: bench_runs [--runs N] [--in FILE] [--wall] LABEL=COMMAND... -- BASE=COMMAND...
 *
 * Each command is a shell-free word list separated by spaces (no quoting).  The commands
 * run N times each (default 200), in turn, so a burst of load on the machine falls on all
 * of them alike; standard input is FILE (default /dev/null), standard output /dev/null.
 * For each command it prints the child's CPU time (user + system, from wait4) per run,
 * min and median, and its ratio to the baseline's (the command after --) on both.
 * A process's CPU time at start-up is mostly the dynamic loader and the kernel's exec, so
 * these are small numbers (hundreds of microseconds): medians of many runs, not one run.
 *
 * With --wall it also prints the wall-clock time per run and the baseline's wall time
 * over each command's (a speed-up): what threads gain is wall time by nature, and on a
 * machine busy with other work it is as noisy as the machine (the CPU time says whether
 * the threads cost extra work).
 */

enum { MAX_COMMANDS = 16, MAX_WORDS = 32 };

struct command {
    const char *label;
    char *words[MAX_WORDS + 1];
    uint64_t *cpu_ns;       /* one per run */
    uint64_t *wall_ns;
};

static uint64_t now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t rusage_cpu_ns(const struct rusage *ru)
{
    return ((uint64_t)ru->ru_utime.tv_sec + (uint64_t)ru->ru_stime.tv_sec) * 1000000000u
           + ((uint64_t)ru->ru_utime.tv_usec + (uint64_t)ru->ru_stime.tv_usec) * 1000u;
}

/* Runs the command once; its CPU time, or exits when it cannot be run or fails. */
static uint64_t run_once(const struct command *c, const char *in, uint64_t *wall)
{
    struct rusage ru;
    int st;
    uint64_t t0 = now_ns();
    pid_t child = fork();

    if (child < 0) {
        perror("bench_runs: fork");
        exit(2);
    }
    if (child == 0) {
        int fin = open(in, O_RDONLY), fout = open("/dev/null", O_WRONLY);

        if (fin < 0 || fout < 0)
            _exit(127);
        dup2(fin, 0);
        dup2(fout, 1);
        execvp(c->words[0], c->words);
        fprintf(stderr, "bench_runs: %s: %s\n", c->words[0], strerror(errno));
        _exit(127);
    }
    if (wait4(child, &st, 0, &ru) != child || !WIFEXITED(st) || WEXITSTATUS(st) > 1) {
        fprintf(stderr, "bench_runs: %s failed\n", c->label);
        exit(2);
    }
    *wall = now_ns() - t0;
    return rusage_cpu_ns(&ru);
}

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

    return (x > y) - (x < y);
}

/* Splits "LABEL=word word..." into c; false when malformed. */
static bool parse_command(char *spec, struct command *c)
{
    char *eq = strchr(spec, '='), *save = NULL;
    int n = 0;

    if (eq == NULL)
        return false;
    *eq = '\0';
    c->label = spec;
    for (char *w = strtok_r(eq + 1, " ", &save); w != NULL; w = strtok_r(NULL, " ", &save)) {
        if (n == MAX_WORDS)
            return false;
        c->words[n++] = w;
    }
    c->words[n] = NULL;
    return n > 0;
}

static int usage(void)
{
    fputs("usage: bench_runs [--runs N] [--in FILE] [--wall] LABEL=COMMAND... -- BASE=COMMAND\n",
          stderr);
    return 2;
}

int main(int argc, char **argv)
{
    struct command cmds[MAX_COMMANDS];
    int ncmds = 0, runs = 200, base = -1, a = 1;
    const char *in = "/dev/null";
    bool wall = false;

    for (; a + 1 < argc && strncmp(argv[a], "--", 2) == 0 && argv[a][2] != '\0'; a += 2) {
        if (strcmp(argv[a], "--wall") == 0) {
            wall = true;
            a--;
        } else if (strcmp(argv[a], "--runs") == 0)
            runs = atoi(argv[a + 1]);
        else if (strcmp(argv[a], "--in") == 0)
            in = argv[a + 1];
        else
            return usage();
    }
    for (; a < argc; a++) {
        if (strcmp(argv[a], "--") == 0) {
            base = ncmds;
            continue;
        }
        if (ncmds == MAX_COMMANDS || !parse_command(argv[a], &cmds[ncmds]))
            return usage();
        cmds[ncmds].cpu_ns = calloc((size_t)runs, sizeof (uint64_t));
        cmds[ncmds].wall_ns = calloc((size_t)runs, sizeof (uint64_t));
        ncmds++;
    }
    if (runs < 1 || base < 0 || base >= ncmds)
        return usage();
    for (int r = 0; r < runs; r++)
        for (int i = 0; i < ncmds; i++)
            cmds[i].cpu_ns[r] = run_once(&cmds[i], in, &cmds[i].wall_ns[r]);
    for (int i = 0; i < ncmds; i++) {
        qsort(cmds[i].cpu_ns, (size_t)runs, sizeof (uint64_t), compare_u64);
        qsort(cmds[i].wall_ns, (size_t)runs, sizeof (uint64_t), compare_u64);
    }
    printf("CPU time per run (user + system), %d runs each, interleaved:\n", runs);
    for (int i = 0; i < ncmds; i++) {
        double min = (double)cmds[i].cpu_ns[0] / 1e3, med = (double)cmds[i].cpu_ns[runs / 2] / 1e3;
        double bmin = (double)cmds[base].cpu_ns[0] / 1e3;
        double bmed = (double)cmds[base].cpu_ns[runs / 2] / 1e3;

        printf("  %-28s min %9.1f us  median %9.1f us", cmds[i].label, min, med);
        if (i == base)
            printf("  (baseline)\n");
        else
            printf("  %5.2fx / %5.2fx the baseline; median %+.0f us\n", min / bmin, med / bmed,
                   med - bmed);
    }
    if (wall) {
        printf("Wall-clock time per run (a speed-up is a wall-clock ratio by nature; it is as\n"
               "noisy as the machine is busy):\n");
        for (int i = 0; i < ncmds; i++) {
            double min = (double)cmds[i].wall_ns[0] / 1e3;
            double med = (double)cmds[i].wall_ns[runs / 2] / 1e3;
            double bmin = (double)cmds[base].wall_ns[0] / 1e3;
            double bmed = (double)cmds[base].wall_ns[runs / 2] / 1e3;

            printf("  %-28s min %9.1f us  median %9.1f us", cmds[i].label, min, med);
            if (i == base)
                printf("  (baseline)\n");
            else
                printf("  speed-up %.2fx (min) / %.2fx (median)\n", bmin / min, bmed / med);
        }
    }
    for (int i = 0; i < ncmds; i++) {
        free(cmds[i].cpu_ns);
        free(cmds[i].wall_ns);
    }
    return 0;
}
