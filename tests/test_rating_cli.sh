#!/bin/sh
# test_rating_cli.sh: the rating's command lines: rate --format=se|rating and --path, hint on
# pencil-mark grids and saved games (solve and rate read their puzzles), hint --apply, as TAP.
. "$(dirname "$0")/tap.sh"
data=$srcdir/tests/data/rating
wiki=$srcdir/tests/data/hint/cli/wiki.txt
grep -v '^#' "$data/se_rated.txt" | head -n 5 | cut -c1-81 >"$tmp/five.txt"

# --- rate ---

run se rate --format=se "$tmp/five.txt"
[ "$(grep -cE '^[0-9.]{81} ED=[0-9]+\.[0-9]/[0-9]+\.[0-9]/[0-9]+\.[0-9]$' "$tmp/se.out")" -eq 5 ]
ok $? "rate --format=se: the puzzle's line and ED=ER/EP/ED, as SE's serate"
head -n 1 "$tmp/five.txt" | tr 0 . >"$tmp/first.line"
[ "$(head -n 1 "$tmp/se.out" | cut -c1-81)" = "$(cat "$tmp/first.line")" ]
ok $? "rate --format=se: the line is the puzzle, '.' for empty cells"

run rating rate --format=rating "$tmp/five.txt"
[ "$(grep -cE '^[0-9.]{81} [0-9]+\.[0-9]$' "$tmp/rating.out")" -eq 5 ]
ok $? "rate --format=rating: the puzzle's line, then its rating"
run both rate --format=line,rating "$tmp/five.txt"
same "$tmp/rating.out" "$tmp/both.out"; ok $? "rate --format=line,rating: the input's format and the output's together"

run text rate "$tmp/five.txt"
paste -d' ' "$tmp/rating.out" "$tmp/text.out" | awk '{ split($0, a, ", rating "); split(a[2], b, ","); if ($2 != b[1]) bad++ } END { exit bad > 0 }'
ok $? "rate: the same number in every output"

run path rate --path "$wiki"
steps=$(grep -cE '^ *[0-9]+\.[0-9]  [A-Z]' "$tmp/path.out")
[ "$steps" -gt 40 ] && out_has path "wiki.txt:1:" && out_has path "wiki.txt:1: Beginner, rating 1.2"
ok $? "rate --path: a line per step (rating, technique, text), then the summary"
[ "$(grep -cE '^ *1\.[0-9]  (Full house|Hidden single)' "$tmp/path.out")" -eq "$steps" ]
ok $? "rate --path: a singles-only puzzle's steps are all singles, rated 1.x"

# A 16x16 (generate --size 16 --seed 10) whose path has finned swordfish, grouped X-chains and
# grouped AICs: the searches' shortcuts (branches that cannot end in a fish, the crossings
# of lines that miss a box) find every step the full walks found, in the same order.
cp "$data/big16.txt" "$tmp/big16.txt"
run big16 rate --path -j1 "$tmp/big16.txt"
sed "s|^$tmp/||" "$tmp/big16.out" >"$tmp/big16.steps"
same "$data/big16.path" "$tmp/big16.steps"; ok $? "rate --path on a 16x16 with finned fish and grouped chains: the golden's steps"

run several rate --format=se "$srcdir/tests/data/cli/boj2239_several.in"
grep -qE ' ED=[0-9.]+/[0-9.]+/[0-9.]+ \(several solutions\)$' "$tmp/several.out"; ok $? "rate --format=se marks a puzzle with several solutions"

run kak rate --format=rating "$srcdir/tests/data/hint/cli/kakuro4.txt"
grep -qE '^[^ ]*kakuro4.txt:1 [0-9]+\.[0-9]$' "$tmp/kak.out"; ok $? "rate --format=rating: a Kakuro is named FILE:N"

