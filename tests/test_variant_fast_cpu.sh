#!/bin/sh
# test_variant_fast_cpu.sh: the variants' batch search compiled for x86-64-v3 CPUs gives what the portable copy gives (KAKUDO_TEST_CPU=baseline): the same solutions, counts and statistics, each kind and width.
. "$(dirname "$0")/tap.sh"

# tests/fast_runs_v3 says whether this build and CPU run the v3 copy: where they do not,
# both runs below would be the portable copy, and nothing is compared.
runs_v3=$(dirname "$bin")/../tests/fast_runs_v3
if ! "$runs_v3"; then
  echo "1..0 # SKIP the x86-64-v3 batch search is not built, or this CPU lacks its instructions"
  exit 0
fi

# Each kind the batch search takes, 9x9 (the bundled puzzles and the tests' harder ones)
# and 12x12 and 16x16 (wide.txt, killer16_hard.txt, killer_jigsaw16_hard.txt).
v=$srcdir/tests/data/variant
files="$srcdir/data/18-x9-easy.txt $srcdir/data/19-x9-hard.txt
  $srcdir/data/20-jigsaw9-easy.txt $srcdir/data/21-jigsaw9-hard.txt
  $srcdir/data/24-jigsaw-x9-easy.txt $srcdir/data/29-jigsaw-x9-hard.txt
  $srcdir/data/16-killer9-easy.txt $srcdir/data/17-killer9-hard.txt
  $srcdir/data/22-killer-x9-medium.txt $srcdir/data/25-killer-x9-hard.txt
  $srcdir/data/23-killer-jigsaw9-medium.txt $srcdir/data/26-killer-jigsaw9-hard.txt
  $srcdir/data/27-killer-jigsaw-x9-easy.txt $srcdir/data/28-killer-jigsaw-x9-hard.txt
  $v/jigsaw_random.txt $v/killer_master.txt $v/x_master.txt
  $v/wide.txt $v/killer16_hard.txt $v/killer_jigsaw16_hard.txt"

# The same puzzles with the givens of their first four rows taken away: several solutions
# each (most), for --count's limits and the search past the first solution.  A kind's line
# starts a puzzle; a grid row is one whose first word is givens and empties.
for f in $files; do
  awk '
  NF == 1 && $1 ~ /^[a-z-]+$/ { row = 0; print; next }
  /^#/ || /=/ || NF == 0 || $1 !~ /^[.0-9A-Z]+$/ { print; next }
  { row++; if (row <= 4) { gsub(/[^.]/, ".", $1) } print }' "$f"
done >"$tmp/loose.txt"
cat $files >"$tmp/all.txt"

# solve_both NAME ARGS...: solves with each copy; stderr's times dropped (--stats).
solve_both() {
  name=$1; shift
  "$bin" solve -j1 "$@" >"$tmp/$name.v3.out" 2>"$tmp/$name.v3.err"
  echo $? >>"$tmp/$name.v3.out"
  KAKUDO_TEST_CPU=baseline "$bin" solve -j1 "$@" >"$tmp/$name.base.out" 2>"$tmp/$name.base.err"
  echo $? >>"$tmp/$name.base.out"
  for c in v3 base; do
    sed 's/, [0-9.]* [mu]*s$//' "$tmp/$name.$c.err" >"$tmp/$name.$c.errs"
  done
}

for set in all loose; do
  for opt in --count=2 --count=10 --any --stats; do
    name=$set$opt
    solve_both "$name" "$opt" "$tmp/$set.txt"
    same "$tmp/$name.base.out" "$tmp/$name.v3.out" && same "$tmp/$name.base.errs" "$tmp/$name.v3.errs" &&
      test -s "$tmp/$name.v3.out"
    ok $? "solve $opt, $set: the x86-64-v3 batch search prints what the portable one prints"
  done
done

# The loose set does have puzzles of several solutions, and --stats counts nodes: else the
# comparisons above would look at less than they say.
grep -qx '10+' "$tmp/loose--count=10.v3.out" && grep -qx '1' "$tmp/loose--count=10.v3.out"
ok $? "solve --count=10: the loose set has puzzles of several solutions and of one"
grep -q ' nodes, ' "$tmp/all--stats.v3.errs"
ok $? "solve --stats: the nodes are compared"

tap_done
