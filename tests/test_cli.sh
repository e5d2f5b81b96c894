#!/bin/sh
# test_cli.sh: `kakudo solve` and the command line, end to end, as TAP.
. "$(dirname "$0")/tap.sh"
data=$srcdir/tests/data/cli

for case in boj2580 boj2239 kakuro2; do
  run "$case" solve "$data/$case.in"
  same "$data/$case.out" "$tmp/$case.out"; ok $? "$case: prints what the seed program prints"
  status_is "$case" 0; ok $? "$case: exit status 0"
  [ ! -s "$tmp/$case.err" ]; ok $? "$case: nothing on stderr for a unique puzzle"
done

"$bin" solve <"$data/boj2580.in" >"$tmp/stdin.out" 2>/dev/null
same "$data/boj2580.out" "$tmp/stdin.out"; ok $? "reads standard input when no file is given"
"$bin" solve - <"$data/boj2239.in" >"$tmp/dash.out" 2>/dev/null
same "$data/boj2239.out" "$tmp/dash.out"; ok $? "reads standard input for -"

run several solve "$data/boj2239_several.in"
same "$data/boj2239_several.out" "$tmp/several.out"; ok $? "several solutions: prints the lexicographically smallest"
err_has several "has several solutions"; ok $? "several solutions: says so on stderr"
status_is several 0; ok $? "several solutions: exit status 0"

run none solve "$data/none.in"
[ ! -s "$tmp/none.out" ]; ok $? "no solution: nothing on stdout"
err_has none "puzzle 1 has no solution"; ok $? "no solution: says so on stderr"
status_is none 1; ok $? "no solution: exit status 1"

run count solve --count "$data/boj2239_several.in"
[ "$(cat "$tmp/count.out")" -gt 1 ] 2>/dev/null; ok $? "--count counts several solutions"
run count1 solve "$data/boj2239.in" --count
[ "$(cat "$tmp/count1.out")" = 1 ]; ok $? "--count after the file (GNU option order) finds one"
run countlim --count=2 solve "$data/boj2239_several.in"
[ "$(cat "$tmp/countlim.out")" = "2+" ]; ok $? "--count=2 stops at the limit and says so"
run count0 solve --count "$data/none.in"
[ "$(cat "$tmp/count0.out")" = 0 ]; ok $? "--count finds 0 for a puzzle without solution"

run any solve --any "$data/boj2239_several.in"
status_is any 0 && [ ! -s "$tmp/any.err" ]; ok $? "--any prints one solution without the uniqueness warning"

run stats solve --stats "$data/boj2580.in"
err_has stats "nodes"; ok $? "--stats reports search figures on stderr"

run missing solve "$tmp/does-not-exist.txt"
status_is missing 2 && err_has missing "does-not-exist.txt"; ok $? "a missing file: message and exit 2"

printf '1 2 3\n4 x 6\n' >"$tmp/bad.txt"
run bad solve "$tmp/bad.txt"
status_is bad 2 && err_has bad "bad.txt:"; ok $? "bad input: message names the file, exit 2"

run badopt solve --frobnicate
status_is badopt 2 && err_has badopt "unrecognized option"; ok $? "unknown option: message and exit 2"
run badfmt solve --format=nonsense "$data/boj2580.in"
status_is badfmt 2 && err_has badfmt "unknown format"; ok $? "unknown --format name: message and exit 2"

run help --help
status_is help 0 && grep -q '^Usage: kakudo' "$tmp/help.out"; ok $? "--help prints usage on stdout"
run version solve --version
status_is version 0 && grep -q '^kakudo [0-9]' "$tmp/version.out"; ok $? "--version prints the version"

# One-line puzzles: a line in, a line out; a bad line does not stop the others.
printf '%s\n%s\n%s\n' \
  '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........' \
  'xx' \
  '52...6.........7.13...........4..8..6......5...........418.........3..2...87.....' >"$tmp/lines.txt"
