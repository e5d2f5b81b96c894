#!/bin/sh
# test_variant_cli.sh: the variants from the command line: each format read, solved and written back, counting, and each malformed input with its file:line:col message.
. "$(dirname "$0")/tap.sh"
data=$srcdir/tests/data/variant

run all solve "$data/variants.txt"
same "$data/variants.sol" "$tmp/all.out"; ok $? "X, Jigsaw, Jigsaw X, Killer X, Killer Jigsaw: solved as expected"
status_is all 0 && [ ! -s "$tmp/all.err" ]; ok $? "each has one solution: nothing on stderr"
run again solve "$tmp/all.out"
same "$data/variants.sol" "$tmp/again.out"; ok $? "the solutions read back in the variant format, as solved puzzles"

# The Wikipedia article's example Killer, as the Code Golf challenge "Build a Killer
# Sudoku Solver" writes it: 81 cage letters, then the sums of A-Z, a-z.
run wiki solve "$data/killer_wiki.txt"
out_has wiki "215647398368952174794381652586274931142593867973816425821739546659428713437165289 AABBB"
ok $? "Killer line: solved, written back as a Killer line led by its solution"
run wikicount solve --count "$data/killer_wiki.txt"
[ "$(cat "$tmp/wikicount.out")" = 1 ]; ok $? "Killer line: one solution"

# 62 published Killers (krazydad's Intermediate booklets, in the Killer line form): each
# solved to the published solution, with one solution.
run kd solve --count "$data/killer_krazydad.txt"
[ "$(sort -u "$tmp/kd.out")" = 1 ] && [ "$(wc -l <"$tmp/kd.out")" -eq 62 ]
ok $? "62 published Killers: one solution each"
run kdsol solve "$data/killer_krazydad.txt"
cut -d' ' -f1 "$tmp/kdsol.out" | same "$data/killer_krazydad.solutions" -
ok $? "  each the published solution"

printf 'jigsaw\n' >"$tmp/j.txt"
for r in 111222333 111222333 111222333 444555666 444555666 444555666 777888999 777888999 777888999; do
  printf '......... %s\n' "$r"
done >>"$tmp/j.txt"
# Boxes as regions: an empty Jigsaw of standard layout has many solutions.
run jcount solve --count=5 "$tmp/j.txt"
[ "$(cat "$tmp/jcount.out")" = "5+" ]; ok $? "counting: several solutions"
run jsmall solve "$tmp/j.txt"
err_has jsmall "several solutions" && out_has jsmall "123456789 111222333"; ok $? "several: the smallest, in reading order"

# A Jigsaw line (SudokuWiki's layout strings: region digits 1-9) and the forced forms.
line=$(sed -n '/^jigsaw$/,/^$/p' "$data/variants.txt" | sed -n '2,10p' | awk '{d = d $1; r = r $2} END {print d " " r}')
echo "$line" >"$tmp/jl.txt"
run jl solve "$tmp/jl.txt"
out_has jl "278519436936274851815432967481765329629143578753986142392857614547691283164328795 1122"
ok $? "Jigsaw line: detected, solved, written as a Jigsaw line"
# A Jigsaw as two lines (digits, then the region map on the next line, as some collections
# print one) was read as two plain Sudokus, the second a grid of clashes.
echo "$line" | tr ' ' '\n' >"$tmp/jpair.txt"
run jpair solve "$tmp/jpair.txt"
status_is jpair 0 && same "$tmp/jl.out" "$tmp/jpair.out"
ok $? "Jigsaw as two lines: read as one Jigsaw, solved, written as a Jigsaw line"
{ echo "$line" | tr ' ' '\n'; echo; echo "$line"; echo "$line" | tr ' ' '\n' | sed '2y/123456789/ABCDEFGHI/'; } >"$tmp/jpairs.txt"
run jpairs solve "$tmp/jpairs.txt"
status_is jpairs 0 && [ "$(uniq "$tmp/jpairs.out" | wc -l)" -eq 1 ] && [ "$(wc -l <"$tmp/jpairs.out")" -eq 3 ]
ok $? "  pairs and one-line Jigsaws in one file, a map of letters too: three Jigsaws"
run jpair_line solve --format=line "$tmp/jpair.txt"
status_is jpair_line 2 && err_has jpair_line "jpair.txt:2:2: the givens at r1c1 and r1c2 are both 1"
ok $? "  --format=line still reads the two lines as two Sudokus"
echo "$line" | tr ' ' '\n' | sed '2s/^112/111/' >"$tmp/jpair_bad.txt"
run jpair_bad solve "$tmp/jpair_bad.txt"
status_is jpair_bad 2 && err_has jpair_bad "jpair_bad.txt:2:2: the givens at r1c1 and r1c2 are both 1"
ok $? "  a second line that makes no regions (one of 10 cells): two Sudokus, as before"
run jpair_forced solve --format=jigsaw-line "$tmp/jpair_bad.txt"
status_is jpair_forced 2 && err_has jpair_forced "jpair_bad.txt:2:1: region '1' has 10 cells"
ok $? "  --format=jigsaw-line forces the pair, its map's faults said on the map's line"
echo "$line" | sed 's/ /\n# the regions\n/' >"$tmp/jpair_apart.txt"
run jpair_apart solve "$tmp/jpair_apart.txt"
status_is jpair_apart 2 && err_has jpair_apart "jpair_apart.txt:3:2: the givens at r1c1 and r1c2 are both 1"
ok $? "  a map not on the very next line: no pair"
x=$(sed -n '/^sudoku-x$/,/^$/p' "$data/variants.txt" | sed -n '2,10p' | tr -d '\n')
echo "$x" >"$tmp/x.txt"
run xl solve --format=x-line "$tmp/x.txt"
out_has xl "278519436519436278436278519681752394924183765357964182763825941842391657195647823"
ok $? "--format=x-line reads a one-line Sudoku as Sudoku X"
run xplain solve --count=2 "$tmp/x.txt"
[ "$(cat "$tmp/xplain.out")" = "2+" ]; ok $? "the same line as a plain Sudoku has several solutions"
run forced solve --format=variant "$tmp/x.txt"
status_is forced 2 && err_has forced "x.txt:1:1: expected a variant's name alone"; ok $? "--format=variant on a plain line says what it expected"

