#!/bin/sh
# test_solve_lines.sh: 9x9 one-line files read in place (lines past the reader's lookahead): the same solutions and messages as the line reader gives.
. "$(dirname "$0")/tap.sh"

# Lines 1-100 of a file are puzzles of top200.txt; lines 60 on are edited into every kind
# of line the in-place reader must take or hand on to the line reader.  Each edited line
# is also read as line 2 of a file of its own, behind a plain puzzle (so by the line
# reader): the two readings must print and say the same.
grep -v '^#' "$srcdir/tests/data/top200.txt" | head -n 100 >"$tmp/plain.txt"
awk '
function put(s) { printf "%s\n", s }
NR == 60 { gsub(/\./, "0"); put($0); next }                   # empties written 0
NR == 61 { printf "%s\r\n", $0; next }                         # CRLF
NR == 62 { put(substr($0, 1, 39) "x" substr($0, 41)); next }   # a bad symbol
NR == 63 { put("55" substr($0, 3)); next }                     # givens that clash
NR == 64 { put($0 "1"); next }                                 # 82 symbols
NR == 65 { put($0 ":1:" $0); next }                            # tdoku puzzle:count:solution
NR == 66 { put("# a comment"); put(""); put($0); next }        # a comment, a blank line
NR == 67 { put($0 "   "); next }                               # trailing spaces
NR == 68 { put(substr($0, 1, 80)); next }                      # 80 symbols
NR == 69 { put(substr($0, 1, 80) "x"); next }                  # a bad 81st symbol
NR == 70 { put(substr($0, 1, 80) "0"); next }                  # 81st empty, as 0
NR == 71 { put(substr($0, 1, 80) "\t"); next }                 # a tab for the 81st
NR == 72 { s = $0; gsub(/\./, "0", s); put(substr($0, 1, 40) substr(s, 41)); next }  # . and 0
NR == 73 { printf "%s\r", $0; printf "\n"; next }              # CR then LF, as two writes
NR == 100 { printf "%s", $0; next }                            # no newline at the end
{ put($0) }' "$tmp/plain.txt" >"$tmp/many.txt"

"$bin" solve -j1 "$tmp/many.txt" >"$tmp/many.out" 2>"$tmp/many.err"
echo $? >"$tmp/many.status"

# The reference: every line of many.txt read as line 2 of a file of its own.
head -n 1 "$tmp/plain.txt" >"$tmp/first.txt"
"$bin" solve -j1 "$tmp/first.txt" >"$tmp/first.out" 2>/dev/null
: >"$tmp/ref.out"
: >"$tmp/ref.err"
line=0
while IFS= read -r text || [ -n "$text" ]; do
  line=$((line + 1))
  { cat "$tmp/first.txt"; printf '%s\n' "$text"; } >"$tmp/one.txt"
  "$bin" solve -j1 "$tmp/one.txt" >"$tmp/one.out" 2>"$tmp/one.err"
  tail -n +2 "$tmp/one.out" >>"$tmp/ref.out"
  sed "s|one.txt:2:|many.txt:$line:|" "$tmp/one.err" >>"$tmp/ref.err"
done <"$tmp/many.txt"

same "$tmp/ref.out" "$tmp/many.out"; ok $? "every line solved and written as the line reader does (empties as . or 0)"
same "$tmp/ref.err" "$tmp/many.err"; ok $? "the same messages, at the same line and column"
grep -q 'many.txt:62:40:' "$tmp/many.err"; ok $? "a bad symbol past the lookahead: its line and column"
grep -q 'many.txt:63:2:' "$tmp/many.err"; ok $? "givens that clash past the lookahead: the line and the second given"
[ "$(cat "$tmp/many.status")" = 2 ]; ok $? "exit status 2 for the bad lines"
[ "$(grep -c . "$tmp/many.out")" -ge 90 ]; ok $? "the lines after the bad ones still solved"
# Givens that clash in a line read in place are checked by solve only when the search
# finds nothing: every mode says what the line reader says, and prints nothing else.
easy=$(tr -d '\n' <"$srcdir/tests/data/cli/boj2239.in" | cut -c 1-81)
awk -v p="$easy" 'BEGIN { for (i = 1; i <= 60; i++) print (i == 55 ? "11" substr(p, 3) : p) }' \
  >"$tmp/clash.txt"
{ head -n 1 "$tmp/clash.txt"; sed -n 55p "$tmp/clash.txt"; } >"$tmp/clash2.txt"
"$bin" solve "$tmp/clash2.txt" 2>&1 >/dev/null | sed 's|clash2.txt:2:|clash.txt:55:|' >"$tmp/clash.want"
for mode in "" "--count" "--strategy=plain" "--any" "-j2" "--stats" "--count --strategy=plain"; do
  # shellcheck disable=SC2086  # the mode is words
  "$bin" solve $mode "$tmp/clash.txt" >"$tmp/clash.out" 2>"$tmp/clash.err"
  status=$?
  grep -v ' nodes, ' "$tmp/clash.err" >"$tmp/clash.msg"
  same "$tmp/clash.want" "$tmp/clash.msg" && [ "$status" = 2 ] && [ "$(grep -c . "$tmp/clash.out")" = 59 ] \
    && [ "$(grep -c ' nodes, ' "$tmp/clash.err")" = "$(case $mode in *--stats*) echo 59 ;; *) echo 0 ;; esac)" ]
  ok $? "givens that clash at line 55, solve ${mode:-(default)}: the reader's message, exit 2, 59 answers"
