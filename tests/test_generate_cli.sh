#!/bin/sh
# test_generate_cli.sh: `kakudo generate` end to end, as TAP: unique puzzles that read back,
# seeds that reproduce, the level in the comments, and a clear message for every bad option.
. "$(dirname "$0")/tap.sh"

# every_count_is_one NAME: `kakudo solve --count` finds one solution for every puzzle.
every_count_is_one() {
  "$bin" solve --count "$tmp/$1.out" >"$tmp/$1.counts" 2>&1 &&
    [ -s "$tmp/$1.counts" ] && ! grep -qv '^1$' "$tmp/$1.counts" ||
    { sed 's/^/# /' "$tmp/$1.counts"; return 1; }
}
puzzles() { grep -vc '^#' "$tmp/$1.out"; }

# Looking for a level is bounded by attempts here (--attempts 1000000), never by seconds:
# the default budget of 10 s would cut a search short on a slow enough machine and change
# the puzzle made; with --attempts alone there is no time budget, and the output is the
# same everywhere.

# --- Sudoku ---
run s9 generate sudoku --seed 12 --count 3 --level medium --attempts 1000000
status_is s9 0; ok $? "sudoku: exit status 0"
[ "$(puzzles s9)" = 3 ]; ok $? "sudoku: --count 3 gives three one-line puzzles"
every_count_is_one s9; ok $? "sudoku: each has exactly one solution (kakudo solve --count)"
[ "$(grep -c '^# sudoku9-medium-1[234] Medium, hardest ' "$tmp/s9.out")" = 3 ]
ok $? "sudoku: each is named and rated Medium in its comment, with its own seed"
head -n 1 "$tmp/s9.out" | grep -qx '# kakudo generate sudoku --size 9 --symmetry rotate180 --level medium --count 3 --seed 12'
ok $? "sudoku: the first line records the command that makes the file again"

run again generate sudoku --count 3 --level medium --seed 12 --attempts 1000000
cmp -s "$tmp/s9.out" "$tmp/again.out"; ok $? "sudoku: the same seed gives the same puzzles"
run before --seed 12 --level medium generate sudoku --count 3 --attempts 1000000
cmp -s "$tmp/s9.out" "$tmp/before.out"; ok $? "sudoku: options may stand before the command word"
run single generate sudoku --seed 14 --level medium --attempts 1000000
[ "$(grep -v '^#' "$tmp/single.out")" = "$(grep -v '^#' "$tmp/s9.out" | sed -n 3p)" ]
ok $? "sudoku: puzzle 3 of seed 12 is the puzzle of seed 14"

run grid generate sudoku --size 6 --format grid --symmetry mirror --seed 3 --count 2 --attempts 1000000
status_is grid 0 && every_count_is_one grid; ok $? "sudoku: 6x6 grids read back with one solution each"
[ "$(grep -c '|' "$tmp/grid.out")" = 12 ]; ok $? "sudoku: grids show the boxes"

run big generate sudoku --size 12 --seed 2 --attempts 1000000
status_is big 0 && every_count_is_one big; ok $? "sudoku: 12x12 has one solution"

# --- Kakuro ---
run k generate kakuro --size 9x7 --seed 4 --count 2 --level medium --attempts 1000000
status_is k 0 && every_count_is_one k; ok $? "kakuro: grids with one solution each"
[ "$(grep -c '^# kakuro9x7-medium-[45] Medium, hardest ' "$tmp/k.out")" = 2 ]
ok $? "kakuro: each is named and rated Medium in its comment"
run k2 generate kakuro --size 9x7 --seed 4 --count 2 --level medium --format kakuro2 --attempts 1000000
status_is k2 0 && [ "$(head -n 1 "$tmp/k2.out")" = 2 ] && every_count_is_one k2
ok $? "kakuro: KAKURO2 output starts with the case count and reads back unique"
# KAKURO2 cases are printed as they are made, as the other forms are: they were kept to
# the end (the count comes first), so an interrupt lost every one.  SIGTERM here: a
# background job of a script ignores SIGINT.
"$bin" generate kakuro --size 6 --seed 1 --count 100000 --format kakuro2 -j 1 \
  >"$tmp/k2int.out" 2>"$tmp/k2int.err" </dev/null &
