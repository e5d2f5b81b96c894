#!/bin/sh
# test_i18n.sh: the command line in Korean (po/ko.po, compiled by make check into
# KAKUDO_LOCALEDIR): messages, --help and usage errors are translated, while puzzle output
# (solve, generate, rate --format=se, hint --apply's grids) is the same bytes in every locale.
. "$(dirname "$0")/tap.sh"
data=$srcdir/tests/data

if [ ! -f "${KAKUDO_LOCALEDIR:-/nonexistent}/ko/LC_MESSAGES/kakudo.mo" ]; then
  echo "1..0 # SKIP no compiled Korean catalogue (built without NLS, or msgfmt missing)"
  exit 0
fi

# ko LANG ARGS...: kakudo with the Korean catalogue chosen by LANGUAGE (which glibc honours
# in every locale but C/POSIX), in the locale LANG.
ko() {
  name=$1; lang=$2; shift 2
  LANG=$lang LANGUAGE=ko "$bin" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err" </dev/null
  echo $? >"$tmp/$name.status"
}

printf 'bad\n' >"$tmp/bad.txt"
ko bad C.UTF-8 solve "$tmp/bad.txt"
err_has bad "kakudo: $tmp/bad.txt:1: '|' 테두리 사이에"; ok $? "a bad file: the Korean error, with file and line"
status_is bad 2; ok $? "a bad file: exit status 2 as in English"
run bad_c solve "$tmp/bad.txt"
err_has bad_c "$tmp/bad.txt:1: expected a pencil-mark row"; ok $? "the same in the C locale: English"

ko usage C.UTF-8 --bogus
err_has usage "kakudo: 알 수 없는 옵션 '--bogus'"; ok $? "a usage error in Korean"
err_has usage "더 많은 정보는 'kakudo --help'를 보십시오."; ok $? "and the pointer to --help"

ko help C.UTF-8 --help
out_has help "사용법: kakudo [옵션]... [파일[:N]]"; ok $? "--help in Korean"
out_has help "      --format=NAME"; ok $? "--help: option names stay as they are"
ko genhelp C.UTF-8 generate --help
out_has genhelp "답이 하나뿐인 새 퍼즐을 만들고"; ok $? "generate --help in Korean"

: >"$tmp/empty.txt"
ko empty C.UTF-8 solve "$tmp/empty.txt"
err_has empty "kakudo: $tmp/empty.txt: 퍼즐을 찾지 못했습니다"; ok $? "an empty file: said in Korean (it was English)"

ko none C.UTF-8 solve "$data/cli/none.in"
err_has none "퍼즐 1은(는) 답이 없습니다"; ok $? "no solution: said in Korean"

# A Sudoku variant's faults (src/variant.c, src/format_variant.c) in Korean too.
{ echo jigsaw
  for r in 912222333 111222333 111125663 444525633 447555666 447555996 447789966 777888999 778888891; do
    echo "......... $r"
  done; } >"$tmp/region.txt"
ko region C.UTF-8 solve "$tmp/region.txt"
err_has region "region.txt:2:11: 영역 '9'(r1c1부터)이(가) 이어져 있지 않습니다"; ok $? "a Jigsaw region in two pieces: in Korean, named by its symbol"
printf 'killer
' >"$tmp/nomap.txt"
ko nomap C.UTF-8 solve "$tmp/nomap.txt"
err_has nomap "nomap.txt:2: 파일이 예상보다 일찍 끝났습니다 (필요한 것: 격자의 행)"; ok $? "a Killer cut short: in Korean"

# A save that does not load: the loader's messages (src/game.c) were English in Korean.
save=$srcdir/tests/data/rating/position.save
sed 's/^kind sudoku$/kind sudoku!/' "$save" >"$tmp/kind.save"
ko kind C.UTF-8 solve "$tmp/kind.save"
err_has kind "kind.save:2: \"kind sudoku|kakuro\" 줄이 있어야 합니다" && status_is kind 2
ok $? "a corrupt save: the loader's message in Korean, file and line"
sed 's/^position .*/position 999/' "$save" >"$tmp/position.save"
ko position C.UTF-8 hint "$tmp/position.save"
err_has position "position.save:" && err_has position "\"position K\" 줄이 있어야 합니다"
ok $? "a save's position out of range: in Korean"
{ cat "$save"; printf 'bogus line\n'; } >"$tmp/tail.save"
ko tail C.UTF-8 rate "$tmp/tail.save"
err_has tail "\"position\" 뒤에서 파일이 끝나야 합니다"; ok $? "a line after the position: in Korean"
cp "$save" "$tmp/large.save" && truncate -s 65M "$tmp/large.save"
ko large C.UTF-8 solve "$tmp/large.save"
err_has large "large.save: 저장 파일로는 너무 큽니다 (68157440바이트, 최대 67108864)"
ok $? "a save too large: in Korean"

# Every line of the Korean help fits in 80 columns: Hangul is two columns wide, counted
# here by the bytes of UTF-8 (a three-byte Hangul syllable is two columns, ASCII one).
for h in help genhelp; do
  LC_ALL=C awk '{ w = 0; for (i = 1; i <= length($0); i++) { c = substr($0, i, 1);
           if (c < "\200") w++; else if (c >= "\340" && c < "\360") { w += 2; i += 2 } else w++ }
         if (w > 80) { print "# " w ": " $0; bad = 1 } } END { exit bad }' "$tmp/$h.out"
  ok $? "$h: every line fits in 80 columns"
