#!/bin/sh
# run.sh: `make bench`: kakudo's solvers on the public sets, with the seeds' programs run in
# the same script as the baseline, so every figure comes with a ratio measured here and now.
#
# Usage: run.sh BUILDDIR SRCDIR.  The puzzle sets are read from $KAKUDO_DATA, by default
# SRCDIR/../shared/data, and the seed programs from $KAKUDO_BASELINES, by default the
# baselines folder next to the data.  BENCH_SEED_SECONDS (default 20) is the CPU time each
# seed program gets on the 17-clue puzzles, BENCH_SEED_PUZZLE_SECONDS (default 5) the most
# it gets for one of them; BENCH_KAKURO2_SECONDS (default 1) the CPU time the
# KAKURO2 seed gets per case.  Times are CPU times (user + system) unless said otherwise:
# on a machine shared with other work they are what a program costs, where wall-clock
# time also counts its waits for a processor.
set -u
builddir=${1:-.}
srcdir=${2:-.}
data=${KAKUDO_DATA:-$srcdir/../shared/data}
baselines=${KAKUDO_BASELINES:-$data/../baselines}
budget=${BENCH_SEED_SECONDS:-20}
puzzle_cap=${BENCH_SEED_PUZZLE_SECONDS:-5}
case_budget=${BENCH_KAKURO2_SECONDS:-1}
kakudo=$builddir/src/kakudo
run=$builddir/bench/bench_exec
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ ! -d "$data/sudoku" ] || [ ! -d "$data/kakuro" ]; then
  echo "bench: no puzzle sets at $data (set KAKUDO_DATA)" >&2
  exit 1
fi

# field NAME LINE: the value of NAME=VALUE in a line of bench_exec output.
field() { printf '%s\n' "$2" | sed -n "s/.*\\<$1=\\([^ ]*\\).*/\\1/p"; }

# per_puzzle_us LINE: the microseconds per puzzle of a line of bench_sudoku9 output.
per_puzzle_us() { printf '%s\n' "$1" | sed -n 's/.* \([0-9.]*\) us\/puzzle.*/\1/p'; }

# The tdoku figures of the data README (us per puzzle, proving uniqueness, this kind of
# machine): not measured here, as tdoku is not part of the project.
tdoku_us() {
  case $1 in
    17_clue) echo 4.5 ;; magictour_top1465) echo 10.2 ;;
    forum_hardest_1905) echo 58.4 ;; forum_hardest_1106) echo 93.7 ;;
  esac
}

# Which parts to run: all by default; BENCH_PARTS="sudoku seeds" runs two of them.
parts=${BENCH_PARTS:-sudoku paths seeds kakuro kakuro2 watch rate generate startup overhead jobs big}

# ---------------------------------------------------------------------------------------
# every Sudoku set: the solver alone and kakudo solve end to end
part_sudoku() {
  echo "== Sudoku: every set, uniqueness proven (limit 2)"
  echo "   solver: the 9x9 search alone (bench_sudoku9); kakudo solve: the whole program,"
  echo "   end to end (reading, proving uniqueness, the first solution in reading order when"
  echo "   there are several, printing), best of a few runs on small sets."
  for f in "$data"/sudoku/*.txt; do
    set_name=$(basename "$f" .txt)
    solver=$("$builddir/bench/bench_sudoku9" "$f")
    n=$(printf '%s\n' "$solver" | sed -n 's/^[^:]*: \([0-9]*\) puzzles.*/\1/p')
    solver_us=$(per_puzzle_us "$solver")
    echo
    echo "-- $set_name ($n puzzles)"
    printf '%s\n' "$solver" | sed 's/^[^:]*: [0-9]* puzzles, /solver:       /'

    repeat=$(( 20000 / (n + 1) )); [ "$repeat" -lt 1 ] && repeat=1; [ "$repeat" -gt 10 ] && repeat=10
    line=$("$run" --repeat "$repeat" "$kakudo" solve "$f" 2>/dev/null)
    "$kakudo" solve --stats "$f" >/dev/null 2>"$tmp/stats.txt"
    guesses=$(awk '/ guesses,/ { for (i = 1; i < NF; i++) if ($(i + 1) == "guesses,") g += $i; k++ }
                   END { printf "%.2f", k ? g / k : 0 }' "$tmp/stats.txt")
    several=$(grep -c 'several solutions' "$tmp/stats.txt")
    none=$(grep -c 'has no solution' "$tmp/stats.txt")
    kakudo_us=$(awk -v n="$n" -v c="$(field cpu_ns "$line")" 'BEGIN { printf "%.2f", c / n / 1e3 }')
    awk -v n="$n" -v u="$kakudo_us" -v w="$(field wall_ns "$line")" -v g="$guesses" \
        -v s="$several" -v z="$none" 'BEGIN {
      printf "kakudo solve: %.0f puzzles/s, %.2f us/puzzle (wall %.2f), %s guesses/puzzle; several %d, none %d\n",
             1e6 / u, u, w / n / 1e3, g, s, z }'
    ref=$(tdoku_us "$set_name")
    if [ -n "$ref" ]; then
      awk -v r="$ref" -v s="$solver_us" -v k="$kakudo_us" 'BEGIN {
        printf "against tdoku'"'"'s %.1f us (data README; target <= 1.5x): solver %.2fx, kakudo solve %.2fx\n",
               r, s / r, k / r }'
    fi
  done
}

