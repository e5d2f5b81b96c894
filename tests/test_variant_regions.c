/* test_variant_regions.c: a Jigsaw's regions judged right or wrong (in range, N cells each, contiguous) as a plain flood fill judges them, on random maps of every size 4-16. */
#include "config.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "puzzle.h"
#include "tap.h"
#include "variant.h"

#define MAX_N 16

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

/* xorshift64*: the same maps every run. */
static unsigned rng_below(unsigned bound)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (unsigned)((rng_state * 0x2545f4914f6cdd1dull) >> 33) % bound;
}

/* The cells of region k reached from its first cell by steps to a neighbour in k. */
static int reached_from_first(const uint8_t *map, int n, int k)
{
    int stack[MAX_N * MAX_N], top = 0, reached = 0;
    bool seen[MAX_N * MAX_N] = { false };

    for (int cell = 0; cell < n * n && top == 0; cell++)
        if (map[cell] == k) {
            stack[top++] = cell;
            seen[cell] = true;
        }
    while (top > 0) {
        int cell = stack[--top], r = cell / n, c = cell % n;
        int next[4] = { r > 0 ? cell - n : -1, r < n - 1 ? cell + n : -1,
                        c > 0 ? cell - 1 : -1, c < n - 1 ? cell + 1 : -1 };

        reached++;
        for (int i = 0; i < 4; i++)
            if (next[i] >= 0 && !seen[next[i]] && map[next[i]] == k) {
                seen[next[i]] = true;
                stack[top++] = next[i];
            }
    }
    return reached;
}

/* The reference: every cell's region below n, and each region n cells reached from its first. */
static bool reference_fine(const uint8_t *map, int n)
{
    int count[256] = { 0 };

    for (int cell = 0; cell < n * n; cell++)
        count[map[cell]]++;
    for (int k = 0; k < 256; k++)
        if (count[k] != (k < n ? n : 0))
            return false;
    for (int k = 0; k < n; k++)
        if (reached_from_first(map, n, k) != n)
            return false;
    return true;
}

/* Regions the rows, then adjacent cells of two regions traded while both stay one piece:
 * a contiguous layout of irregular regions. */
static void contiguous_map(uint8_t *map, int n)
{
    for (int cell = 0; cell < n * n; cell++)
        map[cell] = (uint8_t)(cell / n);
    for (int tries = 0; tries < 40 * n; tries++) {
        int a = (int)rng_below((unsigned)(n * n - n)), b = a + n;     /* a cell and the one below */
        uint8_t ka = map[a];

        if (map[b] == ka)
            continue;
        map[a] = map[b];
        map[b] = ka;
        if (reached_from_first(map, n, map[a]) != n || reached_from_first(map, n, map[b]) != n) {
            map[b] = map[a];
            map[a] = ka;
        }
    }
}

/* One of several faults, or none, on a contiguous layout. */
static void mutate(uint8_t *map, int n, unsigned how)
{
    int a = (int)rng_below((unsigned)(n * n)), b = (int)rng_below((unsigned)(n * n));
    uint8_t t = map[a];

    switch (how) {
    case 0:     /* two cells traded: often a region in pieces */
        map[a] = map[b];
        map[b] = t;
        break;
    case 1:     /* a cell moved to another region: one region short, one over */
        map[a] = map[b];
        break;
    case 2:     /* out of range */
        map[a] = (uint8_t)(rng_below(2) ? n : 255);
        break;
    case 3: {   /* a whole row rotated by one: regions across a row's end */
        int r = (int)rng_below((unsigned)n);
        uint8_t first = map[r * n];

        memmove(map + r * n, map + r * n + 1, (size_t)n - 1);
        map[r * n + n - 1] = first;
        break;
    }
    default:    /* left as it is */
        break;
    }
}

/* 9x9 maps (81 cells: the fill's two 64-bit halves meet between r7c0 and r7c1) whose
 * fill from each region's last cell must cross between the halves going down (r6c1 to
 * r7c1, the only way into r7c1 of the U in rows 6-8) or going right (r7c0 to r7c1, the
 * only way into r7c1 of the region down the first column): both fine. */
static int fine_across_halves(void)
{
    static const char *const maps[] = {
        "000000000" "111111111" "222222222" "333333333" "444444444"
        "555666666" "577766688" "575788888" "555777788",
        "000000000" "122222222" "133333332" "133444444" "155555444"
        "155556666" "177766666" "117777778" "188888888",
    };
    int right = 0;

    for (size_t m = 0; m < sizeof maps / sizeof maps[0]; m++) {
        struct puzzle *p = sudoku_new_unfinished(9);

        puzzle_set_variant(p, VARIANT_JIGSAW);
        for (int cell = 0; cell < 81; cell++)
            p->region[cell] = (uint8_t)(maps[m][cell] - '0');
        right += reference_fine(p->region, 9) && variant_regions_fine(p);
        puzzle_free(p);
    }
    return right;
}

int main(void)
{
    int agree = 0, total = 0, fine = 0, faulty = 0, messages = 0;

    for (int n = 4; n <= MAX_N; n++)
        for (int round = 0; round < 120; round++) {
            struct puzzle *p = sudoku_new_unfinished(n);
            struct puzzle_error err = { .cell = -1 };
            bool want, got;

            puzzle_set_variant(p, VARIANT_JIGSAW);
            contiguous_map(p->region, n);
            mutate(p->region, n, rng_below(6));
            want = reference_fine(p->region, n);
            got = variant_regions_fine(p);
            agree += want == got;
            fine += want;
            faulty += !want;
            /* The checked reading says a fault exactly where there is one. */
            messages += variant_check_regions(p, &err) == want && (want || err.message[0] != '\0');
            total++;
            if (want != got)
                tap_diag("n=%d round %d: expected %s, got %s", n, round, want ? "fine" : "faulty",
                         got ? "fine" : "faulty");
            puzzle_free(p);
        }
    tap_ok(agree == total, "regions judged as a flood fill judges them (%d of %d maps, %d fine, "
           "%d faulty, sizes 4-%d)", agree, total, fine, faulty, MAX_N);
    tap_ok(messages == total, "variant_check_regions says a fault exactly where there is one (%d of %d)",
           messages, total);
    tap_ok(fine > total / 4 && faulty > total / 4, "both kinds of map tried (%d fine, %d faulty)", fine, faulty);
    tap_ok(fine_across_halves() == 2, "regions reached only across the fill's two 64-bit halves, "
           "going down and going right, are fine");
    return tap_done();
}
