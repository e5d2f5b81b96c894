#!/bin/sh
# test_generate_levels.sh: the levels small Sudoku variants have: a level none reaches is refused at once with the levels there are, the generator's table agrees with rating every minimal 4x4 puzzle (tests/levels_small), a rare level's miss says so, a reachable small level is made.
. "$(dirname "$0")/tap.sh"
survey=${LEVELS_SMALL:-./tests/levels_small}

# refused NAME MESSAGE ARGS...: generate ARGS exits 2 (before making anything: a miss
# exits 1 or 3) and says MESSAGE.
refused() {
  name=$1; message=$2; shift 2
  run "$name" generate "$@" --attempts 1 -j1
  status_is "$name" 2 && err_has "$name" "$message"
}

refused j4m "no 4x4 jigsaw is Medium: rating every minimal one finds only Beginner, Easy, Hard and Expert" \
  jigsaw --size 4 --level medium
ok $? "a 4x4 Jigsaw at Medium: refused, none exists, the levels that do are named"
refused j4h "no 4x4 jigsaw with rotate180 givens is Hard: rating every minimal one finds only Beginner (with --symmetry none: Beginner, Easy, Hard and Expert)" \
  jigsaw --size 4 --level hard
ok $? "a 4x4 Jigsaw at Hard with the default symmetry: refused, and --symmetry none named"
refused j4master "no 4x4 jigsaw is Master" jigsaw --size 4 --level master --symmetry none
ok $? "a 4x4 Jigsaw at Master: refused with any symmetry"
refused jx4m "no 4x4 jigsaw-x is Medium: rating every minimal one finds only Beginner, Easy and Hard" \
  jigsaw-x --size 4 --level medium
ok $? "a 4x4 Jigsaw X at Medium: refused"
refused jx4e "no 4x4 jigsaw-x is Expert" jigsaw-x --size 4 --level expert
ok $? "a 4x4 Jigsaw X at Expert: refused"
refused jx4r90 "no 4x4 jigsaw-x with rotate90 givens is Easy: rating every minimal one finds only Beginner" \
  jigsaw-x --size 4 --level easy --symmetry rotate90
ok $? "a 4x4 Jigsaw X at Easy with rotate90 givens: refused, the symmetry named"
refused x4e "no 4x4 sudoku-x is Easy: rating every minimal one finds only Beginner" x --size 4 --level easy
ok $? "a 4x4 Sudoku X above Beginner: refused"
refused s4h "no 4x4 sudoku is Hard: rating every minimal one finds only Beginner" sudoku --size 4 --level hard
ok $? "a 4x4 Sudoku above Beginner: refused"

# Rows measured by the generator's runs: a level it does not reach is refused as such.
refused k4h "no 4x4 killer at Hard: kakudo's generator does not reach it; the hardest it makes are Medium" \
  killer --size 4 --level hard
ok $? "a 4x4 Killer at Hard: refused, the generator makes none past Medium"
refused kx4x "no 4x4 killer-x at Expert: kakudo's generator does not reach it; the hardest it makes are Medium" \
  killer-x --size 4 --level expert
ok $? "a 4x4 Killer X at Expert: refused"
refused kj4m "no 4x4 killer-jigsaw at Master: kakudo's generator does not reach it; the hardest it makes are Expert" \
  killer-jigsaw --size 4 --level master
ok $? "a 4x4 Killer Jigsaw at Master: refused"
run x6m generate x --size 6 --level master --seed 1 --attempts 500 -j1
status_is x6m 0 && out_has x6m "# sudoku-x6-master-1 Master, hardest "
ok $? "a 6x6 Sudoku X at Master with rotate180 givens: made (past the givens range)"
refused j5m "no 5x5 jigsaw with rotate180 givens at Master: kakudo's generator does not reach it; the hardest it makes are Expert (with --symmetry none it may)" \
  jigsaw --size 5 --level master
ok $? "a 5x5 Jigsaw at Master with rotate180 givens: refused, --symmetry none named"
run j5none generate jigsaw --size 5 --level master --symmetry none --seed 1 --attempts 1 -j1
[ "$(cat "$tmp/j5none.status")" != 2 ]; ok $? "with --symmetry none it is looked for, not refused"
refused jx5m "no 5x5 jigsaw-x with rotate180 givens at Master" jigsaw-x --size 5 --level master
ok $? "a 5x5 Jigsaw X at Master: refused"
refused s6m "no 6x6 sudoku with rotate180 givens at Master: kakudo's generator does not reach it; the hardest it makes are Expert (with --symmetry none it may)" \
  sudoku --size 6 --level master
ok $? "a plain 6x6 Sudoku at Master with rotate180 givens: refused, --symmetry none named"
refused s6mirror "no 6x6 sudoku with mirror givens at Master: kakudo's generator does not reach it; the hardest it makes are Expert" \
  sudoku --size 6 --level master --symmetry mirror