# The search's trace names the variant; the plain strategy solves a variant too.
run trace solve --trace "$data/killer_wiki.txt"
out_has trace "# trace of puzzle 1: killer 9x9, smart strategy" && out_has trace "215647398368952174"
ok $? "--trace on a Killer: the variant in the heading, then the solution"
run plain solve --strategy=plain "$data/killer_wiki.txt"
out_has plain "215647398368952174794381652586274931142593867973816425821739546659428713437165289 AABBB"
ok $? "the plain strategy solves a Killer"

# hint --apply writes a variant's position in its own format, which reads back.
run apply hint --apply=9 "$data/killer_wiki.txt"
out_has apply "# 9. " && sed -n '/^[^#]/,$p' "$tmp/apply.out" >"$tmp/applied.txt" \
  && grep -q "^killer$" "$tmp/applied.txt" && grep -q "^21....3.. aabbbcdef$" "$tmp/applied.txt"
ok $? "hint --apply on a Killer: steps as comments, then the position in the variant format"
out_has apply "r1c7 can only be 3: the digits and cage sums of its groups rule out"
ok $? "a variant's naked single says its groups and cage sums rule the rest out"
run applied solve "$tmp/applied.txt"
out_has applied "215647398 aabbbcdef"
ok $? "the position hint --apply printed reads back and solves"

# Malformed inputs: the message, its line and column.
bad() {  # bad NAME EXPECTED-MESSAGE DESCRIPTION (input in $tmp/NAME.txt)
  run "$1" solve "$tmp/$1.txt"
  status_is "$1" 2 && err_has "$1" "$1.txt:$2"; ok $? "$3"
}
jig=$(sed -n '/^jigsaw$/,/^$/p' "$data/variants.txt")
kx=$(sed -n '/^killer-x$/,/^$/p' "$data/variants.txt")
echo "$jig" | sed '2s/112222333/112222233/' >"$tmp/region_size.txt"
bad region_size "2:13: region '2' has 10 cells; each region of a 9x9 Jigsaw has 9" "a region of 10 cells"
echo "$jig" | sed '2s/112222333/312222331/' >"$tmp/region_apart.txt"
bad region_apart "2:11: region '3' (from r1c1) is not contiguous" "a region in two pieces, named by its symbol"
# Regions are named by the symbols the map gives them, not by their order in it (the
# first symbol of this map is 'c', its region the first): the messages said "region 1".
echo "$jig" | sed '2s/112222333/312222331/' | awk 'NF == 2 { gsub(/1/, "q", $2); gsub(/3/, "c", $2) } { print }' >"$tmp/region_letters.txt"
bad region_letters "2:11: region 'c' (from r1c1) is not contiguous" "a region of letters in two pieces: 'c', as in the map"
echo "$jig" | sed '2s/112222333/112222233/' | awk 'NF == 2 { gsub(/2/, "b", $2); gsub(/1/, "z", $2) } { print }' >"$tmp/region_letters2.txt"
bad region_letters2 "2:13: region 'b' has 10 cells; each region of a 9x9 Jigsaw has 9" "a region of letters of 10 cells: 'b', not 2"
echo "$jig" | sed '2s/112222333/11222233X/' >"$tmp/region_many.txt"
bad region_many "8:15: '8' would be region 10; a 9x9 Jigsaw has 9 regions" "ten region symbols"
echo "$kx" | sed '2s/abcdeeefg/abcdeeefa/' >"$tmp/cage_apart.txt"
bad cage_apart "2:11: the cage at r1c1 is not contiguous" "a cage in two pieces"
echo "$kx" | sed 's/^a=20 /a=2 /' >"$tmp/cage_sum.txt"
bad cage_sum "2:11: the cage sum 2 at r1c1 cannot be made from 4 different digits 1-9" "a cage sum no digits make"
echo "$kx" | sed 's/akiljmnfo/akiljmnfB/; s/^a=20 /a=12 /; s/ o=5 / o=1 /; s/ A=27/ A=27 B=12/' >"$tmp/cage_one.txt"
bad cage_one "5:19: the sum 12 of the one-cell cage at r4c9 is not a digit 1-9" "a one-cell cage's sum that is no digit"
echo "$kx" | sed 's/^a=20 //' >"$tmp/cage_nosum.txt"
bad cage_nosum "2:11: the cage 'a' has no sum: expected a=SUM after the grid" "a cage without its sum"
# '#' and '=' name no cage (a line of sums led by "#=5" is a comment): the message says so,
# where it said "expected #=SUM after the grid".
echo "$kx" | sed -e '/^\.\.\./s/o/#/' -e 's/ o=5//' >"$tmp/cage_hash.txt"
echo "#=5" >>"$tmp/cage_hash.txt"
bad cage_hash "5:19: '#' cannot name a cage ('#' starts a comment, '=' gives a sum): expected a letter, a digit or other punctuation" \
  "'#' for a cage: named as no cage symbol"