# ---------------------------------------------------------------------------------------
# the 9x9 fast path against the general search
part_paths() {
  echo "== The 9x9 fast path against the general search (the one any size and the observer use)"
  "$builddir/bench/bench_sudoku9" --paths "$data/sudoku/magictour_top1465.txt" | sed 's/^[^:]*: //'
}

# grid SPACED: one-line puzzles on stdin as 9-line grids separated by blank lines, with
# spaces between the digits (BOJ 2580) or without (BOJ 2239), 0 for empty.
grid() {
  awk -v spaced="$1" 'NR > 1 { print "" } {
    for (r = 0; r < 9; r++) {
      row = ""
      for (c = 1; c <= 9; c++) {
        ch = substr($0, r * 9 + c, 1); if (ch == ".") ch = "0"
        row = row (c > 1 && spaced ? " " : "") ch
      }
      print row
    } }'
}

# seed_against_kakudo NAME SPACED COMMAND...: the comparison for one seed program.
seed_against_kakudo() {
  name=$1 spaced=$2; shift 2
  spent=0 solved=0 cut=0 failed=""
  : >"$tmp/seed_out.txt"
  : >"$tmp/seed_puzzles.txt"
  : >"$tmp/solved_puzzles.txt"
  while [ "$spent" -lt $((budget * 1000000000)) ] && read -r puzzle; do
    printf '%s\n' "$puzzle" | grid "$spaced" >"$tmp/one.txt"
    limit=$(awk -v b="$budget" -v s="$spent" -v c="$puzzle_cap" \
                'BEGIN { l = b - s / 1e9; printf "%.3f", l < c ? l : c }')
    line=$("$run" --cpu-limit "$limit" --in "$tmp/one.txt" --out "$tmp/one.out" "$@" 2>/dev/null)
    status=$(field status "$line")
    if [ "$status" != 0 ] && [ "$status" != timeout ]; then
      failed=$status
      break
    fi
    spent=$((spent + $(field cpu_ns "$line")))
    printf '%s\n' "$puzzle" >>"$tmp/seed_puzzles.txt"
    if [ "$status" = timeout ]; then
      cut=$((cut + 1))
      continue
    fi
    solved=$((solved + 1))
    printf '%s\n' "$puzzle" >>"$tmp/solved_puzzles.txt"
    [ "$solved" -gt 1 ] && echo >>"$tmp/seed_out.txt"
    sed 's/ *$//' "$tmp/one.out" >>"$tmp/seed_out.txt"
  done <"$tmp/17.txt"
  total=$((solved + cut))
  if [ -n "$failed" ]; then
    echo "$name: failed (status $failed) on puzzle $((total + 1)); not compared"
    return
  fi
  # The answers the seed gave, checked against kakudo's.
  grid "$spaced" <"$tmp/solved_puzzles.txt" >"$tmp/solved_grids.txt"
  "$kakudo" solve "$tmp/solved_grids.txt" >"$tmp/kakudo_out.txt" 2>/dev/null
  if [ "$solved" -eq 0 ]; then
    same="no answer to compare"
  elif cmp -s "$tmp/seed_out.txt" "$tmp/kakudo_out.txt"; then
    same="the same answers"
  else
    same="WRONG: the answers differ"
  fi
  grid "$spaced" <"$tmp/seed_puzzles.txt" >"$tmp/all_grids.txt"
  ours=$("$run" --repeat 5 "$kakudo" solve "$tmp/all_grids.txt" 2>/dev/null)
  # A handful of puzzles take microseconds: the solver gets them 1000 times over.
  awk '{ p[NR] = $0 } END { for (k = 0; k < 1000; k++) for (i = 1; i <= NR; i++) print p[i] }' \
    "$tmp/seed_puzzles.txt" >"$tmp/seed_puzzles_1000.txt"
  alone=$(per_puzzle_us "$("$builddir/bench/bench_sudoku9" "$tmp/seed_puzzles_1000.txt")")
  awk -v name="$name" -v n="$total" -v solved="$solved" -v cut="$cut" -v s="$spent" \
      -v o="$(field cpu_ns "$ours")" -v a="$alone" -v same="$same" 'BEGIN {
    bound = cut ? "at least " : "";
    printf "%s: %d puzzle%s in %.2f s: %d solved, %d cut off\n", name, n, n == 1 ? "" : "s",
           s / 1e9, solved, cut;
    printf "   kakudo solve: %.2f ms in all, %s%.0fx faster; the solver alone: %.2f us/puzzle, %s%.0fx; %s\n",
           o / 1e6, bound, s / o, a, bound, s / (a * 1e3 * n), same }'
}

