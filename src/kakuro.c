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