echo "$kx" | sed -e '/^\.\.\./s/o/=/' -e 's/ o=5//' >"$tmp/cage_equals.txt"
bad cage_equals "5:19: '=' cannot name a cage" "  '=' likewise"
# A comment is a whole line led by '#' (README, man page): "#=5" within a line of sums was
# taken as the sum of a cage '#' ("which the grid does not have"), and a '#' after the sums
# lost the line ("no line of sums").
echo "$kx" | sed 's/ o=5 / #=5 o=5 /' >"$tmp/sums_hash.txt"
bad sums_hash "11:69: '#' starts a comment only at the start of a line: expected SYMBOL=SUM tokens" \
  "'#=5' within a line of sums: an error at its column, not a cage '#'"
echo "$kx" | sed 's/ A=27$/ A=27 # the last/' >"$tmp/sums_trailing.txt"
bad sums_trailing "11:130: '#' starts a comment only at the start of a line" \
  "  a '#' after the sums: the same, at its column"
{ echo "$kx"; echo '#=5 a comment line'; } >"$tmp/sums_comment.txt"
run sums_comment solve "$tmp/sums_comment.txt"
status_is sums_comment 0; ok $? "  a line led by '#' after the sums is still a comment"
echo "$kx" | sed 's/ A=27/ A=27 Z=5/' >"$tmp/cage_extra.txt"
bad cage_extra "11:" "a sum for a cage the grid does not have"
err_has cage_extra "a sum for the cage 'Z', which the grid does not have"; ok $? "... named"
echo "$kx" | sed 's/^a=20 /a=21 /' >"$tmp/cage_total.txt"
bad cage_total "2:11: the cage sums add up to 406, not 405 as the digits of a 9x9 grid do" \
  "cage sums that cannot add up to the grid's digits"
sed 's/ 3 15 / 3 16 /' "$data/killer_wiki.txt" >"$tmp/kl_total.txt"
bad kl_total "1:1: the cage sums add up to 406, not 405" "  on a Killer line too"
echo "$kx" | sed '2s/abcdeeefg/.bcdeeefg/' >"$tmp/cage_cover.txt"
bad cage_cover "2:11: r1c1 is in no cage; the cages of a Killer must cover the grid" "a cell in no cage"
echo "$kx" | sed '2s/abcdeeefg/abcdeeef/' >"$tmp/cage_short.txt"
bad cage_short "2:11: expected a cage map of 9 symbols, got 8" "a short cage map"
echo "$kx" | sed '2s/^\.\.\.\.\.\.\.\.\./1......1./' >"$tmp/cage_clash.txt"
bad cage_clash "2:8: the givens at r1c1 and r1c8 are both 1" "givens repeated in a row"
printf 'sudoku-x\n1........\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n........1\n' >"$tmp/diag.txt"
bad diag "10:9: the givens at r1c1 and r9c9 are both 1, on one diagonal" "a given that breaks a diagonal"
# The same on one-line Sudoku X (--format=x-line): the second of two lines (solve reads
# many in one pass and checks their givens after), in every command; the anti-diagonal.
# given81 CELL...: a one-line Sudoku with a 1 at each cell (from 1) and dots elsewhere.
given81() { awk -v cells=" $* " 'BEGIN { for (i = 1; i <= 81; i++) printf index(cells, " " i " ") ? "1" : "."; print "" }'; }
{ given81; given81 1 81; } >"$tmp/xline_diag.txt"
for cmd in solve hint rate; do
  # (hint reads one puzzle: the second, by FILE:N)
  run "xline_$cmd" $cmd --format=x-line "$tmp/xline_diag.txt$([ $cmd = hint ] && echo :2)"
  status_is "xline_$cmd" 2 && err_has "xline_$cmd" "xline_diag.txt:2:81: the givens at r1c1 and r9c9 are both 1, on one diagonal"
  ok $? "x-line: $cmd names the line and column of a given that breaks a diagonal"