# ---------------------------------------------------------------------------------------
# the Sudoku seed programs against kakudo on 17-clue puzzles
part_seeds() {
  echo "== Sudoku: the seeds' row-by-row backtracking against kakudo, 17-clue puzzles"
  echo "   Each seed program gets the puzzles of 17_clue.txt in order, one process per puzzle"
  echo "   in the layout it reads, at most ${puzzle_cap} s of CPU time each, until ${budget} s are"
  echo "   spent.  A puzzle cut off counts with the time it had, which makes the ratio a lower"
  echo "   bound.  kakudo solve then reads the same puzzles, in the same layout, in one run"
  echo "   (its start-up of about a millisecond included); the solver alone is bench_sudoku9."
  grep -v '^#' "$data/sudoku/17_clue.txt" | tr -d '\r' | head -n 500 >"$tmp/17.txt"

  if command -v g++ >/dev/null 2>&1; then
    for seed in seed000_boj2580 seed003_boj2580; do
      if [ -f "$baselines/$seed.cpp" ] && g++ -O2 -o "$tmp/$seed" "$baselines/$seed.cpp"; then
        seed_against_kakudo "$seed (C++, BOJ 2580 layout)" 1 "$tmp/$seed"
      fi
    done
  else
    echo "(no g++: the C++ seeds are skipped)"
  fi
  if command -v python3 >/dev/null 2>&1 && [ -f "$baselines/seed001_boj2239.py" ]; then
    seed_against_kakudo "seed001_boj2239 (Python, BOJ 2239 layout)" 0 python3 "$baselines/seed001_boj2239.py"
  fi
  if command -v javac >/dev/null 2>&1 && [ -f "$baselines/BJ2239.java" ] &&
     javac -d "$tmp" "$baselines/BJ2239.java" 2>/dev/null; then
    seed_against_kakudo "BJ2239 (Java, BOJ 2239 layout)" 0 java -cp "$tmp" BJ2239
  fi
}

# ---------------------------------------------------------------------------------------
# every Kakuro set
part_kakuro() {
  echo "== Kakuro: every set, uniqueness proven (limit 2); CPU time per puzzle, best of 3"
  "$builddir/bench/bench_kakuro" --repeat 3 --check "$data/kakuro/janko_solutions.txt" \
    "$data/kakuro/janko.txt"
  "$builddir/bench/bench_kakuro" --repeat 3 "$data/kakuro/nikoli_gecode.txt"
  # garus.txt ends with 'huge', 101x31 (2,100 white cells): it has several solutions.
  "$builddir/bench/bench_kakuro" --repeat 3 "$data/kakuro/garus.txt"
  echo "   Gecode (data README): median 0.13 ms, p99 4.6 ms, worst 20 ms on janko; target:"
  echo "   median <= 0.13 ms, nothing over 5 ms."
  awk '/^# huge/ { on = 1 } on' "$data/kakuro/garus.txt" >"$tmp/huge.txt"
  if [ -s "$tmp/huge.txt" ]; then
    # --count=2 proves several solutions; plain solve also looks for the smallest.
    for args in --count=2 ""; do
      line=$("$run" --cpu-limit 60 "$kakudo" solve $args "$tmp/huge.txt" 2>/dev/null)
      case $(field status "$line") in
        0) echo "garus 'huge' 101x31, kakudo solve ${args:+$args }end to end: $(awk -v c="$(field cpu_ns "$line")" 'BEGIN { printf "%.1f ms", c / 1e6 }')" ;;
        *) echo "garus 'huge' 101x31: kakudo solve ${args:+$args }did not finish within 60 s of CPU time" ;;
      esac
    done
  fi
}