pid=$!
waited=0
while [ "$(wc -l <"$tmp/k2int.out")" -lt 30 ] && kill -0 $pid 2>/dev/null && [ $waited -lt 600 ]; do
  sleep 0.1; waited=$((waited + 1))
done
kill -TERM $pid 2>/dev/null; wait $pid
[ "$(head -n 1 "$tmp/k2int.out")" = 100000 ] && [ "$(wc -l <"$tmp/k2int.out")" -ge 30 ] \
  && "$bin" solve --count "$tmp/k2int.out:1" >"$tmp/k2int1.out" 2>&1 && [ "$(cat "$tmp/k2int1.out")" = 1 ]
ok $? "kakuro: KAKURO2 cases printed as they are made: interrupted, the first is there, under the count"
run k2none generate kakuro --size 128 --level master --budget 1 --count 1 --seed 1 --format kakuro2 -j 1
status_is k2none 3 && [ "$(cat "$tmp/k2none.out")" = 0 ] && err_has k2none "gave up"
ok $? "kakuro: KAKURO2 with every puzzle given up on: a count of 0, as before"

# A case given up on after the count is printed is made up for from the seeds past those
# asked for (make_up_for).  KAKUDO_TEST_GIVE_UP names the seeds given up on: a real give-up
# takes a budget running out, timed differently on every machine.
# case_of SEED: the KAKURO2 case a seed makes, without its count line.
case_of() {
  "$bin" generate kakuro --size 6 --seed "$1" --count 1 --format kakuro2 -j 1 --attempts 1 \
    2>/dev/null | tail -n +2
}
{ echo 3; case_of 1; case_of 4; case_of 3; } >"$tmp/k2made.want"
export KAKUDO_TEST_GIVE_UP=2
run k2made generate kakuro --size 6 --seed 1 --count 3 --format kakuro2 -j 1 --attempts 1
status_is k2made 3 && cmp -s "$tmp/k2made.out" "$tmp/k2made.want" \
  && err_has k2made "puzzle 2 (seed 2): gave up" && err_has k2made "puzzle 2 made from seed 4 in its place"
ok $? "kakuro: KAKURO2 case 2 given up on after the count: made from seed 4 in its place, the count true"
unset KAKUDO_TEST_GIVE_UP
{ echo 2; case_of 1; } >"$tmp/k2again.want"
export KAKUDO_TEST_GIVE_UP=2,3,4
run k2again generate kakuro --size 6 --seed 1 --count 2 --format kakuro2 -j 2 --attempts 1
unset KAKUDO_TEST_GIVE_UP
status_is k2again 3 && cmp -s "$tmp/k2again.out" "$tmp/k2again.want" \
  && [ "$(grep -c 'gave up' "$tmp/k2again.err")" = 3 ] && err_has k2again "promises 1 more cases"
ok $? "kakuro: make-ups are at most --count more seeds (3 and 4 here): then the count is said to be short"