done
given81 9 73 >"$tmp/xline_anti.txt"
run xline_anti solve --format=x-line "$tmp/xline_anti.txt"
status_is xline_anti 2 && err_has xline_anti "xline_anti.txt:1:73: the givens at r1c9 and r9c1 are both 1, on one diagonal"
ok $? "x-line: and on the anti-diagonal"
echo "$kx" | sed '2s/^\.\.\.\.\.\.\.\.\./.9......./; 3s/^\.\.\.\.\.\.\.\.\./.8......./' >"$tmp/cage_given.txt"
bad cage_given "2:2: the digits given in the cage at r1c2 cannot make its sum 10" "givens a cage sum cannot take"
printf 'killer\n.........\n' >"$tmp/killer_nomap.txt"
bad killer_nomap "2:1: expected a row's digits, then its map" "a Killer row without its map"
printf 'jigsaw\n......... 111222333\n' >"$tmp/short.txt"
bad short "3: unexpected end of file: expected more rows of the grid" "a grid cut short"
echo "$line" | sed 's/^\(........\)./\1Z/' >"$tmp/jl_digit.txt"
bad jl_digit "1:9: expected a digit 1-9 or '.' for an empty cell, got 'Z'" "a Jigsaw line with a bad digit"
sed 's/ 17$//' "$data/killer_wiki.txt" >"$tmp/kl_sums.txt"
bad kl_sums "1:" "a Killer line short of a sum"
err_has kl_sums "28 sums for 29 cages"; ok $? "... counted"
sed 's/ 3 15 / 3 x /' "$data/killer_wiki.txt" >"$tmp/kl_word.txt"
run kl_word solve --format=killer-line "$tmp/kl_word.txt"
status_is kl_word 2 && err_has kl_word "kl_word.txt:1:85: expected a cage sum (a number from 1), got 'x'"; ok $? "a Killer line with a word for a sum"
# Found without --format too: a '#' or a word among the sums made the line "not a
# puzzle", with neither its column nor a word of sums.
bad kl_word "1:85: expected a cage sum (a number from 1), got 'x'" "  ... and without --format"
sed 's/ 3 15 / 3 #15 /' "$data/killer_wiki.txt" >"$tmp/kl_hash.txt"
bad kl_hash "1:85: expected a cage sum (a number from 1), got '#15'" "a Killer line with '#' in a sum"
sed 's/ 3 15 / 3 # 15 /' "$data/killer_wiki.txt" >"$tmp/kl_hash2.txt"
bad kl_hash2 "1:85: expected a cage sum (a number from 1), got '#'" "a Killer line with a '#' among its sums"
sed 's/$/ # from Code Golf/' "$data/killer_wiki.txt" >"$tmp/kl_comment.txt"
bad kl_comment "1:" "a Killer line with a comment after its sums"
err_has kl_comment "got '#'"; ok $? "... said at the '#'"
# A Killer line with a rating after its sums, as rate --format=rating|se writes it (or a
# word, as a list gives one) reads as a one-line Sudoku with one does: it was "not a
# puzzle".  Givens before the cages too, and a file of several; a number after the sums
# is still one sum too many.
run kl_plain solve "$data/killer_wiki.txt"
wiki_solution=$(cut -c1-81 "$tmp/kl_plain.out")
for rating in 3.3 ED=3.3/3.0/2.8 hard; do
  sed "s|\$| $rating|" "$data/killer_wiki.txt" >"$tmp/kl_rated.txt"
  sed "s|\$| $rating|" "$data/killer_wiki.txt" >>"$tmp/kl_rated.txt"
  run kl_rated solve --count "$tmp/kl_rated.txt"
  status_is kl_rated 0 && [ "$(cat "$tmp/kl_rated.out")" = "1
1" ]; ok $? "a Killer line with '$rating' after its sums reads, two in a file"
done
sed "s|^|$wiki_solution |; s|\$| 3.3|" "$data/killer_wiki.txt" >"$tmp/kl_rated_givens.txt"
run kl_rated_givens solve --format=killer-line "$tmp/kl_rated_givens.txt"
status_is kl_rated_givens 0 && out_has kl_rated_givens "$wiki_solution"
ok $? "... led by givens too, with --format=killer-line"
sed 's/$/ 12/' "$data/killer_wiki.txt" >"$tmp/kl_more.txt"
bad kl_more "1:" "a whole number after a Killer line's sums is a sum too many"
err_has kl_more "30 sums for 29 cages"; ok $? "... and says so"
# A 16x16 one-line Sudoku (letters among its symbols) with words and numbers after it is
# still a Sudoku, not a Killer line with faulty sums.
grep -v '^#' "$srcdir/data/10-sudoku16-easy.txt" | tr -d '\n' >"$tmp/s16_note.txt"
printf ' # 12 3\n' >>"$tmp/s16_note.txt"
run s16_note solve --count "$tmp/s16_note.txt"
status_is s16_note 0 && [ "$(cat "$tmp/s16_note.out")" = 1 ]
ok $? "a 16x16 Sudoku line and a note after it: a Sudoku, no Killer line"

# Sums on one long line: row 1 one cage of 45, every other cell a cage of its own digit
# (73 cages, one line of sums; a line's first 64 were read and the rest said missing).
sol=215647398368952174794381652586274931142593867973816425821739546659428713437165289
echo "$sol" | awk '{
  sym = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!$%&*+,-/:"
  print "killer"
  for (r = 0; r < 9; r++) {
    map = ""
    for (c = 0; c < 9; c++)
      map = map (r == 0 ? "@" : substr(sym, (r - 1) * 9 + c + 1, 1))
    print "......... " map
  }
  sums = "@=45"
  for (i = 10; i <= 81; i++)
    sums = sums " " substr(sym, i - 9, 1) "=" substr($0, i, 1)
  print sums
}' >"$tmp/long_sums.txt"
run long_sums solve --count "$tmp/long_sums.txt"
status_is long_sums 0 && [ "$(cat "$tmp/long_sums.out")" = 1 ]; ok $? "73 cage sums on one line, all read"