done

# Puzzle output: the same bytes in C, in C.UTF-8 with the Korean catalogue, and in the
# Korean locale itself when the tests could make it (tests/locpath).
langs="C C.UTF-8"
if [ -f "${KAKUDO_LOCPATH:-/nonexistent}/ko_KR.UTF-8/LC_CTYPE" ]; then
  langs="$langs ko_KR.UTF-8"
else
  echo "# no ko_KR.UTF-8 under KAKUDO_LOCPATH: compared in C and C.UTF-8 only"
fi
export LOCPATH="${KAKUDO_LOCPATH:-}"
same_everywhere() {  # same_everywhere NAME ARGS...: stdout alike in every locale of $langs
  case_name=$1; shift
  case_first=""
  for case_lang in $langs; do
    ko "$case_name.$case_lang" "$case_lang" "$@"
    if [ -z "$case_first" ]; then case_first=$case_lang; continue; fi
    same "$tmp/$case_name.$case_first.out" "$tmp/$case_name.$case_lang.out" || return 1
  done
}
same_everywhere boj2580 solve "$data/cli/boj2580.in"; ok $? "solve (BOJ 2580 grid): identical in $langs"
same "$data/cli/boj2580.out" "$tmp/boj2580.C.out"; ok $? "solve: and as the judge expects"
same_everywhere kakuro2 solve "$data/cli/kakuro2.in"; ok $? "solve (KAKURO2): identical in $langs"
same_everywhere several solve "$data/cli/boj2239_several.in"; ok $? "solve (several solutions): identical in $langs"
same_everywhere trace solve --trace --strategy=plain --any "$data/cli/boj2580.in"; ok $? "solve --trace: identical in $langs"
same_everywhere gen generate sudoku --seed 7 --count 2 --level easy --attempts 3; ok $? "generate sudoku --seed: identical in $langs"
same_everywhere genk generate kakuro --size 6x6 --seed 3 --level easy --attempts 2; ok $? "generate kakuro --seed: identical in $langs"
same_everywhere se rate --format=se "$data/cli/boj2580.in"; ok $? "rate --format=se: identical in $langs"
ko apply.C C hint --apply=3 "$data/hint/cli/wiki.txt"
ko apply.ko C.UTF-8 hint --apply=3 "$data/hint/cli/wiki.txt"
grep -v '^#' "$tmp/apply.C.out" >"$tmp/apply.C.grid"
grep -v '^#' "$tmp/apply.ko.out" >"$tmp/apply.ko.grid"
[ -s "$tmp/apply.C.grid" ] && same "$tmp/apply.C.grid" "$tmp/apply.ko.grid"
ok $? "hint --apply: the pencil-mark grid is identical (its comments may be translated)"

ko apply_end C.UTF-8 hint --apply=1000 "$data/hint/cli/wiki.txt"
steps=$(grep -c '^# [0-9]*\. ' "$tmp/apply_end.out")
out_has apply_end "# (${steps}단계 만에 풀렸습니다.)"; ok $? "hint --apply past the end: the steps counted in Korean"

# Numbers keep the C locale's form: LC_NUMERIC is never set.
ko stats C.UTF-8 solve --stats "$data/cli/boj2580.in"
grep -q ' us$' "$tmp/stats.err" && ! grep -q '[0-9],[0-9]* us' "$tmp/stats.err"
ok $? "--stats: times with a decimal point"

# --print-config: its comments in Korean, its settings the same bytes as in English, and
# what it prints reads back as the same settings.
: >"$tmp/empty.conf"
printf 'theme = colorblind\nkey.undo = z\n' >"$tmp/some.conf"
ko pcko C.UTF-8 --config="$tmp/some.conf" --print-config
LANG=C "$bin" --config="$tmp/some.conf" --print-config >"$tmp/pcen.out" 2>&1
grep -q '^# kakudo 설정: ' "$tmp/pcko.out" && ! grep -q '^# .*[A-Za-z]\{3,\} [a-z]\{3,\} [a-z]\{3,\}' "$tmp/pcko.out" \
  && ! grep -qF 'settings in force' "$tmp/pcko.out"
ok $? "--print-config: the comments in Korean"
grep -v '^#' "$tmp/pcko.out" >"$tmp/pcko.set"; grep -v '^#' "$tmp/pcen.out" >"$tmp/pcen.set"
same "$tmp/pcen.set" "$tmp/pcko.set" && grep -qx 'theme = colorblind' "$tmp/pcko.set" && grep -qx 'key.undo = z' "$tmp/pcko.set"
ok $? "--print-config: the settings lines as in English"
ko pcback C.UTF-8 --config="$tmp/pcko.out" --print-config
status_is pcback 0 && same "$tmp/pcko.out" "$tmp/pcback.out"
ok $? "--print-config in Korean reads back as the same settings"

ko givens C.UTF-8 generate sudoku --givens 90
err_has givens "주어진 숫자가 90개인 9x9 Sudoku는 없습니다: 칸이 81개뿐입니다"; ok $? "generate --givens 90: the core's reason in Korean"

tap_done
