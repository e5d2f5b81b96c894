#!/bin/sh
# test_hint_ko.sh: hint and rating texts in Korean (LANGUAGE=ko under the ko_KR.UTF-8 locale make
# check makes with localedef): Hangul, no English sentence left; English unchanged.
. "$(dirname "$0")/tap.sh"
data=$srcdir/tests/data/hint/ko

# The Korean UTF-8 locale make check builds with localedef (KAKUDO_LOCPATH, shared with
# test_i18n.sh and test_tui_ko), and the catalogue it compiles (KAKUDO_LOCALEDIR).
if [ ! -f "${KAKUDO_LOCPATH:-/nonexistent}/ko_KR.UTF-8/LC_CTYPE" ]; then
  echo "1..0 # SKIP no ko_KR.UTF-8 under KAKUDO_LOCPATH (localedef failed?)"
  exit 0
fi
if [ ! -f "${KAKUDO_LOCALEDIR:-/nonexistent}/ko/LC_MESSAGES/kakudo.mo" ]; then
  echo "1..0 # SKIP no compiled Korean catalogue (built without NLS, or msgfmt missing)"
  exit 0
fi
LOCPATH=$KAKUDO_LOCPATH; export LOCPATH

# ko NAME ARGS...: runs kakudo in Korean.
ko() {
  name=$1; shift
  LC_ALL=ko_KR.UTF-8 LANGUAGE=ko "$bin" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err" </dev/null
  echo $? >"$tmp/$name.status"
}

# English words left in the output: any run of three or more ASCII letters but the
# technique abbreviations (ALS, AIC, BUG, XYZ, WXYZ) and the file name that starts a
# puzzle's line.  Cell names (r4c7) have no three letters in a row.
english_left() {
  sed 's|^[^ ]*\.txt:[0-9]*:||' "$tmp/$1.out" | grep -oE '[A-Za-z]{3,}' | grep -vxE 'ALS|AIC|BUG|XYZ|WXYZ' \
    | sort | uniq -c | sort -rn | head -n 10 | sed 's/^/# English: /'
}
korean_only() {  # korean_only NAME [KOREAN-WORD-IT-MUST-HAVE]
  [ -s "$tmp/$1.out" ] && grep -qF "${2:-니다}" "$tmp/$1.out" && [ -z "$(english_left "$1")" ] \
    || { english_left "$1"; head -n 5 "$tmp/$1.out" | sed 's/^/# stdout: /'; return 1; }
}

# hint --all lists every step available now, of every technique.
for f in sudoku4; do
  ko "all-$f" hint --all "$data/$f.txt"
  status_is "all-$f" 0 && korean_only "all-$f"; ok $? "hint --all, $f: Korean, no English sentence left"
done
for f in sudoku4 sudoku9 kakuro; do
  ko "path-$f" rate --path "$data/$f.txt"
  status_is "path-$f" 0 && korean_only "path-$f"; ok $? "rate --path, $f: Korean, no English sentence left"
done

# The chains of hint_aic.c in whole Korean sentences: alternating inference chains and nice
# loops on a Sudoku (the Wiki position behind hint/cli/wiki.all), nice loops through Kakuro
# runs' sums.
ko aic-sudoku hint --all "$srcdir/tests/data/hint/cli/wiki.txt"
status_is aic-sudoku 0 && grep -qF '교대 추론 사슬: r' "$tmp/aic-sudoku.out" && grep -qF '나이스 루프: r' "$tmp/aic-sudoku.out" \
  && grep -qF '링크가 닫혀 루프가 됩니다' "$tmp/aic-sudoku.out" && korean_only aic-sudoku
ok $? "hint --all, Sudoku: AIC and nice loop sentences in Korean, no English word left"
ko aic-kakuro hint --all "$data/kakuro.txt"
status_is aic-kakuro 0 && grep -qF '나이스 루프: r' "$tmp/aic-kakuro.out" && grep -qF '합에' "$tmp/aic-kakuro.out" \
  && korean_only aic-kakuro
ok $? "hint --all, Kakuro: nice loops through runs in Korean, no English word left"

ko rate rate "$data/sudoku9.txt"
status_is rate 0 && korean_only rate "평점 "; ok $? "rate: the level, the rating and the techniques in Korean"

# Sudoku X: a hidden single in a diagonal is named as one; the count takes lines and diagonals.
ko xpath rate --path "$data/x9.txt"
status_is xpath 0 && korean_only xpath "히든 싱글(대각선): 주대각선에서" && grep -qF "히든 싱글(줄 또는 대각선)" "$tmp/xpath.out"
ok $? "rate --path, Sudoku X: hidden singles in a diagonal in Korean"

# The same hint in English and in Korean concludes the same: the cells and digits agree.
run en hint "$data/sudoku9.txt"
ko ko1 hint "$data/sudoku9.txt"
[ "$(grep -oE 'r[0-9]+c[0-9]+' "$tmp/en.out" | sort -u)" = "$(grep -oE 'r[0-9]+c[0-9]+' "$tmp/ko1.out" | sort -u)" ]
ok $? "hint: the Korean text names the same cells as the English"

# English stays English: no LANGUAGE, a C locale.
LC_ALL=C "$bin" hint --all "$data/sudoku4.txt" >"$tmp/c.out" 2>&1
grep -q '^1\. Hidden single (box): in box ' "$tmp/c.out" && ! grep -qF '니다' "$tmp/c.out"
ok $? "hint --all in the C locale: English"

tap_done