# The same 73 cages as a Killer line: its sums past the line's 63rd token were dropped.
echo "$sol" | awk '{
  map = ""; sums = "45"
  for (i = 1; i <= 81; i++)
    map = map (i <= 9 ? "!" : sprintf("%c", 48 + i - 10))
  for (i = 10; i <= 81; i++)
    sums = sums " " substr($0, i, 1)
  print map " " sums
}' >"$tmp/long_line.txt"
run long_line solve --count --format=killer-line "$tmp/long_line.txt"
status_is long_line 0 && [ "$(cat "$tmp/long_line.out")" = 1 ]; ok $? "a Killer line with 73 sums, all read"

# A row of 70 digits: the message counts all of them (it said 63, the tokens it kept).
{ echo jigsaw; echo "$(printf '1 %.0s' $(seq 70))111222333"; } >"$tmp/wide_row.txt"
bad wide_row "2:1: expected a row of N symbols (N = 4 to 25), got 70" "a row of 70 symbols, counted"

# One-line forms a symbol off: each says which count is wrong, at the column where it goes
# wrong.  They were "not a puzzle", with no column and no word of the count.
echo "$line" | sed 's/.$//' >"$tmp/jl_short.txt"
bad jl_short "1:163: expected a region map of 81 symbols after the 81 digits, got 80" \
  "Jigsaw line, a region symbol short: the map's count at its end"
echo "$line" | sed 's/^.//' >"$tmp/jl_digits.txt"
bad jl_digits "1:81: expected 81 digits before the region map of 81 symbols (a 9x9 Jigsaw), got 80" \
  "Jigsaw line, a digit short: the digits' count"
echo "$line" | sed 's/ / 1/' >"$tmp/jl_long.txt"
bad jl_long "1:164: expected a region map of 81 symbols after the 81 digits, got 82" \
  "Jigsaw line, a region symbol too many: at the first one beyond"
echo "$line 7.2" >"$tmp/jl_rated.txt"
bad jl_rated "1:165: expected the line to end after the region map (a comment goes on a line of its own), got '7.2'" \
  "Jigsaw line and a rating after it: said, not read as a Sudoku without its regions"
echo "$line # from a collection" >"$tmp/jl_comment.txt"
bad jl_comment "1:165: expected the line to end after the region map (a comment goes on a line of its own), got '#'" \
  "Jigsaw line and a comment after it: said at the '#'"