run lines solve "$tmp/lines.txt"
[ "$(wc -l <"$tmp/lines.out")" -eq 2 ] && ! grep -q '[.0]' "$tmp/lines.out"; ok $? "one-line file: one solution line per good puzzle"
status_is lines 2 && err_has lines "lines.txt:2:"; ok $? "one-line file: the bad line is reported with its line number"

# Grid files: a bad puzzle is reported with its place and the next one is still solved.
printf '1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1 5\n\n1 0 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n' >"$tmp/grids.txt"
run grids solve "$tmp/grids.txt"
status_is grids 2 && err_has grids "grids.txt:4:9:" && [ "$(head -n 1 "$tmp/grids.out")" = "1 2 3 4" ] &&
  [ "$(wc -l <"$tmp/grids.out")" -eq 4 ]; ok $? "Sudoku grids: the bad one reported (file:line:col), the next solved"
printf '# bad\n\\ 2\\\n\\1 _ _\n\n# good\n\\ 1\\\n\\1 _\n' >"$tmp/kgrids.txt"
run kgrids solve "$tmp/kgrids.txt"
status_is kgrids 2 && err_has kgrids "kgrids.txt:3:" && grep -q '^# good' "$tmp/kgrids.out" &&
  ! grep -q '^# bad' "$tmp/kgrids.out"; ok $? "Kakuro grids: the bad one reported, the next solved"

# Options: GNU messages, "--" before a file whose name starts with '-'.
run shortopt solve -x "$data/boj2580.in"
status_is shortopt 2 && err_has shortopt "invalid option -- 'x'"; ok $? "an unknown short option: GNU message, exit 2"
run optarg --any=3 solve "$data/boj2580.in"
status_is optarg 2 && err_has optarg "option '--any' doesn't allow an argument"; ok $? "an argument to --any: GNU message, exit 2"
cp "$data/boj2239.in" "$tmp/-dash.in"
(cd "$tmp" && "$bin" solve -- -dash.in >dash2.out 2>/dev/null)
same "$data/boj2239.out" "$tmp/dash2.out"; ok $? "-- ends the options: a file named -dash.in is read"
run before --any solve "$data/boj2580.in"
same "$data/boj2580.out" "$tmp/before.out"; ok $? "an option before the command word applies to it"
grep -q '^Copyright' "$tmp/version.out"; ok $? "--version has a copyright line (GNU)"
grep -q -- '--count\[=LIMIT\]' "$tmp/help.out" && grep -q -- '--format=NAME' "$tmp/help.out"; ok $? "--help lists the options of solve"
# Every kind generate makes is in the usage, and every family of formats in the
# Formats paragraph (the variants were missing from both).
grep -q 'generate sudoku|kakuro|killer|x|jigsaw|killer-x|killer-jigsaw|$' "$tmp/help.out" &&
  grep -q ' jigsaw-x|killer-jigsaw-x \[OPTION\]' "$tmp/help.out"; ok $? "--help: generate's kinds, variants too"
sed -n '/^Formats:/,/^$/p' "$tmp/help.out" | tr '\n' ' ' >"$tmp/formats.txt"
grep -q "pencil-mark grids" "$tmp/formats.txt" && grep -q "variant format (Killer, Sudoku X, Jigsaw" "$tmp/formats.txt" &&
  grep -q "Jigsaw lines and Killer lines" "$tmp/formats.txt"; ok $? "--help: the formats, variants and pencil marks too"