# cases FILE-LIST: one KAKURO2 file of the cases listed.
cases() {
  wc -l <"$1"
  while read -r f; do tail -n +2 "$tmp/k2/$f"; done <"$1"
}

# ---------------------------------------------------------------------------------------
# the KAKURO2 seed program against kakudo solve
part_kakuro2() {
  echo "== Kakuro: the KAKURO2 seed against kakudo solve"
  echo "   Every puzzle the seed can take (N <= 20, a clue across and down for each white"
  echo "   cell), the seed blog's example first, written as KAKURO2 cases.  The seed runs"
  echo "   each case alone with ${case_budget} s of CPU time to find the cases it cannot do;"
  echo "   then the seed and kakudo solve each read one file of all the cases it did."
  mkdir "$tmp/k2"
  "$builddir/bench/to_kakuro2" --max-cases 100000 "$tmp/k2" "$srcdir/tests/data/cli/kakuro2.in" \
    "$data/kakuro/nikoli_gecode.txt" "$data/kakuro/garus.txt" "$data/kakuro/janko.txt" \
    >"$tmp/k2/list.txt" 2>/dev/null
  seed=$baselines/seed004_kakuro2.cpp
  if command -v g++ >/dev/null 2>&1 && [ -f "$seed" ] && g++ -O2 -o "$tmp/seed004" "$seed"; then
    : >"$tmp/k2_done.txt"
    : >"$tmp/k2_cut.txt"
    cut_cpu=0
    while read -r case_file _; do
      line=$("$run" --cpu-limit "$case_budget" --in "$tmp/k2/$case_file" "$tmp/seed004" 2>/dev/null)
      if [ "$(field status "$line")" = 0 ]; then
        echo "$case_file" >>"$tmp/k2_done.txt"
      else
        echo "$case_file" >>"$tmp/k2_cut.txt"
        cut_cpu=$((cut_cpu + $(field cpu_ns "$line")))
      fi
    done <"$tmp/k2/list.txt"
    cases "$tmp/k2_done.txt" >"$tmp/k2_done.in"
    cases "$tmp/k2_cut.txt" >"$tmp/k2_cut.in"
    seed_line=$("$run" --in "$tmp/k2_done.in" --out "$tmp/k2_seed.out" "$tmp/seed004" 2>/dev/null)
    ours_line=$("$run" --repeat 3 --out "$tmp/k2_ours.out" "$kakudo" solve "$tmp/k2_done.in" 2>/dev/null)
    sed 's/ *$//' "$tmp/k2_seed.out" | cmp -s - "$tmp/k2_ours.out" && same="same answers" || same="WRONG: the answers differ"
    awk -v n="$(wc -l <"$tmp/k2_done.txt")" -v s="$(field cpu_ns "$seed_line")" \
        -v o="$(field cpu_ns "$ours_line")" -v same="$same" 'BEGIN {
      printf "seed004 (C++): %d cases in %.1f ms, %.3f ms/case\n", n, s / 1e6, s / n / 1e6;
      printf "kakudo solve:  %d cases in %.1f ms, %.3f ms/case; %.1fx faster (target >= 10x); %s\n",
             n, o / 1e6, o / n / 1e6, s / o, same }'
    ncut=$(wc -l <"$tmp/k2_cut.txt")
    if [ "$ncut" -gt 0 ]; then
      ours_line=$("$run" --repeat 3 "$kakudo" solve "$tmp/k2_cut.in" 2>/dev/null)
      awk -v n="$ncut" -v s="$cut_cpu" -v o="$(field cpu_ns "$ours_line")" 'BEGIN {
        printf "the %d cases the seed did not finish within the limit: kakudo solve %.1f ms in all, at least %.0fx faster\n",
               n, o / 1e6, s / o }'
    fi
  else
    echo "(no g++ or no seed004_kakuro2.cpp: skipped)"
  fi
}

# ---------------------------------------------------------------------------------------
# the search with an observer, and the animation at full speed
part_watch() {
  echo "== Watching the solver: the search with an observer, and the animation at full speed"
  # Against the batch search on the same puzzles, measured here; frames drawn with a no-op.
  for set in 17_clue magictour_top1465 forum_hardest_1905; do
    f=$data/sudoku/$set.txt
    [ -f "$f" ] && "$builddir/bench/bench_watch" --max=5000 "$f"
  done
  "$builddir/bench/bench_watch" "$srcdir/data/10-sudoku16-easy.txt"
  [ -f "$data/kakuro/janko.txt" ] && "$builddir/bench/bench_watch" --max=300 "$data/kakuro/janko.txt"
  # A long search, so frames are drawn while it runs: the plain strategy on one 17-clue puzzle.
  grep -v '^#' "$data/sudoku/17_clue.txt" | sed -n 3p >"$tmp/long.txt"
  "$builddir/bench/bench_watch" --strategy=plain "$tmp/long.txt"
}

