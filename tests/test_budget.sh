#!/bin/sh
# test_budget.sh: every search a command starts ends within its budget of nodes, and says
# which way it ended: an answer, a valid solution that may not be the first, or "gave up"
# with exit status 3.  Budgets count nodes, not time, so nothing here depends on speed.
. "$(dirname "$0")/tap.sh"

empty() {  # empty N: an empty N x N Sudoku as one line
  awk -v n="$1" 'BEGIN { s = ""; for (i = 0; i < n * n; i++) s = s "."; print s }'
}
for size in 16 20 22 24 25; do empty "$size" >"$tmp/empty$size.txt"; done

# valid NAME: what NAME printed is a complete grid that solves (as a puzzle) to itself.
valid() {
  "$bin" solve "$tmp/$1.out" >"$tmp/$1.again" 2>/dev/null && same "$tmp/$1.out" "$tmp/$1.again"
}

# The smallest of several solutions, by a search in reading order with propagation: the
# empty grids that ran for minutes before are answered (the budget is not needed).
for size in 16 20 22 24 25; do
  run "e$size" solve "$tmp/empty$size.txt"
  status_is "e$size" 0 && err_has "e$size" "printed the first in reading order" && valid "e$size"
  ok $? "empty ${size}x$size: the first solution in reading order, proven"
done
run e16 solve "$tmp/empty16.txt"
grep -q '^123456789ABCDEFG56781234DEFG9ABC' "$tmp/e16.out"; ok $? "empty 16x16: it starts as the first in reading order must"

# Out of budget looking for the smallest (about 1100 nodes after the 465 of the first
# search): a valid solution, and a note.
run e25 solve --nodes=600 "$tmp/empty25.txt"
status_is e25 0 && err_has e25 "may not be the first in reading order" && valid e25
ok $? "empty 25x25, --nodes=600: a valid solution, noted as perhaps not the first"

# Out of budget before any solution: nothing printed, a clear message, exit status 3.
run e25none solve --nodes=1 "$tmp/empty25.txt"
status_is e25none 3 && err_has e25none "gave up before finding a solution" && [ ! -s "$tmp/e25none.out" ]
ok $? "--nodes=1: gave up, nothing printed, exit status 3"
run plain solve --strategy=plain --nodes=1 "$tmp/empty25.txt"
status_is plain 3 && err_has plain "gave up"; ok $? "the plain strategy keeps to the budget too"
# A hard 9x9 (from magictour's top1465) that plain backtracking solves in 2,171,209 nodes:
# more than the smart search's default, within the plain strategy's own.
echo "...3.9.7.8..4.....1........2..5..6...3.....4.....1....5.....8......2.1.....7....9" >"$tmp/hard9.txt"
run plainhard solve --strategy=plain "$tmp/hard9.txt"
status_is plainhard 0 && valid plainhard; ok $? "the plain strategy's default budget is its own"
run trace solve --trace --nodes=50 "$tmp/empty25.txt"
status_is trace 3 && [ "$(grep -c ' guess ' "$tmp/trace.out")" -le 50 ]
ok $? "--trace keeps to the budget: at most 50 guesses traced"

# Counting: the count found by then, with '+', and exit status 3.
empty 9 >"$tmp/empty9.txt"
run count solve --count --nodes=100 "$tmp/empty9.txt"
status_is count 3 && grep -qx '[0-9][0-9]*+' "$tmp/count.out" && err_has count "gave up counting"
ok $? "--count on an empty 9x9 with --nodes=100: the count so far and '+', exit status 3"

# Kakuro without clues has many solutions: its smallest-solution search keeps to the budget.
sed -E 's/[0-9]+\\/\\/g; s/\\[0-9]+/\\/g' "$srcdir/data/13-kakuro10-medium.txt" >"$tmp/free.txt"
run kfree solve --nodes=100 "$tmp/free.txt"
status_is kfree 0 && err_has kfree "may not be the first in reading order"
ok $? "Kakuro without clues, --nodes=100: a solution, noted as perhaps not the first"
run kfull solve "$tmp/free.txt"
status_is kfull 0 && err_has kfull "printed the first in reading order"
ok $? "  and with the default budget, the first in reading order"

# hint and rate: the search for a solution keeps to the same budget.
run hint hint --nodes=1 "$tmp/empty25.txt"
status_is hint 3 && err_has hint "gave up"; ok $? "hint --nodes=1 on an empty 25x25: gave up, exit status 3"
run rate rate --nodes=1 "$tmp/empty25.txt"
status_is rate 3 && out_has rate "gave up"; ok $? "rate --nodes=1 on an empty 25x25: gave up, exit status 3"
run rated rate "$tmp/empty16.txt"
status_is rated 0 && out_has rated "several solutions"; ok $? "rate with the default budget rates it"

run badnodes solve --nodes=0 "$tmp/empty9.txt"
status_is badnodes 2 && err_has badnodes "invalid --nodes '0'"; ok $? "--nodes=0 is refused"

tap_done