# A variant's line holds what makes it that puzzle (regions, cages), so it reads back as it;
# a combination no one-line form holds is named FILE:N, as a Kakuro is.  What is tested is
# the line that names the puzzle: the Jigsaw X (nested forcing chains, 1.2 s of CPU) takes
# 4.6 s under the sanitizers, near rate's 5 s ceiling, and a busy machine may tip it over,
# so a rating cut short (" (gave up)") passes too.
variants=$srcdir/tests/data/variant/variants.txt
killer=$srcdir/tests/data/variant/killer_wiki.txt
rated=' [0-9]+\.[0-9]( \(gave up\))?$'
run vlines rate -j1 --format=rating "$variants" "$killer"
sed -n 2p "$tmp/vlines.out" | grep -qE "^[0-9.]{81} [1-9]{81}$rated" \
    && [ "$(sed -n 3,5p "$tmp/vlines.out" | grep -cE "^[^ ]*variants.txt:[345]$rated")" -eq 3 ] \
    && sed -n 6p "$tmp/vlines.out" | grep -qE "^[A-Za-z]{81}( [0-9]+)+$rated"
ok $? "rate --format=rating: a Jigsaw's line holds its regions, a Killer's its cages and sums, the combinations are FILE:N"
sed -n 2p "$tmp/vlines.out" | sed 's/ [0-9.]*$//' >"$tmp/jigsaw.line"
sed -n 6p "$tmp/vlines.out" | sed 's/ [0-9.]*$//' >"$tmp/killer.line"
run vback rate -j1 --format=rating "$tmp/jigsaw.line" "$tmp/killer.line"
sed -n '2p;6p' "$tmp/vlines.out" >"$tmp/vlines.want"
same "$tmp/vlines.want" "$tmp/vback.out"; ok $? "rate --format=rating: the Jigsaw and Killer lines read back as the same puzzles"

run bad_format rate --format=serate "$tmp/five.txt"
status_is bad_format 2 && err_has bad_format "se or rating"; ok $? "rate --format with an unknown name: usage error"
run path_hint hint --path "$wiki"
status_is path_hint 2 && err_has path_hint "--path is an option of rate"; ok $? "--path outside rate: usage error"
run path_se rate --path --format=se "$wiki"
status_is path_se 2; ok $? "--path with --format=se: usage error"
run apply_rate rate --apply=3 "$wiki"
status_is apply_rate 2 && err_has apply_rate "--apply is an option of hint"; ok $? "--apply outside hint: usage error"
run apply_all hint --apply=3 --all "$wiki"
status_is apply_all 2; ok $? "hint --apply with --all: usage error"
run apply_bad hint --apply=x "$wiki"
status_is apply_bad 2 && err_has apply_bad "invalid --apply"; ok $? "hint --apply=x: usage error"

# --- hint on positions ---