done
grep -q 'clash.txt:55:2: ' "$tmp/clash.want"; ok $? "the message names line 55, column 2"
# The reader that checks the givens itself (--trace leaves them to nobody) says the same.
"$bin" solve --trace "$tmp/clash.txt" 2>"$tmp/trace.err" | grep -c '^# unique' >"$tmp/trace.count"
same "$tmp/clash.want" "$tmp/trace.err" && [ "$(cat "$tmp/trace.count")" = 59 ]
ok $? "givens that clash at line 55, solve --trace: the reader's message, 59 answers"
# Lines that are no puzzle past the lookahead: the in-place reader meets a 9x9 line
# before any was made, and builds its groups.
{ head -n 60 "$tmp/plain.txt" | sed 's/^\(.\{39\}\)./\1x/'; cat "$tmp/plain.txt"; } >"$tmp/badfirst.txt"
"$bin" solve -j1 "$tmp/badfirst.txt" >"$tmp/badfirst.out" 2>"$tmp/badfirst.err"
"$bin" solve -j1 "$tmp/plain.txt" >"$tmp/plain.out" 2>/dev/null
same "$tmp/plain.out" "$tmp/badfirst.out" && grep -q 'badfirst.txt:60:40: ' "$tmp/badfirst.err" \
  && [ "$(grep -c . "$tmp/badfirst.err")" = 60 ]
ok $? "after 60 bad lines, the next 100 solved as alone: $(tail -n 1 "$tmp/badfirst.err")"
# Words or numbers after the first line's puzzle ("PUZZLE 9.0", "PUZZLE hard", serate's
# "PUZZLE ED=..."): the same line read further down had them ignored, as the man page
# says, but as the first line it was "not a puzzle" (forced: "got 84 symbols").
first=$(sed -n 1p "$tmp/plain.txt")
for tail in ' 9.0' ' hard' '  ED=9.0/1.2/1.2'; do
  printf '%s%s\n%s%s\n' "$first" "$tail" "$first" "$tail" >"$tmp/rated.txt"
  run rated solve --count "$tmp/rated.txt"
  status_is rated 0 && [ "$(cat "$tmp/rated.out")" = "$(printf '1\n1')" ]
  ok $? "a one-line Sudoku and '$tail' after it, first line too: read, the rest ignored"
done
run ratedf solve --count --format=line "$tmp/rated.txt"
status_is ratedf 0 && [ "$(cat "$tmp/ratedf.out")" = "$(printf '1\n1')" ]
ok $? "  and with --format=line"
# A stray space within a first line's puzzle: the same line further down read (its
# symbols counted on past the space), but as the first line, with a rating after it or a
# symbol short, it was "not a puzzle"; now read, or the count said at its column.
split=$(printf '%s' "$first" | sed 's/^\(.\{40\}\)/\1 /')
printf '%s 9.0\n%s 9.0\n' "$split" "$split" >"$tmp/split_rated.txt"
run split_rated solve --count "$tmp/split_rated.txt"
status_is split_rated 0 && [ "$(cat "$tmp/split_rated.out")" = "$(printf '1\n1')" ]
ok $? "a stray space in a first line's Sudoku with a rating after it: read"
printf '%s\n' "$split" | sed 's/.$//' >"$tmp/split_short.txt"
run split_short solve "$tmp/split_short.txt"
status_is split_short 2 && err_has split_short "split_short.txt:1:82: expected a one-line Sudoku of N*N symbols (81 for 9x9), got 80 symbols"
ok $? "  a symbol short too: the count said at its column, past the space"
printf '%s1\n' "$split" >"$tmp/split_long.txt"
run split_long solve "$tmp/split_long.txt"
status_is split_long 2 && err_has split_long "split_long.txt:1:83: expected a one-line Sudoku of N*N symbols (81 for 9x9), got 82 symbols"
ok $? "  a symbol over: said at the first one too many"

tap_done
