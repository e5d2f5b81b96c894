/* fast_runs_v3.c: exits 0 when the variants' batch search runs its x86-64-v3 copy here (built with it, on a CPU that has its instructions), 1 otherwise: test_variant_fast_cpu.sh skips on 1. */
#include "config.h"

#include "variant_fast.h"

int main(void)
{
    return variant_fast_runs_v3() ? 0 : 1;
}
