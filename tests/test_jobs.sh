#!/bin/sh
# test_jobs.sh: -j/--jobs, as TAP: solve, rate, hint and generate --count print the same
# bytes, messages and exit status whatever the number of jobs; bad values are refused.
. "$(dirname "$0")/tap.sh"
data=$srcdir/tests/data

# same_for_jobs NAME ARGS...: runs kakudo with -j1, -j2 and -j4; stdout, stderr and the
# exit status must be the same for the three.
same_for_jobs() {
  label=$1; shift
  for j in 1 2 4; do run "$label$j" -j "$j" "$@"; done
  for j in 2 4; do
    same "$tmp/${label}1.out" "$tmp/$label$j.out" && same "$tmp/${label}1.err" "$tmp/$label$j.err" &&
      same "$tmp/${label}1.status" "$tmp/$label$j.status" || return 1
  done
}

# Good puzzles among lines that cannot be read, clashing givens, a puzzle with no solution
# and one with several; grids (blank lines between solutions), a Kakuro file, a missing file.
same_for_jobs solve solve "$data/jobs/mixed.txt"
ok $? "solve: one-line puzzles with errors: the same output, messages and status for -j1, -j2, -j4"
status_is solve1 2 && err_has solve1 "mixed.txt:10:6: expected 81 symbols" &&
  err_has solve1 "puzzle 10 has no solution" && err_has solve1 "puzzle 16 has several solutions" &&
  [ "$(wc -l <"$tmp/solve1.out")" = 34 ]
ok $? "solve: the errors are reported with file:line, the 34 good puzzles solved, status 2"
same_for_jobs files solve "$data/jobs/grids.txt" "$data/kakuro_sample.txt" "$tmp/missing.txt" "$data/jobs/mixed.txt"
ok $? "solve: grids, Kakuro, a missing file and one-line puzzles: the same for -j1, -j2, -j4"
grep -o 'grids.txt\|missing.txt\|mixed.txt' "$tmp/files1.err" | uniq | tr '\n' ' ' |
  grep -qx 'grids.txt missing.txt mixed.txt ' || { sed 's/^/# /' "$tmp/files1.err"; false; }
ok $? "solve: messages in input order, across files"
grep -c '^$' "$tmp/files1.out" | grep -qx 13 || { echo "# $(grep -c '^$' "$tmp/files1.out") blank lines"; false; }
ok $? "solve: a blank line between multi-line solutions (4 grids and 10 Kakuro), as with one job"
same_for_jobs count solve --count "$data/jobs/mixed.txt"
ok $? "solve --count: the same for -j1, -j2, -j4"
same_for_jobs trace solve --trace "$data/jobs/grids.txt"
ok $? "solve --trace: the same for -j1, -j2, -j4"

same_for_jobs rate rate "$data/jobs/mixed.txt" "$tmp/missing.txt"
ok $? "rate: the same output, messages and status for -j1, -j2, -j4"
err_has rate1 "mixed.txt:18:2: the givens at r1c1 and r1c2 are both 1" && err_has rate1 "missing.txt" &&
  out_has rate1 "mixed.txt:38: Medium" && status_is rate1 2
ok $? "rate: bad puzzles and a missing file said, the others rated"

same_for_jobs hint hint --all "$data/jobs/mixed.txt:1" "$data/jobs/mixed.txt:9" \
  "$data/jobs/mixed.txt:10" "$data/jobs/mixed.txt:16" "$data/jobs/mixed.txt:5"
ok $? "hint --all over several puzzles (a bad one, no solution, several): the same for -j1, -j2, -j4"
out_has hint1 "The puzzle has no solution." && err_has hint1 "mixed.txt:10:6" && status_is hint1 2
ok $? "hint --all: each puzzle under its name; errors and status as with one job"

same_for_jobs gen generate sudoku --count 12 --seed 7
ok $? "generate --count --seed: the same puzzles for -j1, -j2, -j4"
run gen_default generate sudoku --count 12 --seed 7
same "$tmp/gen1.out" "$tmp/gen_default.out"; ok $? "generate: the same puzzles with the default number of jobs"
same_for_jobs kgen generate kakuro --size 8x8 --format kakuro2 --count 4 --seed 3
ok $? "generate kakuro --format kakuro2 --count: the same for -j1, -j2, -j4"

for bad in 0 abc -1 1x 99999; do
  run bad --jobs="$bad" solve "$data/jobs/mixed.txt"
  status_is bad 2 && err_has bad "invalid --jobs '$bad': expected a whole number from 1 to 1024" &&
    [ ! -s "$tmp/bad.out" ]
  ok $? "--jobs=$bad is refused with a message and status 2"
done
run badg generate sudoku -j 0
status_is badg 2 && err_has badg "kakudo generate: invalid --jobs '0'"
ok $? "generate -j 0 is refused with a message"
run badj solve -j
status_is badj 2 && err_has badj "needs an argument"
ok $? "-j without a number is refused"
run before -j 2 generate sudoku --count 2 --seed 7
sed -n 2,5p "$tmp/gen1.out" >"$tmp/first2.txt"
sed -n 2,5p "$tmp/before.out" | same "$tmp/first2.txt" -
ok $? "-j N may stand before the command word"

tap_done