# ---------------------------------------------------------------------------------------
# the generator: its baseline is an unconstrained puzzle of each size, made in the same run
part_generate() {
  echo "== Generator"
  "$builddir/bench/bench_generate" ${BENCH_QUICK:+--quick}
}

# ---------------------------------------------------------------------------------------
# rating: the samples of issue 5's closing note (every 49th 17-clue puzzle, all of top1465,
# every 48th of the forum's hardest; 1000 at most each), against proving them unique
part_rate() {
  echo "== Rating: the techniques, easiest step first (kakudo rate), against the uniqueness proof"
  f=$data/sudoku/17_clue.txt
  [ -f "$f" ] && "$builddir/bench/bench_rate" --every=49 --max=1000 "$f"
  f=$data/sudoku/magictour_top1465.txt
  [ -f "$f" ] && "$builddir/bench/bench_rate" "$f"
  f=$data/sudoku/forum_hardest_1905.txt
  [ -f "$f" ] && "$builddir/bench/bench_rate" --every=48 --max=1000 "$f"
}

# =======================================================================================
# sperf (issue 16): start-up, solve beyond the search, -j scaling, Sudoku above 9x9.
# Each a separate program printing its same-run baseline (bench_runs, bench_overhead,
# bench_big).

# start-up: kakudo against a C program linked to libc alone, built here, run in turn.
part_startup() {
  echo "== Start-up: kakudo against a C program that prints one line, linked to libc alone"
  printf '#include <stdio.h>\nint main(void) { puts("kakudo"); return 0; }\n' >"$tmp/hello.c"
  if ! ${CC:-cc} -O2 -o "$tmp/hello" "$tmp/hello.c" 2>/dev/null; then
    echo "(no C compiler: skipped)"
    return
  fi
  "$builddir/bench/bench_runs" --runs 300 "kakudo --version=$kakudo --version" \
    "kakudo solve (1 puzzle)=$kakudo solve $srcdir/tests/data/cli/boj2580.in" \
    "kakudo-player --version=$builddir/src/kakudo-player --version" -- "libc alone=$tmp/hello"
}

# what kakudo solve costs per puzzle beyond the search (target < 0.2 us on top1465)
part_overhead() {
  echo "== kakudo solve beyond the search (reading, printing), in process, against the search alone"
  for set in magictour_top1465 17_clue; do
    f=$data/sudoku/$set.txt
    if [ -f "$f" ]; then "$builddir/bench/bench_overhead" "$f" 2>&1; else echo "($set.txt missing: skipped)"; fi
  done
}

# -j: one job against two; the speed-up is a wall-clock ratio, CPU time says what it cost
part_jobs() {
  echo "== -j: one job against two (target: at least 1.8x on 2 cores; $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?') online here)"
  echo "   A wall-clock ratio by nature: on a machine busy with other work it shows the"
  echo "   cores that were free, not what kakudo can do; the CPU time shows the threads' cost."
  f=$data/sudoku/magictour_top1465.txt
  [ -f "$f" ] && "$builddir/bench/bench_runs" --runs 3 --wall "rate -j2=$kakudo rate -j2 $f" \
    -- "rate -j1=$kakudo rate -j1 $f"
  f=$data/sudoku/forum_hardest_1905.txt
  [ -f "$f" ] && "$builddir/bench/bench_runs" --runs 3 --wall "solve -j2=$kakudo solve -j2 $f" \
    -- "solve -j1=$kakudo solve -j1 $f"
}

# 16x16 and 25x25: the general search and generation, against the previous search
part_big() {
  echo "== Sudoku above 9x9: the general search and generation (targets: 16x16 < 0.5 ms,"
  echo "   25x25 < 5 ms per puzzle, 25x25 generation < 1 s), against the previous search"
  "$builddir/bench/bench_big" ${BENCH_QUICK:+--quick}
}
# ======================================================================== end of sperf

# ---------------------------------------------------------------------------------------
for part in $parts; do
  case $part in
    sudoku|paths|seeds|kakuro|kakuro2|watch|rate|generate|startup|overhead|jobs|big) part_$part; echo ;;
    *) echo "bench: unknown part $part (sudoku, paths, seeds, kakuro, kakuro2, watch, rate, generate, startup, overhead, jobs, big)" >&2; exit 2 ;;
  esac
done