# --- The bundled puzzles: each file's recorded command makes its puzzle again ---
for f in "$srcdir"/data/*.txt; do
  cmd=$(sed -n 's/^# kakudo generate /generate /p' "$f" | head -n 1)
  # shellcheck disable=SC2086  # the recorded command is words without quoting
  "$bin" $cmd --attempts 1000000 2>/dev/null | grep -v '^#' >"$tmp/regen.out"
  grep -v '^#' "$f" | cmp -s - "$tmp/regen.out"
  ok $? "$(basename "$f"): its recorded seed and command make it again"
done

# --- The budget ---
# Seed 1's first 6x6 Sudoku are not Medium: a budget of attempts runs out, the same on
# every machine however fast (a budget of seconds would make the test depend on speed).
run budget generate sudoku --size 6 --level medium --seed 1 --attempts 20
status_is budget 1; ok $? "budget spent: exit status 1"
err_has budget "no Medium puzzle within 20 attempts"; ok $? "budget spent: says so on stderr"
[ "$(puzzles budget)" = 1 ] && every_count_is_one budget; ok $? "budget spent: still prints a unique puzzle"

# --- Bad options: exit status 2 and a message that says what is expected ---
bad() {  # bad NAME EXPECTED-TEXT ARGS...
  name=$1 text=$2; shift 2
  run "$name" "$@"
  status_is "$name" 2 && err_has "$name" "$text" && [ ! -s "$tmp/$name.out" ]
  ok $? "refused: kakudo $* ($text)"
}
# Without a kind the message names the variants too (it said 'sudoku' or 'kakuro').
bad nokind "what to generate? expected 'sudoku', 'kakuro', 'killer', 'x', 'jigsaw' or a combination" generate
bad kind "cannot generate 'nonogram'" generate nonogram
bad extra "unexpected argument 'more'" generate sudoku more
bad size7 "no Sudoku of size 7" generate sudoku --size 7
bad sizex "a Sudoku size is one number" generate sudoku --size 9x9
bad ksize "a Kakuro size is WxH" generate kakuro --size big
bad ksmall "width and height are 3 to" generate kakuro --size 2x9
bad knarrow "at most 10 long" generate kakuro --size 4x20
bad level "unknown --level 'insane'" generate sudoku --level insane
bad level4 "no 4x4 sudoku is Hard: rating every minimal one finds only Beginner" generate sudoku --size 4 --level hard
bad klevel "Kakuro levels are easy, medium, hard, expert and master" generate kakuro --level beginner
bad sym "unknown --symmetry 'spiral'" generate sudoku --symmetry spiral
bad ksym "--symmetry is for Sudoku" generate kakuro --symmetry mirror
bad format "expected line or grid" generate sudoku --format kakuro2
bad kformat "expected grid or kakuro2" generate kakuro --format line
bad count "invalid --count '0'" generate sudoku --count 0
bad seed "invalid --seed '-1'" generate sudoku --seed -1
bad budget0 "invalid --budget '0'" generate sudoku --budget 0
bad attempts0 "invalid --attempts '0'" generate sudoku --attempts 0
bad noarg "needs an argument" generate sudoku --size
bad unknown "unrecognized option '--colour'" generate sudoku --colour
bad shortopt "invalid option -- 'x'" generate -xy sudoku
bad helparg "option '--help' doesn't allow an argument" generate sudoku --help=3

run help generate --help
status_is help 0 && grep -q 'kakudo generate sudoku' "$tmp/help.out"; ok $? "generate --help"

# Every numeric option is range-checked with a message that names it and its range.
for case in "--count 1 9223372036854775806 -1" "--budget 1 86400 9999999999999" \
            "--attempts 1 1000000 0" "--jobs 1 1024 99999999999"; do
  set -- $case
  run range generate sudoku "$1=$4"
  status_is range 2 && err_has range "kakudo generate: invalid $1 '$4': expected a whole number from $2 to $3"
  ok $? "generate $1=$4: refused, naming $1 and its range $2 to $3"
done
while IFS='|' read -r args message; do
  # shellcheck disable=SC2086 # the arguments are words
  run range $args
  status_is range 2 && err_has range "$message"; ok $? "$args: refused, naming the range"
done <<'CASES'
generate sudoku --givens 99999999999|invalid --givens '99999999999': expected N or MIN-MAX, whole numbers from 0 to the grid's cells
generate sudoku --size 99999999999|invalid --size '99999999999': a Sudoku size is one number from 4 to 25
generate kakuro --size 10x-3|invalid --size '10x-3': a Kakuro size is WxH, each from 3 to 128
generate sudoku --seed -1|invalid --seed '-1': expected a number from 0 to 18446744073709551614
CASES

tap_done
