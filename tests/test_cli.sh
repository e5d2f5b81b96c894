#!/bin/sh
# test_cli.sh: `kakudo solve` and the command line, end to end, as TAP.
srcdir=${srcdir:-.}
bin=${KAKUDO_BIN:-./src/kakudo}
data=$srcdir/tests/data/cli
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
failed=0

ok() {  # ok CONDITION-EXIT-STATUS DESCRIPTION
  n=$((n + 1))
  if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; failed=$((failed + 1)); fi
}

# run NAME ARGS...: runs kakudo, keeping stdout, stderr and the exit status.
run() {
  name=$1; shift
  "$bin" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err" </dev/null
  echo $? >"$tmp/$name.status"
}
status_is() { [ "$(cat "$tmp/$1.status")" = "$2" ]; }
same() { cmp -s "$1" "$2" || { diff "$1" "$2" | sed 's/^/# /'; return 1; }; }
err_has() { grep -qF -- "$2" "$tmp/$1.err" || { sed 's/^/# stderr: /' "$tmp/$1.err"; return 1; }; }

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

echo "1..$n"
[ "$failed" -eq 0 ]
