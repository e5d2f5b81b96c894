#!/bin/sh
# run.sh: `make bench`: kakudo's solvers on the public sets, with the seeds' programs run in
# the same script as the baseline, so every figure comes with a ratio measured here and now.
set -u
builddir=${1:-.}
srcdir=${2:-.}
data=${KAKUDO_DATA:-$srcdir/../shared/data}
limit=${BENCH_SEED_SECONDS:-20}     # time budget for each seed program
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The generator needs no puzzle sets: its baseline is an unconstrained puzzle of each size.
echo "== Generator"
"$builddir/bench/bench_generate" ${BENCH_QUICK:+--quick}
echo

if [ ! -d "$data/sudoku" ]; then
  echo "bench: no puzzle sets at $data (set KAKUDO_DATA)" >&2
  exit 1
fi

now_ns() { date +%s%N; }

echo "== Sudoku: kakudo, uniqueness proven (limit 2)"
for set in 17_clue magictour_top1465 forum_hardest_1905 forum_hardest_1106 serg_benchmark norvig_top95 norvig_hardest; do
  f=$data/sudoku/$set.txt
  [ -f "$f" ] && "$builddir/bench/bench_sudoku9" "$f"
done

echo
echo "== Sudoku: the seeds' plain backtracking against kakudo on the same 17-clue puzzles"
# The seeds read one 9x9 grid (BOJ 2580: numbers with spaces).  Each gets the first puzzles
# of 17_clue.txt until its time budget is spent; kakudo solves the same puzzles.
grep -v '^#' "$data/sudoku/17_clue.txt" | tr -d '\r' | head -n 200 >"$tmp/17.txt"
seed_src=$srcdir/../shared/baselines/seed000_boj2580.cpp
if command -v g++ >/dev/null 2>&1 && [ -f "$seed_src" ]; then
  g++ -O2 -o "$tmp/seed000" "$seed_src"
  solved=0; start=$(now_ns)
  while read -r line; do
    echo "$line" | cut -c1-81 | sed 's/\./0/g; s/./& /g' | fold -w 18 >"$tmp/grid.txt"
    timeout "$limit" "$tmp/seed000" <"$tmp/grid.txt" >/dev/null || break
    solved=$((solved + 1))
    [ $(( ($(now_ns) - start) / 1000000000 )) -ge "$limit" ] && break
  done <"$tmp/17.txt"
  seed_ns=$(( $(now_ns) - start ))
  if [ "$solved" -gt 0 ]; then
    head -n "$solved" "$tmp/17.txt" >"$tmp/17_done.txt"
    "$builddir/bench/bench_sudoku9" --quiet "$tmp/17_done.txt" >"$tmp/ours.txt"
    ours_ns=$(sed -n 's/^ns_total=//p' "$tmp/ours.txt")
    awk -v n="$solved" -v s="$seed_ns" -v o="$ours_ns" 'BEGIN {
      printf "seed000 (C++ row-by-row backtracking): %d puzzles, %.1f ms/puzzle\n", n, s / n / 1e6;
      printf "kakudo:                                %d puzzles, %.2f us/puzzle\n", n, o / n / 1e3;
      printf "ratio: kakudo is %.0fx faster\n", s / o }'
  else
    echo "seed000 solved no 17-clue puzzle within ${limit}s"
  fi
fi

echo
echo "== Kakuro: kakudo, uniqueness proven (limit 2)"
for set in janko nikoli_gecode garus; do
  f=$data/kakuro/$set.txt
  [ -f "$f" ] && "$builddir/bench/bench_kakuro" "$f"
done