wiki_line=$(grep -v '^#' "$data/killer_wiki.txt" | head -n 1)
echo "$wiki_line" | sed 's/^.//' >"$tmp/kl_short.txt"
bad kl_short "1:81: expected N*N cage letters (81 for 9x9), got 80" "Killer line, a cage letter short"
echo "$wiki_line" | sed 's/ /A /' >"$tmp/kl_long.txt"
bad kl_long "1:82: expected N*N cage letters (81 for 9x9), got 82" "Killer line, a cage letter too many"
printf '%080d %s\n' 0 "$wiki_line" >"$tmp/kl_givens.txt"
bad kl_givens "1:81: expected 81 givens before the 81 cage letters, got 80" "Killer line, a given short"
echo "$wiki_line" | sed 's/ 3 / x /' >"$tmp/kl_word1.txt"
bad kl_word1 "1:83: expected a cage sum (a number from 1), got 'x'" "Killer line with a word for its first sum: said at the word"
printf '%081d %s\n' 0 "$wiki_line" | sed 's/ A/ /' >"$tmp/kl_gmap.txt"
bad kl_gmap "1:163: expected N*N cage letters (81 for 9x9), got 80" \
  "Killer line after givens, a cage letter short: the letters, not a sum"
# A stray space within a one-line form's digits or maps was "not a puzzle" (a Jigsaw's
# map split: read as a Sudoku without its regions): said at the space, as a miscount is.
echo "$line" | sed 's/^\(.\{5\}\)/\1 /' >"$tmp/sp_digits.txt"
bad sp_digits "1:6: expected 81 digits with no space among them, got a space after 5" "a stray space in a Jigsaw line's digits"
run sp_digitsf solve --format=jigsaw-line "$tmp/sp_digits.txt"
status_is sp_digitsf 2 && err_has sp_digitsf "sp_digits.txt:1:6: expected 81 digits with no space"; ok $? "  and with --format=jigsaw-line"
echo "$line" | sed 's/^\(.\{100\}\)/\1 /' >"$tmp/sp_map.txt"
bad sp_map "1:101: expected a region map of 81 symbols with no space among them, got a space after 18" "a stray space in a Jigsaw line's map"
echo "$wiki_line" | sed 's/^\(.\{20\}\)/\1 /' >"$tmp/sp_cages.txt"
bad sp_cages "1:21: expected 81 cage letters with no space among them, got a space after 20" "a stray space in a Killer line's cage letters"
run sp_cagesf solve --format=killer-line "$tmp/sp_cages.txt"
status_is sp_cagesf 2 && err_has sp_cagesf "sp_cages.txt:1:21: expected 81 cage letters"; ok $? "  and with --format=killer-line"
printf '%081d %s\n' 0 "$wiki_line" | sed 's/^\(.\{30\}\)/\1 /' >"$tmp/sp_givens.txt"
bad sp_givens "1:31: expected 81 givens with no space among them, got a space after 30" "a stray space in a Killer line's givens"
printf '%081d %s\n' 0 "$wiki_line" | sed 's/^\(.\{101\}\)/\1 /' >"$tmp/sp_gcages.txt"
bad sp_gcages "1:102: expected 81 cage letters with no space among them, got a space after 19" "  and in its cage letters after givens"
printf '%080d\n' 0 | tr 0 . >"$tmp/line_short.txt"
bad line_short "1:81: expected a one-line Sudoku of N*N symbols (81 for 9x9), got 80 symbols" \
  "one-line Sudoku, a symbol short"

# A header written by hand in capitals: "Jigsaw", "KILLER-X" were "not a puzzle".
echo "$jig" | sed '1s/jigsaw/Jigsaw/' >"$tmp/head_cap.txt"
echo "$kx" | sed '1s/killer-x/KILLER-X/' >>"$tmp/head_cap.txt"
run head_cap solve --count "$tmp/head_cap.txt"
status_is head_cap 0 && [ "$(cat "$tmp/head_cap.out")" = "$(printf '1\n1')" ]
ok $? "a variant's header in capitals: read as the variant"

# A mistyped header ("kiler-x", "Killer Sudoku") before rows with maps: the message says
# which names a header takes, at its column; it was "not a puzzle", with neither.
echo "$kx" | sed '1s/killer-x/kiler-x/' >"$tmp/head_typo.txt"
bad head_typo "1:1: expected a variant's name alone on the line (sudoku-x, jigsaw, killer," \
  "a mistyped variant header: the names a header takes"
echo "$jig" | sed '1s/jigsaw/Jigsaw Sudoku/' >"$tmp/head_words.txt"
bad head_words "1:1: expected a variant's name alone on the line" "  a header of two words: the same"

# Sums written "a = 12" or "a:12": the line was said to be missing ("cage letters but no
# line of sums"), with no column; the message now names the token and its shape.
echo "$kx" | sed 's/^a=20 /a = 20 /' >"$tmp/sum_spaced.txt"
bad sum_spaced "11:1: expected the cages' sums after the rows as SYMBOL=SUM, without spaces (a=12 b=17 ...), got 'a'" \
  "cage sums with spaces around '=': said at the first, with the shape expected"
echo "$kx" | sed 's/^a=20 /a:20 /' >"$tmp/sum_colon.txt"
bad sum_colon "11:1: expected the cages' sums after the rows as SYMBOL=SUM, without spaces (a=12 b=17 ...), got 'a:20'" \
  "  a sum written a:20: likewise"