# Input that is not a puzzle file: a message with the position, exit 2, never a crash.
run binary solve "$bin"
status_is binary 2 && err_has binary "$bin:1:" && err_has binary "binary data"; ok $? "a binary file: position and 'binary data', exit 2"
run directory solve "$tmp"
status_is directory 2 && err_has directory "$tmp: a directory: expected a file of puzzles"
ok $? "a directory: said to be one, exit 2 (was 'read error: Is a directory')"
# Binary data is decided at its first NUL byte, said once, and no more of it is read:
# /dev/zero was 'line too long' after a MiB, and after a puzzle read without end; a
# binary after a puzzle gave a message for each of its lines.
grep -hv '^#' "$srcdir/data/03-sudoku9-beginner.txt" >"$tmp/one.txt"
"$bin" solve /dev/zero >"$tmp/zero.out" 2>"$tmp/zero.err" &
wait_end $! && [ "$(cat "$tmp/zero.err")" = "kakudo: /dev/zero:1:1: binary data (a NUL byte): expected a text file" ]
ok $? "solve /dev/zero: binary data at 1:1, at once"
{ cat "$tmp/one.txt"; cat /dev/zero; } 2>/dev/null | "$bin" solve - >"$tmp/zero2.out" 2>"$tmp/zero2.err" &
wait_end $! && [ "$(grep -c . "$tmp/zero2.out")" = 1 ] &&
  [ "$(cat "$tmp/zero2.err")" = "kakudo: <stdin>:2:1: binary data (a NUL byte): expected a text file" ]
ok $? "a puzzle, then /dev/zero: the puzzle solved, then binary data at 2:1, and the end"
{ cat "$tmp/one.txt" "$bin" "$tmp/one.txt"; } >"$tmp/withbin.txt"
run withbin solve "$tmp/withbin.txt"
status_is withbin 2 && [ "$(grep -c . "$tmp/withbin.out")" = 1 ] && [ "$(grep -c . "$tmp/withbin.err")" = 1 ] &&
  err_has withbin "withbin.txt:2:" && err_has withbin "binary data (a NUL byte)"
ok $? "a puzzle, then a binary: one message at its first NUL, nothing after it read"
"$bin" solve /dev/urandom >"$tmp/urandom.out" 2>"$tmp/urandom.err" &
# Random bytes: most often one message at the first line, but a first line that is a
# comment ('#') not in UTF-8 is passed over as such, so the count is not fixed; it ends.
wait_end $! && err_has urandom "/dev/urandom:" && [ "$(grep -c . "$tmp/urandom.out")" = 0 ]
ok $? "solve /dev/urandom: said, and the end"
# A FIFO is read as its writer writes, as cat reads one: kakudo waits for a writer.
mkfifo "$tmp/fifo"
"$bin" solve "$tmp/fifo" >"$tmp/fifo.out" 2>"$tmp/fifo.err" &
fifo_pid=$!
cat "$tmp/one.txt" >"$tmp/fifo"
wait_end $fifo_pid && [ "$(grep -c . "$tmp/fifo.out")" = 1 ]; ok $? "a FIFO: its writer's puzzle solved"
"$bin" solve "$tmp/fifo" >"$tmp/fifo.out" 2>"$tmp/fifo.err" &
fifo_pid=$!
: >"$tmp/fifo"
wait_end $fifo_pid && err_has fifo "fifo: no puzzle found"; ok $? "a FIFO whose writer writes nothing: no puzzle found"
: >"$tmp/empty.txt"
run empty solve "$tmp/empty.txt"
status_is empty 2 && err_has empty "no puzzle found"; ok $? "an empty file: no puzzle found, exit 2"
# rate said nothing and exited 0 on an empty file or standard input.
run rate_empty rate "$tmp/empty.txt"
status_is rate_empty 2 && err_has rate_empty "kakudo: $tmp/empty.txt: no puzzle found"
ok $? "rate on an empty file: no puzzle found, exit 2"
run rate_stdin rate
status_is rate_stdin 2 && err_has rate_stdin "kakudo: <stdin>: no puzzle found"; ok $? "rate on empty standard input: the same"
# Standard input has one name in every command's messages: solve's "<stdin>" (hint and
# rate said "-").
printf 'bad\n' >"$tmp/bad1.txt"
for command in solve hint rate; do
  "$bin" $command <"$tmp/bad1.txt" >/dev/null 2>"$tmp/stdin_$command.err"
  grep -q "^kakudo: <stdin>:1: " "$tmp/stdin_$command.err" \
    || { sed 's/^/# stderr: /' "$tmp/stdin_$command.err"; false; }
  ok $? "$command: a bad line of standard input is <stdin>:1"
  "$bin" $command - <"$tmp/bad1.txt" >/dev/null 2>"$tmp/dash_$command.err"
  same "$tmp/stdin_$command.err" "$tmp/dash_$command.err"; ok $? "$command -: the same"