run apply hint --apply=5 "$wiki"
[ "$(grep -c '^# [1-5]\. ' "$tmp/apply.out")" -eq 5 ] && grep -q "^\.---" "$tmp/apply.out" && grep -q "^'---" "$tmp/apply.out"
ok $? "hint --apply=5: five steps (as comments), then the position as a pencil-mark grid"
run apply_back hint --apply=0 "$tmp/apply.out"
status_is apply_back 0 && grep -q "^'---" "$tmp/apply_back.out"
ok $? "hint --apply's whole output, steps included, reads back as a position"
! grep -B1 "^\.---" "$tmp/apply.out" | head -n 1 | grep -q "^# [0-9]*\. "
ok $? "hint --apply: no step right before the grid (the comment there names the puzzle)"
{ echo "# mine"; head -n 1 "$tmp/five.txt" | cut -c1-81 | fold -w 9; } >"$tmp/named.txt"
run named hint --apply=2 "$tmp/named.txt"
[ "$(grep -B1 "^\.---" "$tmp/named.out" | head -n 1)" = "# mine" ]
ok $? "hint --apply: the puzzle's name comes right before the grid, so it names it again"
run two hint --apply=1 "$wiki" "$tmp/named.txt"
run two_back hint "$tmp/two.out:2"
run named_first hint --apply=1 "$tmp/named.txt"
run named_back hint "$tmp/named_first.out"
status_is two_back 0 && grep -q "^# .*named.txt:$" "$tmp/two.out" && same "$tmp/named_back.out" "$tmp/two_back.out"
ok $? "hint --apply on several files: each file's heading a comment, each grid read back as FILE:N"
sed -n '/^\.---/,$p' "$tmp/apply.out" >"$tmp/pos.txt"
# A position as the puzzle gives it (a lone candidate would be in brackets, "[5]").
head -n 1 "$tmp/five.txt" >"$tmp/hard.txt"
run start hint --apply=0 "$tmp/hard.txt"
run again hint --apply=0 "$tmp/start.out"
same "$tmp/start.out" "$tmp/again.out"; ok $? "a pencil-mark grid read back and written again is the same"
[ "$(grep -c '[0-9][0-9]' "$tmp/start.out")" -eq 9 ]; ok $? "every row shows candidates"
run forced hint --format=pencilmarks --apply=0 "$tmp/start.out"
same "$tmp/start.out" "$tmp/forced.out"; ok $? "--format=pencilmarks forces the reading"
run forced_line hint --format=line "$tmp/start.out"
status_is forced_line 2; ok $? "--format=line refuses a pencil-mark grid"
run from_pm hint "$tmp/start.out"
run from_line hint "$tmp/hard.txt"
same "$tmp/from_line.out" "$tmp/from_pm.out"; ok $? "hint on the puzzle's pencil-mark grid: the puzzle's own first step"

sed '3s/| 6 /| x /' "$tmp/pos.txt" >"$tmp/bad.txt"
grep -q '| x ' "$tmp/bad.txt" || echo "# the grid to spoil changed: $(sed -n 3p "$tmp/pos.txt")"
run badpm hint "$tmp/bad.txt"
status_is badpm 2 && err_has badpm "bad.txt:3:3: expected a cell's digit or candidates"
ok $? "a malformed pencil-mark grid: file:line:col and what was expected, exit 2"

# A cell left one candidate is written in brackets ("[5]"): the forums' grids write it as
# a bare digit, which reads as placed, so apply N then M would differ from apply N+M.
: >"$tmp/sround.bad"
: >"$tmp/sbrackets"
grep -v '^#' "$data/se_rated.txt" | awk 'NR == 1 || NR == 10 || NR == 88 { print $1 }' >"$tmp/three.txt"
for i in 1 2 3; do
  for steps in 4 20 45; do
    "$bin" hint --apply=$steps "$tmp/three.txt:$i" >"$tmp/sa.txt"
    grep -q '\[[1-9]\]' "$tmp/sa.txt" && echo "$i $steps" >>"$tmp/sbrackets"
    for more in 1 7 30; do
      "$bin" hint --apply=$more "$tmp/sa.txt" | grep -v '^#' >"$tmp/sb.txt"
      "$bin" hint --apply=$((steps + more)) "$tmp/three.txt:$i" | grep -v '^#' >"$tmp/sc.txt"
      cmp -s "$tmp/sb.txt" "$tmp/sc.txt" || echo "# puzzle $i: --apply=$steps then $more differs" >>"$tmp/sround.bad"
    done
  done
