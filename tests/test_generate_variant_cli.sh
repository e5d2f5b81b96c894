#!/bin/sh
# test_generate_variant_cli.sh: `kakudo generate killer|x|jigsaw|...` from the command line: the variant format read back and solved once, seeds and -j, --givens 0, the one-line forms, bad requests.
. "$(dirname "$0")/tap.sh"

# --attempts: the same puzzles on every machine, whatever its load.
run killer generate killer --seed 3 --count 2 --attempts 2 -j1
status_is killer 0 || status_is killer 1; ok $? "generate killer: puzzles printed"
head -n 1 "$tmp/killer.out" | grep -qx '# kakudo generate killer --size 9 --symmetry rotate180 --level any --count 2 --attempts 2 --seed 3' ||
  head -n 1 "$tmp/killer.out" | grep -q '^# kakudo generate killer --size 9' || { sed 's/^/# /' "$tmp/killer.out"; false; }
ok $? "the first line says how to make them again"
[ "$(grep -c '^killer$' "$tmp/killer.out")" = 2 ] && grep -q '^# killer9-.*cages, seed 3$' "$tmp/killer.out"
ok $? "each in the variant format, named killer9-LEVEL-SEED, its cages counted"
run ksolve solve --count "$tmp/killer.out"
[ "$(cat "$tmp/ksolve.out")" = "1
1" ]; ok $? "both read back, with one solution each"
run again generate killer --seed 3 --count 2 --attempts 2 -j2
same "$tmp/killer.out" "$tmp/again.out"; ok $? "the same seed gives the same puzzles, with -j2 too"
run one generate killer --seed 4 --attempts 2
sed -n '2,$p' "$tmp/one.out" >"$tmp/one.body"
sed -n '/seed 4$/,$p' "$tmp/killer.out" >"$tmp/second.body"
same "$tmp/second.body" "$tmp/one.body"; ok $? "puzzle 2 of --seed 3 is the puzzle of --seed 4"

run none generate killer --givens 0 --seed 5 --attempts 2
status_is none 0 && out_has none ', 0 givens, ' &&
  [ "$(awk 'NF == 2 && $1 ~ /^[.0-9]+$/ && $1 ~ /[1-9]/' "$tmp/none.out")" = "" ] ||
  { sed 's/^/# /' "$tmp/none.out"; false; }
ok $? "--givens 0: a Killer of cages alone, every row of its grid empty"
run nonerange generate killer --givens 0-0 --seed 5 --attempts 2
status_is nonerange 0 && same "$tmp/none.out" "$tmp/nonerange.out"
ok $? "--givens 0-0 is --givens 0: a range whose ends are equal is one number"

# --givens, the one option taking a range: every kind says the same of the same range.
while IFS='|' read -r kind range message; do
  run givens generate "$kind" --givens "$range" --attempts 1
  status_is givens 2 && err_has givens "$message"; ok $? "generate $kind --givens $range: $message"
done <<'CASES'
sudoku|0-0|a Sudoku needs givens: only a Killer's cages can stand alone
jigsaw|0-0|a jigsaw needs givens: only a Killer's cages can stand alone
kakuro|0|givens are for Sudoku: a Kakuro's clues are its sums
kakuro|0-0|givens are for Sudoku: a Kakuro's clues are its sums
kakuro|5-3|givens are for Sudoku: a Kakuro's clues are its sums
kakuro|-1|a number of givens is never negative
sudoku|5-3|--givens 5-3: MIN is more than MAX (did you mean 3-5?)
killer|5-3|--givens 5-3: MIN is more than MAX (did you mean 3-5?)
x|1-0|--givens 1-0: MIN is more than MAX (did you mean 0-1?)
killer|-1|invalid --givens '-1': a number of givens is never negative
jigsaw|-1|invalid --givens '-1': a number of givens is never negative
sudoku|0-99|no 9x9 Sudoku has 0-99 givens: it has 81 cells
killer|0-99|no 9x9 killer has 0-99 givens: it has 81 cells
killer-jigsaw|0-99|no 9x9 killer-jigsaw has 0-99 givens: it has 81 cells
x|0-5|no 9x9 sudoku-x with 0-5 givens has one solution: it needs at least 8
killer|4-|invalid --givens '4-': expected N or MIN-MAX, whole numbers from 0 to the grid's cells
CASES
run zerorange generate killer --givens 0-1 --seed 5 --attempts 2
status_is zerorange 0 || status_is zerorange 1
ok $? "--givens 0-1 on a Killer: a range from 0 is taken"

for kind in x jigsaw killer-x killer-jigsaw jigsaw-x; do
  run "$kind" generate "$kind" --seed 7 --attempts 1
  head -n 3 "$tmp/$kind.out" | tail -n 1 | grep -qx "$kind\|sudoku-$kind" && run "s$kind" solve --count "$tmp/$kind.out" &&
    [ "$(cat "$tmp/s$kind.out")" = 1 ]
  ok $? "generate $kind: read back, one solution"
done
run sx generate sudoku --variant=x --seed 7 --attempts 1
same "$tmp/x.out" "$tmp/sx.out"; ok $? "generate sudoku --variant=x is generate x"

run j7 generate jigsaw --size 7 --seed 1 --attempts 1
out_has j7 '# jigsaw7-' && run sj7 solve --count "$tmp/j7.out" && [ "$(cat "$tmp/sj7.out")" = 1 ]
ok $? "a 7x7 Jigsaw, unique"
run k6 generate killer --size 6 --seed 1 --attempts 1
out_has k6 '# killer6-' && run sk6 solve --count "$tmp/k6.out" && [ "$(cat "$tmp/sk6.out")" = 1 ]
ok $? "a 6x6 Killer, unique"
# A 12x12 or 16x16 Killer's cages alone are past the general search: givens prove it
# unique, and its cages are few enough for the format's symbols (79).
for size in 12 16; do
  run "k$size" generate killer --size "$size" --seed 1 --attempts 1
  status_is "k$size" 0 && out_has "k$size" "# killer$size-" && run "sk$size" solve --count "$tmp/k$size.out" &&
    [ "$(cat "$tmp/sk$size.out")" = 1 ] || { sed 's/^/# /' "$tmp/k$size.out" "$tmp/k$size.err"; false; }
  ok $? "a ${size}x$size Killer, read back, unique"
done

# A 16x16 Killer still below Hard at its range's least givens goes on over every group
# still given, with longer proofs: seed 1's first Killer Jigsaw stopped at Medium with
# 16 givens, its other removals refused for proofs that ran out.
run kj16 generate killer-jigsaw --size 16 --level hard --seed 1 --attempts 1
status_is kj16 0 && out_has kj16 "# killer-jigsaw16-hard-1 Hard, " && run skj16 solve --count "$tmp/kj16.out" &&
  [ "$(cat "$tmp/skj16.out")" = 1 ] || { sed 's/^/# /' "$tmp/kj16.out" "$tmp/kj16.err"; false; }
ok $? "a 16x16 Killer Jigsaw at Hard in one attempt, read back, unique"
# ...but only one level below: a retry takes as long again as the attempt and seldom gains
# two levels, and at Expert, where most attempts end at Medium, it halved the attempts made
# in the budget (seed 1 found no Expert in 30 s).  Seed 3's first attempt is Medium with 28
# givens; retried, 26, still Medium.
run ke16 generate killer --size 16 --level expert --seed 3 --attempts 1
out_has ke16 "# killer16-medium-3 Medium, " && out_has ke16 ", 28 givens, 79 cages, seed 3"
ok $? "a 16x16 Killer at Expert, two levels below it, is not retried"

# A removal that passes the level gives back another group where that lands at the level:
# seed 3's second attempt at Expert stopped at Medium with 20 givens, a removal at 22
# refused as Master.
run kxe16 generate killer-x --size 16 --level expert --seed 3 --attempts 2
status_is kxe16 0 && out_has kxe16 "# killer-x16-expert-3 Expert, " && run skxe16 solve --count "$tmp/kxe16.out" &&
  [ "$(cat "$tmp/skxe16.out")" = 1 ] || { sed 's/^/# /' "$tmp/kxe16.out" "$tmp/kxe16.err"; false; }
ok $? "a 16x16 Killer X at Expert in two attempts, read back, unique"

run kl generate killer --format killer-line --seed 2 --attempts 1
[ "$(grep -vc '^#' "$tmp/kl.out")" = 1 ] && run skl solve --count "$tmp/kl.out" && [ "$(cat "$tmp/skl.out")" = 1 ]
ok $? "--format killer-line: one line a puzzle, read back"
# A 16x16 Killer has more cages (79) than the Killer line's 52 letters: its line goes on
# with the variant format's other symbols (it was written in the variant format instead,
# so a file of several read as neither form).
run kl16 generate killer --size 16 --format killer-line --seed 1 --attempts 1
[ "$(grep -vc '^#' "$tmp/kl16.out")" = 1 ] && run skl16 solve --count "$tmp/kl16.out" && [ "$(cat "$tmp/skl16.out")" = 1 ]
ok $? "--format killer-line: a 16x16 Killer of 79 cages on one line, read back, unique"
run jl generate jigsaw --format jigsaw-line --seed 2 --attempts 1
[ "$(grep -vc '^#' "$tmp/jl.out")" = 1 ]; ok $? "--format jigsaw-line: one line a puzzle"

run bad1 generate x --size 7
status_is bad1 2 && err_has bad1 "no sudoku-x of size 7"; ok $? "a 7x7 Sudoku X is refused"
run bad2 generate jigsaw --givens 0
status_is bad2 2 && err_has bad2 "only a Killer's cages can stand alone"; ok $? "--givens 0 is for Killers"
run bad3 generate killer --format jigsaw-line
status_is bad3 2 && err_has bad3 "invalid --format 'jigsaw-line' for killer: expected variant or killer-line"
ok $? "a one-line form of another variant is refused, naming the one that fits"
run bad3x generate killer-x --format killer-line
status_is bad3x 2 && err_has bad3x "invalid --format 'killer-line' for killer-x: expected variant (no one-line form holds a killer-x)"
ok $? "a combination has no one-line form, and the message says so"
run bad4 generate sudoku --variant=diagonal
status_is bad4 2 && err_has bad4 "unknown --variant 'diagonal'"; ok $? "an unknown --variant is refused"
run bad5 generate kakuro --variant=x
status_is bad5 2 && err_has bad5 "--variant is for Sudoku"; ok $? "--variant is for Sudoku"
run bad6 generate killer --size 25
status_is bad6 2 && err_has bad6 "sizes are 4 to 16"; ok $? "variants stop at 16x16"
run bad7 generate x --size 4 --level easy
status_is bad7 2 && err_has bad7 "no 4x4 sudoku-x is Easy: rating every minimal one finds only Beginner"
ok $? "a 4x4 Sudoku X above Beginner is refused at once: there is none"

# The comment names the hardest technique as rate does: a Jigsaw's region is no box.
run jig generate jigsaw --level beginner --seed 1 --attempts 4 -j1
run jigrate rate "$tmp/jig.out"
made=$(sed -n 's/^# jigsaw9-.*, hardest \(.*\), [0-9]* givens, seed 1$/\1/p' "$tmp/jig.out")
rated=$(sed -n 's/.*, hardest \(.*\), score .*/\1/p' "$tmp/jigrate.out")
[ -n "$made" ] && [ "$made" = "$rated" ] || echo "# generate: '$made', rate: '$rated'"
[ -n "$made" ] && [ "$made" = "$rated" ]; ok $? "generate jigsaw: the hardest technique named as rate names it ($rated)"

# The recorded command names a --format other than the kind's own: it left it out, so it
# made the puzzles in another form, and a Sudoku X's line (a plain Sudoku's, to the reader)
# did not say it was one.
for req in "x --size 4 --format x-line" "jigsaw --size 4 --format jigsaw-line" \
           "killer --size 4 --format killer-line" "sudoku --size 4 --format grid"; do
  # shellcheck disable=SC2086  # words without quoting
  "$bin" generate $req --seed 5 --attempts 50 >"$tmp/rec.out" 2>/dev/null
  cmd=$(sed -n 's/^# kakudo generate /generate /p' "$tmp/rec.out" | head -n 1)
  # shellcheck disable=SC2086
  "$bin" $cmd --attempts 50 2>/dev/null | grep -v '^#' >"$tmp/rec2.out"
  grep -v '^#' "$tmp/rec.out" | cmp -s - "$tmp/rec2.out" && head -n 1 "$tmp/rec.out" | grep -q -- "--format ${req##* } "
  ok $? "generate $req: the recorded command names the form and makes the same lines"
done

tap_done