done
run hint_stdin hint
status_is hint_stdin 2 && err_has hint_stdin "kakudo: <stdin>: no puzzle found"; ok $? "hint on empty standard input: <stdin>: no puzzle found, as solve and rate say"
"$bin" hint - "$srcdir/tests/data/hint/cli/wiki.txt" <"$srcdir/tests/data/hint/cli/wiki.txt" >"$tmp/hint2.out" 2>&1
grep -qx "<stdin>:" "$tmp/hint2.out"; ok $? "hint of two inputs heads standard input's hint <stdin>:"
# Every numeric option is range-checked with a message that names it and its range (a
# huge --apply said only "expected a number of steps").
wiki=$srcdir/tests/data/hint/cli/wiki.txt
for case in "hint --apply 0 100000 999999999999" "hint --apply 0 100000 -1" \
            "solve --count 1 9223372036854775806 99999999999999999999" \
            "solve --nodes 1 9223372036854775806 -5" "solve --jobs 1 1024 0" \
            "rate --jobs 1 1024 99999999999999"; do
  set -- $case
  run range $1 "$2=$5" "$wiki"
  status_is range 2 && err_has range "kakudo: invalid $2 '$5': expected a whole number from $3 to $4"
  ok $? "$1 $2=$5: refused, naming $2 and its range $3 to $4"
done
# FILE:N, the Nth puzzle alone, as hint, rate, watch and the player read it (solve and
# rate said "No such file").
{ grep -hv '^#' "$srcdir/data/03-sudoku9-beginner.txt"; printf 'bad line\n'
  grep -hv '^#' "$srcdir/data/04-sudoku9-easy.txt"; } >"$tmp/three.txt"
sed -n 3p "$tmp/three.txt" >"$tmp/third.txt"
run nth solve "$tmp/three.txt:3"
run third solve "$tmp/third.txt"
status_is nth 0 && same "$tmp/third.out" "$tmp/nth.out" && [ ! -s "$tmp/nth.err" ]
ok $? "solve FILE:3: the third puzzle alone, past a bad second one"
run nth_rate rate "$tmp/three.txt:3"
status_is nth_rate 0 && out_has nth_rate "$tmp/three.txt:3: Easy" && [ "$(wc -l <"$tmp/nth_rate.out")" -eq 1 ]
ok $? "rate FILE:3: the third puzzle alone, numbered 3"
run nth_hint hint "$tmp/three.txt:3"
run third_hint hint "$tmp/third.txt"
status_is nth_hint 0 && same "$tmp/third_hint.out" "$tmp/nth_hint.out"; ok $? "hint FILE:3: the same puzzle"
for command in solve rate hint; do
  run nth0 $command "$tmp/three.txt:0"
  status_is nth0 2 && err_has nth0 "kakudo: $tmp/three.txt: puzzle numbers start at 1"
  ok $? "$command FILE:0: puzzle numbers start at 1, exit 2"
  run nth9 $command "$tmp/three.txt:9"
  status_is nth9 2 && err_has nth9 "kakudo: $tmp/three.txt has only 3 puzzles" && [ ! -s "$tmp/nth9.out" ]
  ok $? "$command FILE:9 of three: has only 3 puzzles, exit 2"