done
cat "$tmp/sround.bad"
[ ! -s "$tmp/sround.bad" ]; ok $? "Sudoku: hint --apply=N, then --apply=M on its output, is --apply=N+M"
[ -s "$tmp/sbrackets" ]; ok $? "Sudoku: a cell left one candidate is written in brackets ([5]), not as placed"
set -- $(head -n 1 "$tmp/sbrackets") 1 4
"$bin" hint --apply=$2 "$tmp/three.txt:$1" >"$tmp/sa.txt"
sed -n '/^\.---/,$p' "$tmp/sa.txt" | sed 's/\[\([1-9]\)\]/\1/g' >"$tmp/forum.txt"
sed -n '/^\.---/,$p' "$tmp/sa.txt" >"$tmp/kakudo.txt"
run forum hint "$tmp/forum.txt"
run kakudo_pm hint "$tmp/kakudo.txt"
status_is forum 0 && status_is kakudo_pm 0 && ! cmp -s "$tmp/forum.out" "$tmp/kakudo_pm.out"
ok $? "Sudoku: the forums' bare digit still reads as placed, kakudo's [5] as a candidate"
sed '3s/| \([^ ]*\) /| [] /' "$tmp/kakudo.txt" >"$tmp/empty_br.txt"
run empty_br hint "$tmp/empty_br.txt"
status_is empty_br 2 && err_has empty_br "empty_br.txt:3:4: expected candidates (symbols 1 to 9) between '[' and ']' in '[]'"
ok $? "Sudoku: empty brackets in a pencil-mark grid: file:line:col and what was expected"

# --- Kakuro positions with candidates (hint --apply's output, the player's g) ---

kak=$srcdir/tests/data/hint/kakuro_sample.txt
: >"$tmp/kround.bad"
for i in 1 4 9; do
  for steps in 1 6 23 57; do
    "$bin" hint --apply=$steps "$kak:$i" >"$tmp/ka.txt"
    for more in 1 9 40; do
      "$bin" hint --apply=$more "$tmp/ka.txt" | grep -v '^#' >"$tmp/kb.txt"
      "$bin" hint --apply=$((steps + more)) "$kak:$i" | grep -v '^#' >"$tmp/kc.txt"
      grep -q '\[[1-9]\]' "$tmp/kb.txt" && echo "$i $steps $more" >>"$tmp/kbrackets"
      cmp -s "$tmp/kb.txt" "$tmp/kc.txt" || echo "# puzzle $i: --apply=$steps then $more differs" >>"$tmp/kround.bad"
    done
  done
done
cat "$tmp/kround.bad"
[ ! -s "$tmp/kround.bad" ]; ok $? "Kakuro: hint --apply=N, then --apply=M on its output, is --apply=N+M (janko puzzles)"
[ -s "$tmp/kbrackets" ]; ok $? "Kakuro: a cell left one candidate is written in brackets ([5]), not as placed"
run knext hint --apply=11 "$kak:1"
run kpos hint "$tmp/knext.out"
run k12 hint --apply=12 "$kak:1"
[ "$(sed 's/^/# 12. /' "$tmp/kpos.out")" = "$(grep '^# 12\. ' "$tmp/k12.out")" ]
ok $? "Kakuro: hint on a position with candidates gives the next step of the walk"
run kforced hint --format=pencilmarks "$tmp/knext.out"
same "$tmp/kpos.out" "$tmp/kforced.out"; ok $? "Kakuro: --format=pencilmarks reads a Kakuro position too"
sed -n '/^\\ /,$p' "$tmp/knext.out" >"$tmp/kgrid.txt"
awk 'NR == 3 { sub(/ 689 /, " 6x9 ") } { print }' "$tmp/kgrid.txt" >"$tmp/kbad.txt"
grep -q ' 6x9 ' "$tmp/kbad.txt" || echo "# the grid to spoil changed: $(sed -n 3p "$tmp/kgrid.txt")"
run kbad hint "$tmp/kbad.txt"
status_is kbad 2 && err_has kbad "kbad.txt:3:5: expected \\, _, a digit 1-9, candidates (123, [5], .) or a clue (D\\, \\A, D\\A), got '6x9'"
ok $? "Kakuro: a malformed candidate: file:line:col and what was expected, exit 2"
awk 'NR == 3 { sub(/ 689 /, " 699 ") } { print }' "$tmp/kgrid.txt" >"$tmp/kdup.txt"
run kdup hint "$tmp/kdup.txt"
status_is kdup 2 && err_has kdup "candidate 9 twice in '699'"; ok $? "Kakuro: a candidate twice: said, exit 2"

