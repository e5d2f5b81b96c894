#!/bin/sh
# test_hint_cli.sh: `kakudo hint` and `kakudo rate` end to end, as TAP.
. "$(dirname "$0")/tap.sh"
data=$srcdir/tests/data/hint/cli

# --- kakudo hint ---

run wiki hint "$data/wiki.txt"
same "$data/wiki.hint" "$tmp/wiki.out"; ok $? "hint: the technique, the cells in rNcM and the reason"
status_is wiki 0 && [ ! -s "$tmp/wiki.err" ]; ok $? "hint: exit status 0, nothing on stderr"

run kakuro hint "$data/kakuro4.txt"
same "$data/kakuro4.hint" "$tmp/kakuro.out"; ok $? "hint: a Kakuro step names its run and the eliminations"

run all hint --all "$data/wiki.txt"
same "$data/wiki.all" "$tmp/all.out"; ok $? "hint --all: every step available now, numbered"
run all2 hint "$data/wiki.txt" --all
same "$data/wiki.all" "$tmp/all2.out"; ok $? "hint --all after the file (GNU option order)"
[ "$(grep -c '^[0-9]*\. Hidden single (box): in box 2, 8 fits only r1c6' "$tmp/all.out")" -eq 1 ]
ok $? "hint --all: the first step is among them, once"

run nth hint "$srcdir/tests/data/hint/sudoku_sources.txt:28"
out_has nth "Nested forcing chain: if r1c3 were 2, then r2c6 = 2 (the only place for 2 in column 6), r1c8 is not 1 (if r1c8 were 1, then"; ok $? "hint FILE:N: the Nth puzzle of a file (one that needs a nested forcing chain at once)"

run two hint "$data/wiki.txt" "$data/kakuro4.txt"
[ "$(grep -c ':$' "$tmp/two.out")" -eq 2 ] && out_has two "Unique sum:"; ok $? "hint on two files: each named, each hinted"

run solved hint "$data/solved.txt"
out_has solved "already solved" && status_is solved 0; ok $? "hint on a solved grid says so"

run several hint "$srcdir/tests/data/cli/boj2239_several.in"
out_has several "several solutions" && status_is several 0; ok $? "hint on a puzzle with several solutions says so"

run none hint "$srcdir/tests/data/cli/none.in"
out_has none "no solution" && status_is none 1; ok $? "hint on a puzzle without solution: says so, exit 1"

"$bin" hint - <"$data/wiki.txt" >"$tmp/stdin.out" 2>"$tmp/stdin.err"
same "$data/wiki.hint" "$tmp/stdin.out"; ok $? "hint -: the puzzle from standard input"
"$bin" hint <"$data/kakuro4.txt" >"$tmp/nofile.out" 2>"$tmp/nofile.err"
same "$data/kakuro4.hint" "$tmp/nofile.out"; ok $? "hint without a file reads standard input"

run empty hint
status_is empty 2 && err_has empty "<stdin>: no puzzle found"; ok $? "hint on an empty standard input: message and exit 2"

run missing hint "$tmp/does-not-exist.txt"
status_is missing 2 && err_has missing "does-not-exist.txt"; ok $? "hint on a missing file: message and exit 2"

# --apply past the end: the closing comment counts the steps (it printed "%ld" as it stands).
run apply_end hint --apply=1000 "$data/wiki.txt"
steps=$(grep -c '^# [0-9]*\. ' "$tmp/apply_end.out")
out_has apply_end "# (Solved after $steps steps.)" && ! out_has apply_end "%ld"
ok $? "hint --apply past the end: 'Solved after N steps', N counted"
"$bin" solve "$data/wiki.txt" 2>/dev/null | sed 's/^./0/' >"$tmp/one_left.txt"
run apply_one hint --apply=5 "$tmp/one_left.txt"
out_has apply_one "# (Solved after one step.)"; ok $? "hint --apply: one step to the end, said so"

printf '1 2 3\n4 x 6\n' >"$tmp/bad.txt"
run bad hint "$tmp/bad.txt"
status_is bad 2 && err_has bad "bad.txt:"; ok $? "hint on bad input: the message names the file, exit 2"

# --- kakudo rate ---

levels='(Beginner|Easy|Medium|Hard|Expert|Master)'
run rate rate "$srcdir/tests/data/hint/sudoku_sources.txt"
# (31 puzzles; "at least": a forum puzzle stopped at rate's ceiling on the clock, when loaded)
[ "$(grep -cE "^[^ ]*sudoku_sources.txt:[0-9]+: (at least )?$levels, rating [0-9]+\.[0-9], hardest [^,]+, score [0-9]+: " "$tmp/rate.out")" -eq 31 ]
ok $? "rate: every puzzle's level, rating, hardest technique, score and counts"
grep -q 'sudoku_sources.txt:1: Easy, rating 2.6, hardest Pointing, score [0-9]*: Full house [0-9]*, .*Pointing 5, Hidden pair 1$' "$tmp/rate.out"
ok $? "rate: counts each technique on the path"

run easy rate "$data/wiki.txt"
out_has easy "wiki.txt:1: Beginner, rating 1.2, hardest Hidden single (box)"; ok $? "rate: a singles-only puzzle is Beginner"

# One puzzle: rating one of these takes a second or two, and `rate` stops at its ceiling
# on the clock on a loaded machine ("at least Master"), after the first step at least.
grep -v '^#' "$srcdir/tests/data/hint/sample_forum_hardest.txt" | head -n 1 > "$tmp/hard1.txt"
run hard rate "$tmp/hard1.txt"
out_has hard "Master, rating" && out_has hard "hardest Nested forcing chain" && ! out_has hard "Trial"
ok $? "rate: the forum's hardest need nested forcing chains (Master), no trial"

run kak rate "$srcdir/tests/data/hint/kakuro_sample.txt"
[ "$(grep -cE "kakuro_sample.txt:[0-9]+ \([0-9]+_[0-9x]+\): $levels, rating [0-9]+\.[0-9], hardest " "$tmp/kak.out")" -eq 20 ]
ok $? "rate: Kakuro on the same scale, named from the file"

"$bin" rate <"$data/wiki.txt" >"$tmp/stdin.out" 2>/dev/null
grep -q '^<stdin>:1: Beginner' "$tmp/stdin.out"; ok $? "rate reads standard input when no file is given"

run several_rate rate "$srcdir/tests/data/cli/boj2239_several.in"
out_has several_rate "(several solutions)"; ok $? "rate: a puzzle with several solutions is rated and marked"

run none_rate rate "$srcdir/tests/data/cli/none.in" "$data/wiki.txt"
out_has none_rate "none.in:1: no solution" && out_has none_rate "wiki.txt:1: Beginner" && status_is none_rate 1
ok $? "rate: a puzzle without solution is reported, the next file still rated, exit 1"

wiki=530070000600195000098000060800060003400803001700020006060000280000419005000080079
printf '%s\n%s\n%s\n' "$wiki" 'xx' "$wiki" >"$tmp/lines.txt"
run lines rate "$tmp/lines.txt"
err_has lines "lines.txt:2:" && out_has lines "lines.txt:3: Beginner" && status_is lines 2
ok $? "rate: a bad line is reported with its number, the rest rated, exit 2"

run help --help
out_has help "kakudo hint [--all|--apply=N] [FILE[:N]]" && out_has help "kakudo rate"; ok $? "--help lists hint and rate"

tap_done