done
run nth2 solve "$tmp/three.txt:2"
status_is nth2 2 && err_has nth2 "$tmp/three.txt:2:" && [ ! -s "$tmp/nth2.out" ]
ok $? "solve FILE:2, a bad line: its message, exit 2"
# -:N, standard input's Nth puzzle, wherever FILE:N is read (getopt took it for options).
run_stdin() {
  name=$1; input=$2; shift 2
  "$bin" "$@" <"$input" >"$tmp/$name.out" 2>"$tmp/$name.err"
  echo $? >"$tmp/$name.status"
}
run_stdin dash3 "$tmp/three.txt" solve -:3
status_is dash3 0 && same "$tmp/third.out" "$tmp/dash3.out" && [ ! -s "$tmp/dash3.err" ]
ok $? "solve -:3: standard input's third puzzle alone"
run_stdin dash3_opts "$tmp/three.txt" solve -j 1 -:3 --any
status_is dash3_opts 0 && same "$tmp/third.out" "$tmp/dash3_opts.out"
ok $? "solve -j 1 -:3 --any: options on both sides of it"
run_stdin dash3_rate "$tmp/three.txt" rate -:3
status_is dash3_rate 0 && out_has dash3_rate "<stdin>:3: Easy"; ok $? "rate -:3: the third puzzle, numbered 3"
run_stdin dash3_hint "$tmp/three.txt" hint -:3
status_is dash3_hint 0 && same "$tmp/third_hint.out" "$tmp/dash3_hint.out"; ok $? "hint -:3: the same puzzle"
run_stdin dash9 "$tmp/three.txt" solve -:9
status_is dash9 2 && err_has dash9 "kakudo: <stdin> has only 3 puzzles"; ok $? "solve -:9 of three: has only 3 puzzles, exit 2"
for command in play watch; do
  run_stdin dash3_$command "$tmp/three.txt" $command -:3
  status_is dash3_$command 2 && err_has dash3_$command "kakudo: -: the player reads its keys from standard input"
  ok $? "$command -:3: why the player cannot read standard input, exit 2"
done
run_stdin dash_x "$tmp/three.txt" solve -:x
status_is dash_x 2 && err_has dash_x "invalid option -- ':'"; ok $? "solve -:x is no puzzle number: still an unknown option"
run play_dash -
status_is play_dash 2 && err_has play_dash "kakudo: -: the player reads its keys from standard input"
ok $? "the player on -: why it cannot read standard input, exit 2"
printf '1\n99999999999\n' >"$tmp/hugen.txt"
run hugen solve "$tmp/hugen.txt"
status_is hugen 2 && err_has hugen "hugen.txt:2:1: expected a board size 1-128, got '99999999999'"; ok $? "KAKURO2 with a huge board size: its message, exit 2"

# Line ends: CRLF and a missing final newline change nothing.
sed 's/$/\r/' "$data/kakuro2.in" >"$tmp/crlf.in"
run crlf solve "$tmp/crlf.in"
same "$data/kakuro2.out" "$tmp/crlf.out"; ok $? "KAKURO2 input with CRLF line ends: the same output"
printf '%s' "$(cat "$data/boj2580.in")" >"$tmp/nonl.in"
run nonl solve "$tmp/nonl.in"
same "$data/boj2580.out" "$tmp/nonl.out"; ok $? "a grid without a final newline: the same output"

# A run without a clue (book's r9c13-r9c14 after a down-only 35\): digits that differ,
# any sum.  book has one solution, so nothing on stderr; both strategies count 1.
run book solve "$data/book.in"
same "$data/book.out" "$tmp/book.out" && status_is book 0 && [ ! -s "$tmp/book.err" ]
ok $? "book (a run without a clue): solved, unique, as expected"
run bookcount solve --count "$data/book.in"
[ "$(cat "$tmp/bookcount.out")" = 1 ]; ok $? "book: --count finds exactly one solution"
run bookplain solve --count --strategy=plain "$data/book.in"
[ "$(cat "$tmp/bookplain.out")" = 1 ]; ok $? "book: the plain search counts one too"
run bookk2 solve --format kakuro2 "$data/book.in"
status_is bookk2 2 && err_has bookk2 "book.in:5:1: expected the number of cases"
ok $? "book read as KAKURO2: a message, exit 2, no crash"
printf '1\n3\n0 0 0\n0 1 1\n0 1 1\n2\n2 1 0 3\n3 1 0 7\n' >"$tmp/k2unclued.in"
run k2unclued solve "$tmp/k2unclued.in"
status_is k2unclued 2 && err_has k2unclued "k2unclued.in:4:3: the down run starting at r2c2 has no clue"
ok $? "KAKURO2 still needs a clue for every run"