run save hint "$data/position.save"
out_has save "Hidden single (box): in box 1, 1 fits only r3c1"; ok $? "hint on a saved game: the next step from the player's position"
run mistake hint "$data/mistake.save"
out_has mistake "Mistake: r1c3 holds 2"; ok $? "hint on a saved game with a wrong digit: the mistake first"
run save_apply hint --apply=1 "$data/position.save"
grep -q '^| 5 *3 *4 *| 26 ' "$tmp/save_apply.out"; ok $? "hint --apply on a saved game keeps the player's digits and marks"
grep -x '53\.\.7.*79' "$data/position.save" >"$tmp/save_puzzle.txt"
run rsave rate "$data/position.save"
run rsave_puzzle rate "$tmp/save_puzzle.txt"
status_is rsave 0 && [ "$(sed 's/^[^:]*:1//' "$tmp/rsave.out")" = "$(sed 's/^[^:]*:1//' "$tmp/rsave_puzzle.out")" ] \
    && out_has rsave "position.save:1: "
ok $? "rate on a saved game rates its puzzle (the givens), as hint reads a save"
printf 'kakudo-save 2\nkind sudoku\npuzzle\n' >"$tmp/broken.save"
run rbroken rate "$tmp/broken.save"
status_is rbroken 2 && err_has rbroken "broken.save"; ok $? "rate on a broken save: its message names the file, exit 2"
run ssave solve "$data/mistake.save"
run ssave_puzzle solve "$tmp/save_puzzle.txt"
status_is ssave 0 && same "$tmp/ssave_puzzle.out" "$tmp/ssave.out"
ok $? "solve on a saved game solves its puzzle (the givens, not the player's wrong digit), as rate reads a save"
sed 's/^format line 0 0 0 0$/format grid 1 1 0 ./' "$data/mistake.save" >"$tmp/grid.save"
run sgrid solve "$tmp/grid.save"
status_is sgrid 0 && [ "$(grep -c '^[1-9] [1-9] [1-9] | [1-9] ' "$tmp/sgrid.out")" -eq 9 ] \
    && [ "$(tr -cd 1-9 <"$tmp/sgrid.out")" = "$(tr -cd 1-9 <"$tmp/ssave.out")" ]
ok $? "solve on a saved game writes the solution in the layout its puzzle was read in"
run sbroken solve "$tmp/broken.save"
status_is sbroken 2 && same "$tmp/rbroken.err" "$tmp/sbroken.err"; ok $? "solve on a broken save: rate's message, exit 2"

# --- the generator's givens ---

