#!/bin/sh
# bundle.sh: makes the bundled puzzles of data/ with kakudo's own generator, one file each,
# recording the command (and so the seed) that makes the puzzle again.  The files are kept
# in git; run this only to change the collection:  data/bundle.sh ./src/kakudo data
set -eu
bin=${1:-./src/kakudo}
dir=${2:-data}

# bundle FILE NAME KIND LEVEL GENERATE-ARGS...
bundle() {
  file=$1 name=$2 kind=$3 level=$4
  shift 4
  {
    echo "# name: $name"
    echo "# kind: $kind"
    echo "# level: $level"
    echo "# Made by kakudo's generator; one solution and the level are checked by"
    echo "# tests/test_bundled, and the command below makes it again (seed included):"
    "$bin" generate "$kind" --level "$level" "$@"
  } >"$dir/$file.tmp"
  mv "$dir/$file.tmp" "$dir/$file"
}

bundle 01-sudoku4-beginner.txt "Sudoku 4x4" sudoku beginner --size 4 --seed 1
bundle 02-sudoku6-easy.txt "Sudoku 6x6" sudoku easy --size 6 --seed 1
bundle 03-sudoku9-beginner.txt "Sudoku 9x9" sudoku beginner --seed 1
bundle 04-sudoku9-easy.txt "Sudoku 9x9" sudoku easy --seed 1
bundle 05-sudoku9-medium.txt "Sudoku 9x9" sudoku medium --seed 1
bundle 06-sudoku9-hard.txt "Sudoku 9x9" sudoku hard --seed 1
# Seed 1 makes the Easy puzzle minus two givens: another seed, so that every bundled
# puzzle is a different one (tests/test_bundled checks that no two share a solution).
bundle 07-sudoku9-expert.txt "Sudoku 9x9" sudoku expert --seed 2
bundle 08-sudoku9-master.txt "Sudoku 9x9" sudoku master --seed 1
bundle 09-sudoku12-medium.txt "Sudoku 12x12" sudoku medium --size 12 --seed 1
bundle 10-sudoku16-easy.txt "Sudoku 16x16" sudoku easy --size 16 --seed 1
bundle 11-kakuro6-easy.txt "Kakuro 6x6" kakuro easy --size 6x6 --seed 1
bundle 12-kakuro8-medium.txt "Kakuro 8x8" kakuro medium --size 8x8 --seed 1
bundle 13-kakuro10-medium.txt "Kakuro 10x10" kakuro medium --size 10x10 --seed 1
bundle 14-kakuro12-hard.txt "Kakuro 12x12" kakuro hard --size 12x12 --seed 2
bundle 15-kakuro15-master.txt "Kakuro 15x15" kakuro master --size 15x15 --seed 1
# The variants (issue 14), two levels each, named by the player's words for their kinds
# (so that the board does not say the kind and size twice).  A Killer aims at no givens
# and keeps those its level needs; --attempts rather than the time budget, so the same
# file comes out on every machine.
bundle 16-killer9-easy.txt "Killer Sudoku 9x9" killer easy --seed 1 --attempts 40
bundle 17-killer9-hard.txt "Killer Sudoku 9x9" killer hard --seed 4 --attempts 40
bundle 18-x9-easy.txt "Sudoku X 9x9" sudoku-x easy --seed 1 --attempts 400
bundle 19-x9-hard.txt "Sudoku X 9x9" sudoku-x hard --seed 1 --attempts 400
bundle 20-jigsaw9-easy.txt "Jigsaw Sudoku 9x9" jigsaw easy --seed 1 --attempts 400
bundle 21-jigsaw9-hard.txt "Jigsaw Sudoku 9x9" jigsaw hard --seed 2 --attempts 400
# The combinations of the variants, two levels each too (the issue asks it of every
# variant; 25-29 were added after 22-24, so the older files keep their names, and a
# Jigsaw X comes last, as test_tui_picker_list checks the last one's regions and diagonals).
bundle 22-killer-x9-medium.txt "Killer Sudoku X 9x9" killer-x medium --seed 2 --attempts 40
bundle 23-killer-jigsaw9-medium.txt "Killer Jigsaw 9x9" killer-jigsaw medium --seed 3 --attempts 40
# Seeds 1 and 2 look long for an Easy Jigsaw X (most come out Beginner): seed 3 finds one.
bundle 24-jigsaw-x9-easy.txt "Jigsaw Sudoku X 9x9" jigsaw-x easy --seed 3 --attempts 100
bundle 25-killer-x9-hard.txt "Killer Sudoku X 9x9" killer-x hard --seed 1 --attempts 40
bundle 26-killer-jigsaw9-hard.txt "Killer Jigsaw 9x9" killer-jigsaw hard --seed 1 --attempts 40
bundle 27-killer-jigsaw-x9-easy.txt "Killer Jigsaw X 9x9" killer-jigsaw-x easy --seed 1 --attempts 40
bundle 28-killer-jigsaw-x9-hard.txt "Killer Jigsaw X 9x9" killer-jigsaw-x hard --seed 2 --attempts 40
bundle 29-jigsaw-x9-hard.txt "Jigsaw Sudoku X 9x9" jigsaw-x hard --seed 1 --attempts 100