# Several files: grids are separated by a blank line, so the output reads back.
run two solve "$data/boj2239.in" "$data/boj2239.in"
{ cat "$data/boj2239.out"; echo; cat "$data/boj2239.out"; } >"$tmp/two.expected"
same "$tmp/two.expected" "$tmp/two.out"; ok $? "two grid files: the solutions separated by a blank line"

# generate's one-line 4x4 puzzles without their comment lines: 20 puzzles, not a 16x16 grid.
"$bin" generate sudoku --size 4 --count 20 --seed 5 2>/dev/null | grep -v '^#' >"$tmp/lines4.in"
run lines4 solve "$tmp/lines4.in"
status_is lines4 0 && [ "$(wc -l <"$tmp/lines4.out")" -eq 20 ] && [ ! -s "$tmp/lines4.err" ]
ok $? "20 one-line 4x4 puzzles are read as lines, not as a 16x16 grid"

# --help fits a terminal of 80 columns without wrapping.
run help --help
status_is help 0 && [ "$(awk 'length > 79' "$tmp/help.out" | wc -l)" -eq 0 ]
ok $? "--help: no line over 79 columns"
run genhelp generate --help
status_is genhelp 0 && [ "$(awk 'length > 80' "$tmp/genhelp.out" | wc -l)" -eq 0 ]
ok $? "generate --help: no line over 80 columns"

# A word that is neither a command nor a file: said so, with the command meant if close.
run frob frobnicate
status_is frob 2 && err_has frob "unknown command 'frobnicate'" && err_has frob "the commands are" \
  && ! grep -q "No such file or directory" "$tmp/frob.err"
ok $? "kakudo frobnicate: an unknown command (not a missing file), exit 2"
run slove slove
status_is slove 2 && err_has slove "unknown command 'slove'" && err_has slove "did you mean 'solve'?"
ok $? "kakudo slove: suggests solve"
run genrate genrate --size 4
status_is genrate 2 && err_has genrate "did you mean 'generate'?"
ok $? "kakudo genrate --size 4: the unknown command is said before its options are refused"
(cd "$tmp" && cp "$srcdir/data/01-sudoku4-beginner.txt" wordfile && "$bin" wordfile </dev/null >word.out 2>word.err)
grep -q "the player needs a terminal" "$tmp/word.err"; ok $? "a file named like a word is still opened as a file"

# A save named to the player opens as the game it holds (it was refused, "a saved game,
# not a puzzle"): read before the screen is taken, so here, without a terminal, it loads
# and then the player says it needs one.  watch still opens puzzles alone, and says how a
# save is played.
save="$srcdir/tests/data/rating/position.save"
run saveplay play "$save"
status_is saveplay 2 && err_has saveplay "the player needs a terminal" && ! grep -q "a saved game" "$tmp/saveplay.err"
ok $? "kakudo play SAVE: the save is read, not refused"
run saveplain "$save"
status_is saveplain 2 && err_has saveplain "the player needs a terminal"; ok $? "kakudo SAVE is play's"
run savewatch watch "$save"
status_is savewatch 2 && err_has savewatch "position.save: a saved game, not a puzzle: watch opens puzzles; the player resumes a saved game (kakudo SAVE)" \
  && ! grep -q "not through a pipe" "$tmp/savewatch.err"
ok $? "kakudo watch SAVE: refused, naming watch and how a save is played"
# A save that does not load is said on the terminal, file:line, and left where it is (the
# state directory's are set aside; one the user names is theirs).
sed 's/^kind sudoku$/kind sudoku!/' "$save" >"$tmp/bad.save"
run badsave play "$tmp/bad.save"
status_is badsave 2 && err_has badsave "bad.save:2: expected \"kind sudoku|kakuro\"" && [ -f "$tmp/bad.save" ] \
  && ! grep -q "needs a terminal" "$tmp/badsave.err"
ok $? "kakudo BAD.save: the loader's message, exit 2, the file kept"

tap_done