givens() { grep -o '[0-9]* givens' "$tmp/$1.out" | cut -d' ' -f1; }
run beg generate sudoku --level beginner --count 3 --seed 1
for g in $(givens beg); do [ "$g" -ge 36 ] && [ "$g" -le 45 ] || echo "# beginner with $g givens"; done >"$tmp/beg.bad"
[ "$(givens beg | wc -l)" -eq 3 ] && [ ! -s "$tmp/beg.bad" ]; ok $? "generate: a 9x9 Beginner has 36 to 45 givens, as published easy puzzles"
run mas generate sudoku --level master --count 2 --seed 1
[ "$(givens mas | sort -n | tail -n 1)" -lt "$(givens beg | sort -n | head -n 1)" ]
ok $? "generate: a Master has fewer givens than a Beginner"
run range generate sudoku --level hard --givens 24-26 --count 2 --seed 3
for g in $(givens range); do [ "$g" -ge 24 ] && [ "$g" -le 26 ] || echo "# $g givens"; done >"$tmp/range.bad"
[ "$(givens range | wc -l)" -eq 2 ] && [ ! -s "$tmp/range.bad" ] && out_has range "--givens 24-26"
ok $? "generate --givens 24-26: every puzzle within, and the recorded command says so"
run big generate sudoku --level beginner --size 16 --seed 1
g=$(givens big); [ "$g" -ge 114 ] && [ "$g" -le 142 ]; ok $? "generate: a 16x16 Beginner has the same share of givens ($g of 256)"
run anygiv generate sudoku --givens 20 --attempts 3 --seed 1
status_is anygiv 1 && err_has anygiv "none with 20 givens within 3 attempts; printed one with"
ok $? "generate --givens without --level: the range holds too, and a miss is said (exit 1)"
# Seed 3's first attempt is an Expert of 26 givens, its second a Beginner of 28: at any
# level the one nearer 20 givens stays, whatever its level.
run anynear1 generate sudoku --givens 20 --attempts 1 --seed 3 -j1
run anynear2 generate sudoku --givens 20 --attempts 2 --seed 3 -j1
[ "$(givens anynear1)" = 26 ] && [ "$(givens anynear2)" = 26 ] && out_has anynear2 "Expert"
ok $? "generate --givens 20 --level any: of the misses, the one nearest the range ($(givens anynear2) givens)"
run anyrange generate sudoku --givens 24-27 --count 2 --seed 3
for g in $(givens anyrange); do [ "$g" -ge 24 ] && [ "$g" -le 27 ] || echo "# $g givens"; done >"$tmp/anyrange.bad"
[ "$(givens anyrange | wc -l)" -eq 2 ] && [ ! -s "$tmp/anyrange.bad" ]
ok $? "generate --givens 24-27 at any level: every puzzle within"
run kgiv generate kakuro --givens 3-4
status_is kgiv 2 && err_has kgiv "givens are for Sudoku"; ok $? "generate kakuro --givens: usage error"
run badgiv generate sudoku --givens 30-20
status_is badgiv 2 && err_has badgiv "kakudo generate: --givens 30-20: MIN is more than MAX (did you mean 20-30?)"
ok $? "generate --givens 30-20: usage error that offers 20-30"
run onegiv generate sudoku --givens 90
status_is onegiv 2 && err_has onegiv "no 9x9 Sudoku has 90 givens: it has 81 cells"
ok $? "generate --givens 90: one number said as one number, with the cells there are"
run hugegiv generate x --givens 700
status_is hugegiv 2 && err_has hugegiv "no 9x9 sudoku-x has 700 givens: it has 81 cells"
ok $? "generate x --givens 700: the same for a variant and a number past 625"
run fewgiv generate sudoku --givens 10-16
status_is fewgiv 2 && err_has fewgiv "no 9x9 Sudoku with 10-16 givens has one solution: it needs at least 17"
ok $? "generate --givens 10-16: under 17 no 9x9 Sudoku is unique, said at once"
run fewgiv6 generate jigsaw --size 6 --givens 4
status_is fewgiv6 2 && err_has fewgiv6 "no 6x6 jigsaw with 4 givens has one solution: it needs at least 5"
ok $? "generate jigsaw --size 6 --givens 4: under size-1 two digits could swap"
run zerogiv generate sudoku --givens 0
status_is zerogiv 2 && err_has zerogiv "a Sudoku needs givens: only a Killer's cages can stand alone"
ok $? "generate sudoku --givens 0: usage error, as for the variants"
run neggiv generate sudoku --givens -5
status_is neggiv 2 && err_has neggiv "invalid --givens '-5': a number of givens is never negative"
ok $? "generate --givens -5: usage error that says why"
run badgiv2 generate sudoku --givens lots
status_is badgiv2 2 && err_has badgiv2 "invalid --givens"; ok $? "generate --givens lots: usage error"

# A solved grid takes no step: its line ended "score 0:", a colon before nothing.
echo 534678912672195348198342567859761423426853791713924856961537284287419635345286179 >"$tmp/solved.txt"
run solved rate "$tmp/solved.txt"
status_is solved 0 && grep -qE 'hardest none, score 0$' "$tmp/solved.out"
ok $? "rate: a solved grid's line ends at its score"

tap_done
