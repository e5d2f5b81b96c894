#!/bin/sh
# test_trace.sh: `kakudo solve --trace` and --strategy, end to end, as TAP: traces of small
# puzzles against expected files, the line format, and the plain strategy's tries against
# the seed programs'.
. "$(dirname "$0")/tap.sh"
data=$srcdir/tests/data/trace
cli=$srcdir/tests/data/cli

# Every step line: N KIND CELL DIGIT DEPTH [EXTRA], N counting from 1 in each trace.
well_formed() {
  awk '
    /^# trace of puzzle / { steps = 1; want = 1; next }
    /^#/ { steps = 0; next }
    !steps { next }
    {
      if ($1 != want) { print "# step " $1 ", expected " want; bad = 1 }
      want++
      if ($2 !~ /^(guess|place|eliminate|backtrack|contradiction|solved)$/) { print "# kind: " $0; bad = 1 }
      if ($3 !~ /^(r[0-9]+c[0-9]+|-)$/ || $4 !~ /^([1-9A-P]|-)$/ || $5 !~ /^[0-9]+$/) { print "# fields: " $0; bad = 1 }
      if ($2 == "guess" && (NF != 6 || $6 !~ /^[0-9]+\/[0-9]+$/)) { print "# guess without k/n: " $0; bad = 1 }
      if ($2 == "contradiction" && NF == 6 && $6 !~ /^(row|column|box)[0-9]+$|^(across|down):r[0-9]+c[0-9]+$/) { print "# group: " $0; bad = 1 }
      if ($2 != "guess" && $2 != "contradiction" && NF != 5) { print "# extra field: " $0; bad = 1 }
    }
    END { exit bad }' "$1"
}

# --- Traces against expected files ---
grep -v '^#' "$data/cases" | while read -r name file opts; do
  [ -n "$name" ] || continue
  # shellcheck disable=SC2086
  "$bin" solve --trace $opts "$data/$file" >"$tmp/$name.out" 2>/dev/null
  same "$data/$name.expected" "$tmp/$name.out"; ok $? "$name: the trace is as expected"
  well_formed "$tmp/$name.out"; ok $? "$name: every step line is in the documented format"
done >"$tmp/cases.tap"
cat "$tmp/cases.tap"
n=$((n + $(grep -c '^\(not \)\?ok' "$tmp/cases.tap")))

# --- The plain strategy tries what the seed programs try, in their order ---
for pair in boj2580:seed000_boj2580.cpp boj2239:seed001_boj2239.py \
            boj2239_several:seed001_boj2239.py kakuro2:seed004_kakuro2.cpp; do
  case=${pair%%:*}; seed=${pair#*:}
  "$bin" solve --trace --strategy=plain --any "$cli/$case.in" 2>/dev/null |
    awk '$2 == "guess" { print $3, $4 }' >"$tmp/$case.tries"
  same "$data/$case.tries" "$tmp/$case.tries"
  ok $? "$case: the plain strategy tries the cells and digits $seed tries, in the same order ($(wc -l <"$data/$case.tries") tries)"
done

# --- What the trace says around the steps ---
"$bin" solve --trace "$cli/boj2580.in" >"$tmp/b.out" 2>/dev/null
tail -n 9 "$tmp/b.out" >"$tmp/b.solution"
same "$cli/boj2580.out" "$tmp/b.solution"; ok $? "the solution follows the trace, in the input's layout"
grep -q '^# unique: [0-9]* steps, [0-9]* guesses$' "$tmp/b.out"; ok $? "a summary line ends each trace"

"$bin" solve --trace "$cli/boj2239_several.in" >"$tmp/several.out" 2>/dev/null
tail -n 9 "$tmp/several.out" >"$tmp/several.solution"
same "$cli/boj2239_several.out" "$tmp/several.solution"
ok $? "several solutions: the smallest is printed after the trace, as solve prints it"

"$bin" solve --trace "$cli/none.in" >"$tmp/none.out" 2>"$tmp/none.err"
status=$?
[ $status -eq 1 ] && grep -q 'has no solution' "$tmp/none.err"; ok $? "no solution: exit status 1 and a note, as without --trace"

# A closed pipe ends the search: the plain trace of this puzzle runs to millions of lines.
"$bin" solve --trace --strategy=plain "$data/sudoku9_guess.txt" 2>/dev/null | head -n 3 >"$tmp/head.out"
[ "$(wc -l <"$tmp/head.out")" -eq 3 ]; ok $? "a reader that stops early stops the trace"

# --- --strategy without --trace ---
for case in boj2580 boj2239 kakuro2 boj2239_several; do
  "$bin" solve --strategy=plain "$cli/$case.in" >"$tmp/plain_$case.out" 2>/dev/null
  same "$cli/$case.out" "$tmp/plain_$case.out"; ok $? "$case: --strategy=plain prints what solve prints"
done
"$bin" solve --strategy=plain --count "$cli/boj2239_several.in" >"$tmp/pc.out" 2>/dev/null
"$bin" solve --count "$cli/boj2239_several.in" >"$tmp/sc.out" 2>/dev/null
same "$tmp/sc.out" "$tmp/pc.out"; ok $? "--count finds as many solutions with either strategy"

# --- Usage errors ---
"$bin" solve --trace --count "$cli/boj2580.in" >/dev/null 2>"$tmp/u1.err"
[ $? -eq 2 ] && grep -q 'cannot be used together' "$tmp/u1.err"; ok $? "--trace with --count is refused"
"$bin" solve --strategy=clever "$cli/boj2580.in" >/dev/null 2>"$tmp/u2.err"
[ $? -eq 2 ] && grep -q "unknown strategy 'clever'" "$tmp/u2.err"; ok $? "an unknown strategy is refused, naming it"
"$bin" watch >/dev/null 2>"$tmp/u3.err"
[ $? -eq 2 ] && grep -q 'watch needs one FILE' "$tmp/u3.err"; ok $? "watch without a file is refused"
"$bin" watch "$data/missing.txt" >/dev/null 2>"$tmp/u4.err"
[ $? -eq 2 ] && grep -q 'missing.txt' "$tmp/u4.err"; ok $? "watch on a missing file says so before taking the screen"

tap_done