# Sums set apart by a blank line or a comment, as a Killer written by hand may have them:
# "cage letters but no line of sums", then the sums taken for a puzzle of their own.
{ echo "# named"; echo "$kx" | sed '$d'; printf '\n# the cages\n'; echo "$kx" | sed -n '$p'; } >"$tmp/sum_apart.txt"
echo "$kx" | sed 's/ o=5 / o=5\
\
/' >>"$tmp/sum_apart.txt"
run sum_apart solve --count "$tmp/sum_apart.txt"
status_is sum_apart 0 && [ "$(cat "$tmp/sum_apart.out")" = "$(printf '1\n1')" ]
ok $? "a blank line or a comment before the sums, or between two lines of them: read"
run sum_apart_name solve "$tmp/sum_apart.txt"
out_has sum_apart_name "# named"; ok $? "  the puzzle keeps its name"

# A side no boxes divide is a Jigsaw's alone: a 5x5 Killer or a 7x7 Sudoku X was read
# as a Latin square with cages or diagonals (a plain Sudoku of that side is refused, and
# generate makes none).
{ echo killer; for r in abcde fghij klmno pqrst uvwxy; do echo "..... $r"; done
  echo "a=1 b=2 c=3 d=4 e=5 f=2 g=3 h=4 i=5 j=1 k=3 l=4 m=5 n=1 o=2 p=4 q=5 r=1 s=2 t=3 u=5 v=1 w=2 x=3 y=4"
} >"$tmp/killer5.txt"
bad killer5 "2:1: a 5x5 grid has no boxes: expected a side that boxes divide (4, 6, 8, 9, 10, 12, ...), or a Jigsaw, whose regions take any" \
  "a 5x5 Killer: refused, it has no boxes"
{ echo x; for r in 1 2 3 4 5 6 7; do echo "......."; done; } >"$tmp/x7.txt"
bad x7 "2:1: a 7x7 grid has no boxes" "  a 7x7 Sudoku X too"
echo "abcdefghijklmnopqrstuvwxy 1 2 3 4 5 2 3 4 5 1 3 4 5 1 2 4 5 1 2 3 5 1 2 3 4" >"$tmp/killer5l.txt"
bad killer5l "1:1: a 5x5 grid has no boxes" "  a 5x5 Killer line too"
{ echo jigsaw-x; for r in 1 2 3 4 5; do echo "..... $r$r$r$r$r"; done; } >"$tmp/jx5.txt"
run jx5 solve --count "$tmp/jx5.txt"
status_is jx5 0; ok $? "  a 5x5 Jigsaw X still reads"

# Several puzzles a file; a bad one does not stop the next.
{ cat "$tmp/cage_sum.txt"; echo; cat "$data/variants.txt"; } >"$tmp/mixed.txt"
run mixed solve "$tmp/mixed.txt"
status_is mixed 2 && same "$data/variants.sol" "$tmp/mixed.out"; ok $? "after a bad puzzle the next ones are read"

# Cage symbols '\' and '_' (each sorting where 'a' does, between Z and b): a Killer line
# that holds them is told from a Kakuro grid row by its N*N-symbol map (it was read as
# Kakuro unless --format=killer-line).
wiki_sol=215647398368952174794381652586274931142593867973816425821739546659428713437165289
sed 's/a/\\/g' "$data/killer_wiki.txt" >"$tmp/killer_bs.txt"
run killer_bs solve "$tmp/killer_bs.txt"
status_is killer_bs 0 && out_has killer_bs "$wiki_sol "; ok $? "a Killer line with '\\' cages: detected, solved"
sed 's/a/_/g' "$data/killer_wiki.txt" >"$tmp/killer_us.txt"
run killer_us solve --count "$tmp/killer_us.txt"
status_is killer_us 0 && [ "$(cat "$tmp/killer_us.out")" = 1 ]; ok $? "a Killer line with '_' cages: one solution"
# A map one symbol short: neither a Kakuro row nor a Killer line; the message says which
# --format to use.
sed 's/a/\\/g; s/^A//' "$data/killer_wiki.txt" >"$tmp/killer_amb.txt"
bad killer_amb "1:1: 'ABBBCDEFGGHHCCDEFGGI... (80 characters)' is too long for a Kakuro cell" \
  "a line with '\\' and an 80-symbol token: a clear message"
err_has killer_amb "--format=killer-line"; ok $? "  naming --format=killer-line"
# A Kakuro grid row is still a Kakuro grid row.
printf '\\ 3\\ 4\\\n\\3 _ _\n\\4 _ _\n' >"$tmp/kakuro_small.txt"
run kakuro_small solve "$tmp/kakuro_small.txt"
status_is kakuro_small 0 && out_has kakuro_small '\3 2 1'; ok $? "a Kakuro grid still reads as Kakuro"