ok $? "a plain 6x6 Sudoku at Master with mirror givens: refused"
run s6none generate sudoku --size 6 --level master --symmetry none --seed 1 --attempts 1 -j1
status_is s6none 1 && err_has s6none "a 6x6 sudoku at Master is rare: another seed may find one"
ok $? "with --symmetry none it is looked for, and a miss says Master is rare there"
run s6x generate sudoku --size 6 --level expert --seed 1 --attempts 500 -j1
status_is s6x 0 && out_has s6x "# sudoku6-expert-1 Expert, hardest "
ok $? "a plain 6x6 Sudoku at Expert, the hardest it reaches with rotate180 givens: made"
run k4m generate killer --size 4 --level medium --seed 11 --attempts 2000 -j1
status_is k4m 0 && out_has k4m "# killer4-medium-11 Medium, hardest "
ok $? "a 4x4 Killer at Medium, the hardest it reaches: made"

# The table's exhaustive rows against the survey: for every symmetry, a level is refused
# exactly when no minimal 4x4 puzzle with givens of that symmetry has it.
for variant in sudoku x jigsaw jigsaw-x; do
  for sym in none rotate180 rotate90 mirror diagonal; do
    "$survey" "$variant" "$sym" >"$tmp/survey.out" 2>&1
    agree=0
    for level in Beginner Easy Medium Hard Expert Master; do
      count=$(awk -v l="$level" '$1 == l { print $2 }' "$tmp/survey.out")
      run one generate "$variant" --size 4 --symmetry "$sym" --level "$level" --attempts 1 -j1
      status=$(cat "$tmp/one.status")
      if [ -z "$count" ]; then
        echo "# no count of $level from the survey:"; sed 's/^/# /' "$tmp/survey.out"; agree=1
      elif [ "$count" = 0 ] && [ "$status" != 2 ]; then
        echo "# $variant $sym $level: none of the minimal puzzles, but generate ran (exit $status)"; agree=1
      elif [ "$count" != 0 ] && [ "$status" = 2 ]; then
        echo "# $variant $sym $level: $count minimal puzzles, but generate refused:"
        sed 's/^/# /' "$tmp/one.err"; agree=1
      fi
    done
    ok $agree "4x4 $variant, $sym givens: the levels generate refuses are those no minimal puzzle has"
  done
done

# Reachable small levels are made, with their rating.
run jx4hard generate jigsaw-x --size 4 --level hard --seed 1 --attempts 3000 -j1
status_is jx4hard 0 && out_has jx4hard "# jigsaw-x4-hard-1 Hard, hardest " && run sjx4 solve --count "$tmp/jx4hard.out" &&
  [ "$(cat "$tmp/sjx4.out")" = 1 ]
ok $? "a 4x4 Jigsaw X at Hard (rotate180 givens): made, rated Hard, one solution"
run j4expert generate jigsaw --size 4 --level expert --symmetry none --seed 1 --attempts 3000 -j1
status_is j4expert 0 && out_has j4expert "# jigsaw4-expert-1 Expert, hardest "
ok $? "a 4x4 Jigsaw at Expert with --symmetry none: made, rated Expert"
run rate4 rate "$tmp/j4expert.out"
out_has rate4 "Expert"; ok $? "and kakudo rate agrees: Expert"

# A rare level missed says it is rare.
run jx4miss generate jigsaw-x --size 4 --level hard --seed 1 --attempts 1 -j1
status_is jx4miss 1 && err_has jx4miss "no Hard puzzle within 1 attempt" &&
  err_has jx4miss "a 4x4 jigsaw-x at Hard is rare: another seed may find one"
ok $? "a 4x4 Jigsaw X at Hard missed: exit 1, and the message says the level is rare"
# (the rare Hard Jigsaw X made above)
status_is jx4hard 0 && ! grep -q rare "$tmp/jx4hard.err"; ok $? "a level made says nothing of rarity"

# Korean: the refusal's reason is translated (po/ko.po), the variant's and levels' names
# given as the catalogue has them.
if [ -f "${KAKUDO_LOCALEDIR:-/nonexistent}/ko/LC_MESSAGES/kakudo.mo" ]; then
  LANG=C.UTF-8 LANGUAGE=ko "$bin" generate jigsaw --size 4 --level medium >"$tmp/ko.out" 2>"$tmp/ko.err"
  [ $? = 2 ] && grep -qF "보통 난이도인 4x4 jigsaw는 없습니다: 최소 퍼즐을 모두 평가해도 입문, 쉬움, 어려움 및 전문가뿐입니다" "$tmp/ko.err" ||
    sed 's/^/# /' "$tmp/ko.err"
  ok $? "the reason in Korean"
  LANG=C.UTF-8 LANGUAGE=ko "$bin" generate jigsaw-x --size 4 --level hard --seed 1 --attempts 1 -j1 >/dev/null 2>"$tmp/ko.err"
  grep -qF "kakudo generate: 퍼즐 1 (시드 1): 어려움 난이도의 4x4 jigsaw-x는 드뭅니다: 다른 시드로 찾을 수 있습니다" "$tmp/ko.err" ||
    sed 's/^/# /' "$tmp/ko.err"
  ok $? "a rare level's miss in Korean"
else
  echo "ok $((n + 1)) # SKIP no compiled Korean catalogue"; n=$((n + 1))
  echo "ok $((n + 1)) # SKIP no compiled Korean catalogue"; n=$((n + 1))
fi

tap_done
