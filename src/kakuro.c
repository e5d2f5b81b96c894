/* kakuro.c: Kakuro boards, run arithmetic (which digit sets make a sum), and its operations. */
#include "config.h"
#include "puzzle.h"
#include "solve.h"
#include "util.h"

const struct puzzle_ops kakuro_ops = {
    .kind = PUZZLE_KAKURO,
    .name = "kakuro",
    .solve = kakuro_solve,
    .smallest = kakuro_solve_smallest,
};

struct puzzle *kakuro_new(int width, int height)
{
    if (width < 1 || height < 1 || width > KAKURO_MAX_SIDE || height > KAKURO_MAX_SIDE)
        return NULL;
    return puzzle_alloc(&kakuro_ops, width, height, 9);
}

static int set_sum(digitset s)
{
    int total = 0;

    for (int d = 1; d <= 9; d++)
        if (s & (1u << d))
            total += d;
    return total;
}

/* Calls visit on every set of len digits 1-9 (bits 1..9) adding to sum, in increasing
 * order of the set's mask; stops early when visit returns false. */
static void each_combination(int len, int sum, bool (*visit)(digitset set, void *ctx), void *ctx)
{
    if (len < 1 || len > 9 || sum < 1 || sum > 45)
        return;
    /* Gosper's hack over 9-bit masks with len bits set, shifted to bits 1..9. */
    for (unsigned m = (1u << len) - 1; m < (1u << 9);) {
        digitset set = (digitset)m << 1;
        unsigned low, ripple;

        if (set_sum(set) == sum && !visit(set, ctx))
            return;
        low = m & -m;
        ripple = m + low;
        m = (((ripple ^ m) >> 2) / low) | ripple;
    }
}

struct digits_ctx { digitset used, out; bool any; };

static bool collect_digits(digitset set, void *ctx)
{
    struct digits_ctx *c = ctx;

    if ((set & c->used) == c->used) {
        c->out |= set & ~c->used;
        c->any = true;
    }
    return true;
}

digitset kakuro_run_digits(int len, int sum, digitset used)
{
    struct digits_ctx c = { .used = used };

    each_combination(len, sum, collect_digits, &c);
    return c.out;
}

bool kakuro_run_feasible(int len, int sum, digitset used)
{
    struct digits_ctx c = { .used = used };

    /* Nothing placed (every run of a new board, as the generator makes them): the table. */
    if (used == 0)
        return kakuro_run_union(len, sum) != 0;

    each_combination(len, sum, collect_digits, &c);
    return c.any;
}

bool kakuro_sum_possible(int len, int sum)
{
    /* The smallest len digits add to len(len+1)/2, the largest to len(19-len)/2. */
    return len >= 1 && len <= 9 && sum >= len * (len + 1) / 2 && sum <= len * (19 - len) / 2;
}

struct sets_ctx { digitset *sets; int n, max; };

static bool collect_set(digitset set, void *ctx)
{
    struct sets_ctx *c = ctx;

    if (c->n < c->max && c->sets != NULL)
        c->sets[c->n] = set;
    c->n++;
    return true;
}

int kakuro_combinations(int len, int sum, digitset *sets, int max)
{
    struct sets_ctx c = { .sets = sets, .max = max };

    each_combination(len, sum, collect_set, &c);
    return c.n;
}

/* The digits some set of len distinct digits adding to sum uses, [len][sum] (generated
 * from every such set; test_puzzle checks it against each_combination). */
static const digitset run_union[10][46] = {
    [1][1] = 0x002, 0x004, 0x008, 0x010, 0x020, 0x040, 0x080, 0x100, 0x200,
    [2][3] = 0x006, 0x00a, 0x01e, 0x036, 0x07e, 0x0ee, 0x1fe, 0x3de, 0x3fc, 0x3b8, 0x3f0,
        0x360, 0x3c0, 0x280, 0x300,
    [3][6] = 0x00e, 0x016, 0x03e, 0x07e, 0x0fe, 0x1fe, 0x3fe, 0x3fe, 0x3fe, 0x3fe, 0x3fe,
        0x3fe, 0x3fe, 0x3fc, 0x3f8, 0x3f0, 0x3e0, 0x340, 0x380,
    [4][10] = 0x01e, 0x02e, 0x07e, 0x0fe, 0x1fe, 0x3fe, 0x3fe, 0x3fe, 0x3fe, 0x3fe, 0x3fe,
        0x3fe, 0x3fe, 0x3fe, 0x3fe, 0x3fe, 0x3fc, 0x3f8, 0x3f0, 0x3a0, 0x3c0,
    [5][15] = 0x03e, 0x05e, 0x0fe, 0x1fe, 0x3fe, 0x3fe, 0x3fe, 0x3fe, 0x3fe, 0x3fe, 0x3fe,
        0x3fe, 0x3fe, 0x3fe, 0x3fe, 0x3fe, 0x3fe, 0x3fc, 0x3f8, 0x3d0, 0x3e0,
    [6][21] = 0x07e, 0x0be, 0x1fe, 0x3fe, 0x3fe, 0x3fe, 0x3fe, 0x3fe, 0x3fe, 0x3fe, 0x3fe,
        0x3fe, 0x3fe, 0x3fe, 0x3fe, 0x3fe, 0x3fc, 0x3e8, 0x3f0,
    [7][28] = 0x0fe, 0x17e, 0x3fe, 0x3fe, 0x3fe, 0x3fe, 0x3fe, 0x3fe, 0x3fe, 0x3fe, 0x3fe,
        0x3fe, 0x3fe, 0x3f4, 0x3f8,
    [8][36] = 0x1fe, 0x2fe, 0x37e, 0x3be, 0x3de, 0x3ee, 0x3f6, 0x3fa, 0x3fc,
    [9][45] = 0x3fe,
};

digitset kakuro_run_union(int len, int sum)
{
    return len >= 1 && len <= 9 && sum >= 0 && sum <= 45 ? run_union[len][sum] : 0;
}