# CodinGame's "Killer Sudoku Solver" gives a Killer without the header line: rows of
# digits and cage letters, then the sums.  Read as the variant format (it was read as a
# Sudoku grid: "expected a digit 0-9, a letter A-I or '.', got 'j'").
grep -v '^#' "$srcdir/data/16-killer9-easy.txt" >"$tmp/head_k.txt"
sed 1d "$tmp/head_k.txt" >"$tmp/nohead_k.txt"
run head_k solve "$tmp/head_k.txt"
run nohead_k solve "$tmp/nohead_k.txt"
status_is nohead_k 0 && same "$tmp/head_k.out" "$tmp/nohead_k.out"
ok $? "a Killer without its header line (CodinGame's input): solved as with it"
{ cat "$tmp/nohead_k.txt"; echo; cat "$tmp/nohead_k.txt"; } >"$tmp/nohead_two.txt"
run nohead_two solve --count "$tmp/nohead_two.txt"
status_is nohead_two 0 && [ "$(cat "$tmp/nohead_two.out")" = "$(printf '1\n1')" ]
ok $? "  two in a file: one solution each"
sed -n '/^killer-jigsaw$/,/^$/p' "$data/variants.txt" >"$tmp/head_kj.txt"
sed 1d "$tmp/head_kj.txt" >"$tmp/nohead_kj.txt"
run head_kj solve "$tmp/head_kj.txt"
run nohead_kj solve "$tmp/nohead_kj.txt"
status_is nohead_kj 0 && same "$tmp/head_kj.out" "$tmp/nohead_kj.out"
ok $? "  a Killer Jigsaw without its header line (region map, then cage map)"
sed '1s/aabccddee/aabccddea/' "$tmp/nohead_k.txt" >"$tmp/nohead_apart.txt"
bad nohead_apart "1:11: the cage at r1c1 is not contiguous" "  its errors at their line and column"
run nohead_hint hint "$tmp/nohead_k.txt"
status_is nohead_hint 0 && out_has nohead_hint "Naked single"; ok $? "  hint reads it too"

# A Jigsaw as some collections give it: the digits spaced out ('.' empty), then the region
# map as nine more rows below them.  Maps are read beside the digits only, and the message
# says so; it named a region map "of 8 symbols", the spaced digits less the last taken for
# a row of an 8x8 grid.
{ echo jigsaw
  echo "$jig" | sed -n '2,10p' | awk '{ gsub(/./, "& ", $1); print $1 }'
  echo "$jig" | sed -n '2,10p' | awk '{ gsub(/./, "& ", $2); print $2 }'
} >"$tmp/map_below.txt"
bad map_below "2:17: expected the region map beside the row's digits, N symbols without spaces (a map below the grid is not read)" \
  "regions given below the grid: the maps go beside the digits"
sed '1s/jigsaw/killer/' "$tmp/map_below.txt" >"$tmp/cages_below.txt"
bad cages_below "2:17: expected the cage map beside the row's digits" "  a Killer's cages: likewise"
sed '1s/jigsaw/killer-jigsaw/' "$tmp/map_below.txt" >"$tmp/maps_below.txt"
bad maps_below "2:15: expected the region map and the cage map beside the row's digits" "  a Killer Jigsaw: both maps"

# Variants above 16x16 (README, kakudo.1: sizes 4 to 25, as for plain Sudoku; generate up
# to 16): a 17x17 and a 25x25 Jigsaw, each a cyclic Latin square with its rows as
# regions and r1c1 empty, read, solved, counted, rated and hinted.
big_jigsaw() {  # big_jigsaw N: the one-line Jigsaw
  awk -v n="$1" 'BEGIN {
    sym = "123456789ABCDEFGHIJKLMNOP"; reg = "ABCDEFGHIJKLMNOPQRSTUVWXY"
    for (r = 0; r < n; r++) for (c = 0; c < n; c++) {
      d = d (r + c == 0 ? "." : substr(sym, (r + c) % n + 1, 1)); m = m substr(reg, r + 1, 1)
    }
    print d " " m }'
}
for side in 17 25; do
  big_jigsaw $side >"$tmp/big$side.txt"
  run big$side solve --count "$tmp/big$side.txt"
  run big${side}r rate "$tmp/big$side.txt"
  run big${side}h hint "$tmp/big$side.txt"
  [ "$(cat "$tmp/big$side.out")" = 1 ] && out_has big${side}r "Full house" && out_has big${side}h "r1c1"
  ok $? "a ${side}x$side Jigsaw: solved with one solution, rated and hinted"
done
run big17g generate jigsaw --size 17
status_is big17g 2 && err_has big17g "no jigsaw of size 17: sizes are 4 to 16"; ok $? "  generate makes none above 16x16"

tap_done
