#!/bin/sh
# run.sh: `make bench`: kakudo's solvers and generator, timed.  A ratio is printed only
# against a baseline run in this same script: the seeds' programs (compiled here),
# kakudo's own plain strategy or general search, or an external solver the user points
# to (TDOKU).  Figures measured elsewhere are printed as references, with their date and
# source, never divided into a ratio.
#
# Usage: run.sh BUILDDIR SRCDIR.  Environment:
#   KAKUDO_DATA       folder of the public puzzle sets (sudoku/*.txt, kakuro/*.txt; README.md
#                     names each set and where to get it); a part whose set is missing says
#                     so and is skipped
#   KAKUDO_BASELINES  folder of the seed programs (seed000_boj2580.cpp ...); without it the
#                     seed comparisons are skipped
#   TDOKU             tdoku's run_benchmark program: then tdoku is run on the same Sudoku
#                     sets and compared (TDOKU_SOLVER names its solver, default tdoku)
#   BENCH_PARTS       the parts to run (default all, listed at the end)
#   BENCH_SEED_SECONDS (default 20) the CPU time each seed program gets on the 17-clue
#   puzzles, BENCH_SEED_PUZZLE_SECONDS (default 5) the most it gets for one of them;
#   BENCH_KAKURO2_SECONDS (default 1) the CPU time the KAKURO2 seed gets per case;
#   BENCH_REPEAT (default 5) the runs each timing takes: the least and the median count;
#   BENCH_VARIANT_COUNT (default 1000) the plain, Jigsaw, X and Killer puzzles bench_variant
#   makes, BENCH_VARIANT_RATED (default 300) how many of each set it rates to set X and
#   each real Jigsaw set against plain puzzles of their rating, BENCH_VARIANT_PASSES
#   (default 3) its passes over all the sets (a puzzle's BENCH_REPEAT solves back to back
#   in each, its least over them; a ratio's spread over the passes); BENCH_KILLER_COUNT
#   (default 1000) the Killers generated per level of
#   BENCH_KILLER_LEVELS (default beginner easy medium hard expert master), kept in BENCH_CACHE
#   (default BUILDDIR/bench/cache) as killer-LEVEL-seed1-nCOUNT.txt and made again only
#   when missing (delete them after changing the generator: a set takes minutes to hours);
#   BENCH_JIGSAW_COUNT (default 300) the 9x9 Jigsaws generated per level of
#   BENCH_JIGSAW_LEVELS (default beginner easy medium hard expert master), cached the same
#   way as jigsaw-LEVEL-seed1-nCOUNT.txt; BENCH_X_COUNT (default 300) the 9x9 Sudoku X and
#   BENCH_X_OTHER_COUNT (default 100) the Jigsaw X and Killer X generated per level of
#   BENCH_X_LEVELS (the same six), cached as x-LEVEL-..., jigsaw-x-LEVEL-... and
#   killer-x-LEVEL-...; BENCH_X_KINDS (default "x:300 jigsaw-x:100 killer-x:100", from
#   those two) the kinds and counts themselves, "" for none; BENCH_PLAIN_LEVEL_COUNT
#   (default 300, 0 for none) kakudo's own plain 9x9 puzzles generated per level of those
#   Jigsaw and X levels, cached as sudoku-LEVEL-..., each variant set of a level timed
#   against them too (the user's comparison: the same generator, level and ratings);
#   solve_e2e (part e2e): `kakudo solve -j1 FILE` end to end on generated sets of plain,
#   Jigsaw, X, Jigsaw X and Killer at three levels, variant against plain per puzzle; its
#   settings (BENCH_E2E_LEVELS, BENCH_E2E_KINDS, BENCH_E2E_COUNT, BENCH_E2E_KILLER_COUNT,
#   BENCH_E2E_REPEAT, BENCH_E2E_RUNS, BENCH_E2E_GIVENS, BASELINE_KAKUDO) are described in
#   bench/solve_e2e.sh;
#   its sets are cached in BENCH_CACHE with part variant's;
#   BENCH_GEN_SIZES (default "10 30 60 100 128") the Kakuro sides generated at level any,
#   BENCH_GEN_BUDGET (default 120) the seconds each may take, BENCH_GEN_COUNT (default 3
#   below 60x60, 1 from 60x60) the seeds each size gets; BASELINE_GENERATE, a
#   bench_generate built against an earlier kakudo, is run on the same sizes first.
# Times are CPU times (user + system) unless said otherwise: on a machine shared with
# other work they are what a program costs, where wall-clock time also counts its waits
# for a processor.
set -u
builddir=${1:-.}
srcdir=${2:-.}
data=${KAKUDO_DATA:-}
baselines=${KAKUDO_BASELINES:-}
repeat_runs=${BENCH_REPEAT:-5}
budget=${BENCH_SEED_SECONDS:-20}
puzzle_cap=${BENCH_SEED_PUZZLE_SECONDS:-5}
case_budget=${BENCH_KAKURO2_SECONDS:-1}
kakudo=$builddir/src/kakudo
run=$builddir/bench/bench_exec
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ -z "$data" ]; then
  echo "bench: KAKUDO_DATA is not set: the parts on the public puzzle sets are skipped"
  echo "       (README.md, section Benchmarks, names the sets and where to get them)"
elif [ ! -d "$data" ]; then
  echo "bench: KAKUDO_DATA=$data is not a folder: the parts on the public sets are skipped"
fi
if [ -z "$baselines" ]; then
  echo "bench: KAKUDO_BASELINES is not set: the seed programs' comparisons are skipped"
fi

# have_set NAME: whether the set data/NAME is there; says so when it is not.
have_set() {
  if [ -n "$data" ] && [ -f "$data/$1" ]; then
    return 0
  fi
  if [ -n "$data" ]; then
    echo "(skipped: $data/$1 is missing)"
  else
    echo "(skipped: $1, as KAKUDO_DATA is not set)"
  fi
  return 1
}

# have_baseline NAME: the same for a seed program.
have_baseline() {
  if [ -n "$baselines" ] && [ -f "$baselines/$1" ]; then
    return 0
  fi
  if [ -n "$baselines" ]; then
    echo "(skipped: the seed program $baselines/$1 is missing)"
  else
    echo "(skipped: the seed program $1, as KAKUDO_BASELINES is not set)"
  fi
  return 1
}

# mib KB: kilobytes as MiB.
mib() { awk -v k="$1" 'BEGIN { printf "%.1f MiB", k / 1024 }'; }

# target WHAT FIGURE OP LIMIT UNIT: a figure measured in this run against its target
# (issue 16), marked pass or MISS, and kept for the summary at the end.  An empty FIGURE
# says the figure could not be measured.
target() {
  verdict=$(awk -v w="$1" -v f="$2" -v op="$3" -v l="$4" -v u="$5" 'BEGIN {
    if (f == "") { printf "%s: not measured (target %s %s %s)", w, op, l, u; exit }
    ok = op == "<" ? f + 0 < l + 0 : op == "<=" ? f + 0 <= l + 0 : f + 0 >= l + 0
    printf "%s: %s %s (target %s %s): %s", w, f, u, op, l, ok ? "pass" : "MISS" }')
  echo "   target $verdict"
  echo "$verdict" >>"$tmp/targets.txt"
}

# load: the machine's load averages, as uptime gives them.
load() { uptime | sed 's/.*load average/load average/'; }

# field NAME LINE: the value of NAME=VALUE in a line of bench_exec output.
field() { printf '%s\n' "$2" | sed -n "s/.*\\<$1=\\([^ ]*\\).*/\\1/p"; }

# per_puzzle_us LINE: the microseconds per puzzle of a line of bench_sudoku9 output.
per_puzzle_us() { printf '%s\n' "$1" | sed -n 's/.* \([0-9.]*\) us\/puzzle.*/\1/p'; }

# tdoku's CPU time per puzzle (us, proving uniqueness, its own benchmark program, this kind
# of machine) as the data README gives it, measured 2026-11-24: a reference, not a baseline.
tdoku_reference_us() {
  case $1 in
    17_clue) echo 3.0 ;; magictour_top1465) echo 7.9 ;;
    forum_hardest_1905) echo 46.0 ;; forum_hardest_1106) echo 73.0 ;;
  esac
}

# tdoku_same_run FILE: runs $TDOKU on FILE now (uniqueness, puzzles as given), and prints
# its microseconds per puzzle in CPU time: its own figure is wall-clock, so it is scaled
# by the CPU share of its whole run (warm-up and test loops, which is nearly all of it).
tdoku_same_run() {
  line=$("$run" --out "$tmp/tdoku.csv" "$TDOKU" -s "${TDOKU_SOLVER:-tdoku}" -c -r0 -w 1 -t 3 \
         "$1" 2>/dev/null)
  [ "$(field status "$line")" = 0 ] || return 1
  awk -F, -v c="$(field cpu_ns "$line")" -v w="$(field wall_ns "$line")" \
      'NF >= 4 && $(NF - 2) + 0 > 0 { u = $(NF - 2) } END { if (u > 0 && w > 0) printf "%.2f", u * c / w; else exit 1 }' \
      "$tmp/tdoku.csv"
}

# Which parts to run: all by default; BENCH_PARTS="sudoku seeds" runs two of them.
parts=${BENCH_PARTS:-sudoku paths seeds kakuro kakuro2 watch rate generate kakuro_sizes kakuro_memory kakuro_shape startup overhead jobs big variant e2e}

# ---------------------------------------------------------------------------------------
# every Sudoku set: the solver alone and kakudo solve end to end
part_sudoku() {
  echo "== Sudoku: every set, uniqueness proven (limit 2)"
  echo "   solver: the 9x9 search alone (bench_sudoku9), CPU, the least and the median of"
  echo "   $repeat_runs passes; kakudo solve: the whole program, end to end (reading, proving"
  echo "   uniqueness, the first solution in reading order when there are several, printing),"
  echo "   the least and the median of a few runs, and its peak memory."
  [ -n "$data" ] && [ -d "$data/sudoku" ] || { have_set sudoku/17_clue.txt; return; }
  for f in "$data"/sudoku/*.txt; do
    set_name=$(basename "$f" .txt)
    solver=$("$builddir/bench/bench_sudoku9" --repeat "$repeat_runs" "$f")
    n=$(printf '%s\n' "$solver" | sed -n 's/^[^:]*: \([0-9]*\) puzzles.*/\1/p')
    solver_us=$(per_puzzle_us "$solver")
    echo
    echo "-- $set_name ($n puzzles)"
    printf '%s\n' "$solver" | sed 's/^[^:]*: [0-9]* puzzles, /solver:       /'

    repeat=$(( 20000 / (n + 1) )); [ "$repeat" -lt 1 ] && repeat=1; [ "$repeat" -gt 10 ] && repeat=10
    [ "$repeat" -lt "$repeat_runs" ] || repeat=$repeat_runs
    line=$("$run" --repeat "$repeat" "$kakudo" solve "$f" 2>/dev/null)
    "$kakudo" solve --stats "$f" >/dev/null 2>"$tmp/stats.txt"
    guesses=$(awk '/ guesses,/ { for (i = 1; i < NF; i++) if ($(i + 1) == "guesses,") g += $i; k++ }
                   END { printf "%.2f", k ? g / k : 0 }' "$tmp/stats.txt")
    several=$(grep -c 'several solutions' "$tmp/stats.txt")
    none=$(grep -c 'has no solution' "$tmp/stats.txt")
    kakudo_us=$(awk -v n="$n" -v c="$(field cpu_ns "$line")" 'BEGIN { printf "%.2f", c / n / 1e3 }')
    awk -v n="$n" -v u="$kakudo_us" -v m="$(field cpu_median_ns "$line")" -v r="$repeat" \
        -v g="$guesses" -v s="$several" -v z="$none" 'BEGIN {
      printf "kakudo solve: %.0f puzzles/s, %.2f us/puzzle (CPU, least of %d runs; median %.2f), %s guesses/puzzle; several %d, none %d\n",
             1e6 / u, u, r, m / n / 1e3, g, s, z }'
    echo "              peak memory $(mib "$(field maxrss_kb "$line")")"
    target "kakudo solve $set_name, peak memory" \
      "$(awk -v k="$(field maxrss_kb "$line")" 'BEGIN { if (k > 0) printf "%.1f", k / 1024 }')" "<=" 3.5 MiB
    ref=$(tdoku_reference_us "$set_name")
    if [ -n "$ref" ]; then
      echo "reference, not measured here: tdoku ${ref} us/puzzle (its own benchmark, CPU, data README, 2026-11-24)"
    fi
    if [ -n "${TDOKU:-}" ]; then
      if tdoku_us=$(tdoku_same_run "$f"); then
        awk -v t="$tdoku_us" -v s="$solver_us" -v k="$kakudo_us" 'BEGIN {
          printf "tdoku, run now: %.2f us/puzzle (CPU); kakudo/tdoku: solver %.2f, kakudo solve %.2f\n",
                 t, s / t, k / t }'
      else
        echo "tdoku, run now: $TDOKU failed on this set; no ratio"
      fi
    fi
  done
}

# ---------------------------------------------------------------------------------------
# the 9x9 fast path against the general search
part_paths() {
  echo "== The 9x9 fast path against the general search (the one any size and the observer use)"
  have_set sudoku/magictour_top1465.txt || return
  "$builddir/bench/bench_sudoku9" --paths --repeat "$repeat_runs" "$data/sudoku/magictour_top1465.txt" \
    | sed 's/^[^:]*: //'
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
  have_set sudoku/17_clue.txt || return
  grep -v '^#' "$data/sudoku/17_clue.txt" | tr -d '\r' | head -n 500 >"$tmp/17.txt"

  if command -v g++ >/dev/null 2>&1; then
    for seed in seed000_boj2580 seed003_boj2580; do
      if have_baseline "$seed.cpp" && g++ -O2 -o "$tmp/$seed" "$baselines/$seed.cpp"; then
        seed_against_kakudo "$seed (C++, BOJ 2580 layout)" 1 "$tmp/$seed"
      fi
    done
  else
    echo "(no g++: the C++ seeds are skipped)"
  fi
  if ! command -v python3 >/dev/null 2>&1; then
    echo "(no python3: seed001_boj2239.py is skipped)"
  elif have_baseline seed001_boj2239.py; then
    seed_against_kakudo "seed001_boj2239 (Python, BOJ 2239 layout)" 0 python3 "$baselines/seed001_boj2239.py"
  fi
  if ! command -v javac >/dev/null 2>&1; then
    echo "(no javac: BJ2239.java is skipped)"
  elif have_baseline BJ2239.java && javac -d "$tmp" "$baselines/BJ2239.java" 2>/dev/null; then
    seed_against_kakudo "BJ2239 (Java, BOJ 2239 layout)" 0 java -cp "$tmp" BJ2239
  fi
}

# ---------------------------------------------------------------------------------------
# every Kakuro set
part_kakuro() {
  echo "== Kakuro: every set, uniqueness proven (limit 2); CPU time per puzzle over $repeat_runs runs"
  echo "   (each set in a process of its own, so the peak memory is that set's)"
  if have_set kakuro/janko.txt; then
    if [ -f "$data/kakuro/janko_solutions.txt" ]; then
      janko=$("$builddir/bench/bench_kakuro" --repeat "$repeat_runs" --check \
        "$data/kakuro/janko_solutions.txt" "$data/kakuro/janko.txt")
    else
      janko=$("$builddir/bench/bench_kakuro" --repeat "$repeat_runs" "$data/kakuro/janko.txt")
    fi
    printf '%s\n' "$janko"
    # Each puzzle counts with its fastest run, as the targets were set.
    fastest=$(printf '%s\n' "$janko" | grep 'its fastest of')
    for q in median p99 worst; do
      case $q in median) limit=0.013 ;; p99) limit=0.25 ;; worst) limit=0.75 ;; esac
      target "janko Kakuro, $q per puzzle" \
        "$(printf '%s\n' "$fastest" | sed -n "s/.* $q \([0-9.]*\) ms.*/\1/p")" "<=" "$limit" "ms CPU"
    done
    echo "   reference, not measured here: Gecode 6.2 on janko, tables built before timing,"
    echo "   median 0.023 ms, p99 0.254 ms, worst 0.761 ms (CPU, data README, 2026-11-24);"
    echo "   kakudo's targets: p99 <= 0.25 ms, worst <= 0.75 ms, median <= 0.013 ms."
  fi
  have_set kakuro/nikoli_gecode.txt &&
    "$builddir/bench/bench_kakuro" --repeat "$repeat_runs" "$data/kakuro/nikoli_gecode.txt"
  # garus.txt ends with 'huge', 101x31 (2,100 white cells): it has several solutions.
  have_set kakuro/garus.txt || return
  "$builddir/bench/bench_kakuro" --repeat "$repeat_runs" "$data/kakuro/garus.txt"
  awk '/^# huge/ { on = 1 } on' "$data/kakuro/garus.txt" >"$tmp/huge.txt"
  if [ -s "$tmp/huge.txt" ]; then
    # --count=2 proves several solutions; plain solve also looks for the smallest.
    for args in --count=2 ""; do
      line=$("$run" --cpu-limit 60 "$kakudo" solve $args "$tmp/huge.txt" 2>/dev/null)
      case $(field status "$line") in
        0) echo "garus 'huge' 101x31, kakudo solve ${args:+$args }end to end: $(awk -v c="$(field cpu_ns "$line")" 'BEGIN { printf "%.1f ms", c / 1e6 }') CPU, peak memory $(mib "$(field maxrss_kb "$line")")" ;;
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
  have_baseline seed004_kakuro2.cpp || return
  mkdir "$tmp/k2"
  sets=""
  for s in nikoli_gecode garus janko; do
    have_set "kakuro/$s.txt" && sets="$sets $data/kakuro/$s.txt"
  done
  # shellcheck disable=SC2086  # the set paths have no spaces of their own making
  "$builddir/bench/to_kakuro2" --max-cases 100000 "$tmp/k2" "$srcdir/tests/data/cli/kakuro2.in" \
    $sets >"$tmp/k2/list.txt" 2>/dev/null
  seed=$baselines/seed004_kakuro2.cpp
  if command -v g++ >/dev/null 2>&1 && g++ -O2 -o "$tmp/seed004" "$seed"; then
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
    echo "(no g++, or seed004_kakuro2.cpp does not compile: skipped)"
  fi
}

# ---------------------------------------------------------------------------------------
# the search with an observer, and the animation at full speed
part_watch() {
  echo "== Watching the solver: the search with an observer, and the animation at full speed"
  # Against the batch search on the same puzzles, measured here; frames drawn with a no-op.
  for set in 17_clue magictour_top1465 forum_hardest_1905; do
    have_set "sudoku/$set.txt" && "$builddir/bench/bench_watch" --max=5000 "$data/sudoku/$set.txt"
  done
  "$builddir/bench/bench_watch" "$srcdir/data/10-sudoku16-easy.txt"
  have_set kakuro/janko.txt && "$builddir/bench/bench_watch" --max=300 "$data/kakuro/janko.txt"
  # A long search, so frames are drawn while it runs: the plain strategy on one 17-clue puzzle.
  have_set sudoku/17_clue.txt || return
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
# Kakuro generation as the board grows: cells against CPU time, the system's share, memory
# gen_median LINE: the median CPU seconds of a bench_generate --kakuro-size line.
gen_median() { printf '%s\n' "$1" | sed -n 's/.*median *\([0-9.]*\) s.*/\1/p'; }

part_kakuro_sizes() {
  echo "== Kakuro generation at level any as the board grows (each size in a process of its"
  echo "   own; a budget of ${BENCH_GEN_BUDGET:-120} s a puzzle): cells, CPU time, user and system"
  echo "   time, peak memory, and the growth: the exponent e of time ~ cells^e from the size"
  echo "   before (of the medians; seeds 1-3 below 60x60, seed 1 from 60x60 unless"
  echo "   BENCH_GEN_COUNT says how many: the seeds of a size differ by 2-5x).  Targets: 60x60 < 2 s, 100x100 < 15 s, 128x128 < 60 s, system time < 5%"
  echo "   of user time.  With BASELINE_GENERATE (a bench_generate built against an earlier"
  echo "   kakudo) that one runs first for each size, and after/before is the medians' ratio."
  prev_cells= prev_time=
  for side in ${BENCH_GEN_SIZES:-10 30 60 100 128}; do
    count=3
    [ "$side" -ge 60 ] && count=1
    count=${BENCH_GEN_COUNT:-$count}
    if [ -n "${BASELINE_GENERATE:-}" ]; then
      before=$("$BASELINE_GENERATE" --kakuro-size "$side" --count "$count" \
        --budget "${BENCH_GEN_BUDGET:-120}") || before="$before (not every puzzle made)"
      echo " before:$before"
    fi
    after=$("$builddir/bench/bench_generate" --kakuro-size "$side" --count "$count" \
      --budget "${BENCH_GEN_BUDGET:-120}") || after="$after (not every puzzle made)"
    echo "${BASELINE_GENERATE:+ after: }$after"
    cells=$((side * side)) time=$(gen_median "$after")
    case $side in
      60) limit=2 ;; 100) limit=15 ;; 128) limit=60 ;; *) limit= ;;
    esac
    if [ -n "$limit" ]; then
      target "Kakuro generation ${side}x$side, median" "$time" "<" "$limit" "s CPU"
      target "Kakuro generation ${side}x$side, system time" \
        "$(printf '%s\n' "$after" | sed -n 's/.*system .*(\ *\([0-9.]*\)%).*/\1/p')" "<" 5 "% of user"
    fi
    if [ -n "${BASELINE_GENERATE:-}" ]; then
      awk -v b="$(gen_median "$before")" -v a="$time" \
        'BEGIN { if (b > 0) printf "         after/before: %.2fx\n", a / b }'
    fi
    if [ -n "$prev_cells" ]; then
      awk -v c0="$prev_cells" -v t0="$prev_time" -v c="$cells" -v t="$time" \
        'BEGIN { if (t0 > 0 && t > 0) printf "         growth from %d cells: time ~ cells^%.2f\n", c0, log(t / t0) / log(c / c0) }'
    fi
    prev_cells=$cells prev_time=$time
  done
}

# ---------------------------------------------------------------------------------------
# Kakuro generation's peak memory at 60x60: the whole command, as a user runs it
part_kakuro_memory() {
  echo "== Kakuro generation's peak memory: kakudo generate kakuro --size 60x60 --seed S"
  echo "   --budget 900 -j1 for seeds 1-5, each in a process of its own (the program, its"
  echo "   libraries and its heap).  Target (issue 16): the largest peak at most 3.5 MiB."
  worst=0
  for seed in 1 2 3 4 5; do
    line=$("$run" --cpu-limit 300 "$kakudo" generate kakuro --size 60x60 --seed "$seed" --budget 900 -j1)
    kb=$(field maxrss_kb "$line")
    if [ "$(field status "$line")" != 0 ] || [ -z "$kb" ]; then
      echo "   seed $seed: not made ($line)"
      worst=
      continue
    fi
    echo "   seed $seed: peak memory $(mib "$kb"), $(awk -v c="$(field cpu_ns "$line")" 'BEGIN { printf "%.2f s CPU", c / 1e9 }')"
    [ -n "$worst" ] && worst=$(awk -v w="$worst" -v k="$kb" 'BEGIN { print (k > w ? k : w) }')
  done
  target "Kakuro generation 60x60, peak memory (largest of seeds 1-5)" \
    "$(awk -v k="$worst" 'BEGIN { if (k > 0) printf "%.1f", k / 1024 }')" "<=" 3.5 MiB
}

# ---------------------------------------------------------------------------------------
# rating: the samples of issue 5's closing note (every 49th 17-clue puzzle, all of top1465,
# every 48th of the forum's hardest; 1000 at most each), against proving them unique
part_rate() {
  echo "== Rating: the techniques, easiest step first (kakudo rate), against the uniqueness proof"
  have_set sudoku/17_clue.txt &&
    "$builddir/bench/bench_rate" --every=49 --max=1000 "$data/sudoku/17_clue.txt"
  have_set sudoku/magictour_top1465.txt &&
    "$builddir/bench/bench_rate" "$data/sudoku/magictour_top1465.txt"
  have_set sudoku/forum_hardest_1905.txt &&
    "$builddir/bench/bench_rate" --every=48 --max=1000 "$data/sudoku/forum_hardest_1905.txt"
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
    "kakudo-player --version=$builddir/src/kakudo-player --version" -- "libc alone=$tmp/hello" \
    | tee "$tmp/startup.txt"
  # The issue asks the command-line paths to be as light as they reasonably can: kakudo
  # links libc alone and sets no locale for them, the player's libraries are in
  # kakudo-player.  The target set here: --version within 1.25x of the libc-only program.
  target "kakudo --version against a libc-only program (median)" \
    "$(sed -n 's/^ *kakudo --version .* \/ *\([0-9.]*\)x the baseline.*/\1/p' "$tmp/startup.txt")" "<=" 1.25 x
}

# what kakudo solve costs per puzzle beyond the search (target < 0.2 us on top1465)
part_overhead() {
  echo "== kakudo solve beyond the search (reading, printing), in process, against the search alone"
  for set in magictour_top1465 17_clue; do
    have_set "sudoku/$set.txt" || continue
    "$builddir/bench/bench_overhead" "$data/sudoku/$set.txt" 2>&1 | tee "$tmp/overhead.txt"
    # The median of the rounds' own differences (see bench_overhead.c).
    [ "$set" = magictour_top1465 ] && target "kakudo solve beyond the search, top1465 (median of paired rounds)" \
      "$(sed -n 's/^ *beyond the search: *\([-0-9.]*\) .*/\1/p' "$tmp/overhead.txt")" "<" 0.2 "us/puzzle CPU"
  done
}

# -j: one job against two; the speed-up is a wall-clock ratio, CPU time says what it cost
part_jobs() {
  echo "== -j: one job against two (target: at least 1.8x on 2 cores; $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?') online here)"
  echo "   A wall-clock ratio by nature: on a machine busy with other work it shows the"
  echo "   cores that were free, not what kakudo can do; the CPU time shows the threads' cost."
  echo "   Before: $(load)"
  for what in "rate magictour_top1465" "solve forum_hardest_1905"; do
    cmd=${what% *} set=${what#* }
    f=$data/sudoku/$set.txt
    have_set "sudoku/$set.txt" || continue
    "$builddir/bench/bench_runs" --runs 3 --wall "$cmd -j2=$kakudo $cmd -j2 $f" \
      -- "$cmd -j1=$kakudo $cmd -j1 $f" | tee "$tmp/jobs.txt"
    target "$cmd $set, -j2 against -j1 (wall, median)" \
      "$(sed -n 's/.*speed-up [0-9.]*x (min) \/ \([0-9.]*\)x (median).*/\1/p' "$tmp/jobs.txt")" ">=" 1.8 x
    # In process, with the pool's waits: what the code allows whatever the machine's load
    # (CPU time of -j2 against -j1, and the share of time the workers had no item).
    "$builddir/bench/bench_jobs" --runs 3 "$cmd" "$f" 2>&1 | tee "$tmp/jobs_waits.txt"
    target "$cmd $set, -j2 speed-up the code allows on 2 free cores (bench_jobs)" \
      "$(sed -n 's/.*allows on 2 free cores: \([0-9.]*\)x.*/\1/p' "$tmp/jobs_waits.txt")" ">=" 1.8 x
  done
  echo "   After: $(load)"
}

# 16x16 and 25x25: the general search and generation, against the previous search
part_big() {
  echo "== Sudoku above 9x9: the general search and generation (targets: 16x16 < 0.5 ms,"
  echo "   25x25 < 5 ms per puzzle, 25x25 generation < 1 s), against the previous search"
  "$builddir/bench/bench_big" ${BENCH_QUICK:+--quick} | tee "$tmp/big.txt"
  for size in 16 25; do
    figure=$(awk -v s="Sudoku ${size}x$size," 'index($0, s) == 1 { on = 1; next }
                 on && /search, unique:/ { print $3; exit }' "$tmp/big.txt")
    target "Sudoku ${size}x$size search, unique (mean)" "$figure" "<" \
      "$([ "$size" = 16 ] && echo 0.5 || echo 5)" "ms/puzzle CPU"
  done
  target "Sudoku 25x25 generation (mean)" \
    "$(awk 'index($0, "Sudoku 25x25,") == 1 { on = 1; next } on && /generation:/ { print $2; exit }' \
       "$tmp/big.txt")" "<" 1000 "ms/puzzle CPU"
}
# ======================================================================== end of sperf

# ---------------------------------------------------------------------------------------
# generated_set KIND CACHE LEVEL COUNT: the file of COUNT 9x9 puzzles of KIND (killer,
# jigsaw, x, jigsaw-x, killer-x or sudoku) and LEVEL (seed 1), generated into CACHE when missing
# (-j2; the same puzzles whatever -j); the generation's CPU time per puzzle and how many
# reached the level go to $tmp/generated.txt.  A generation that fails (or is cut short)
# is said there and kept nowhere, so a later run tries again; the status is then 1.
generated_set() {
  file=$2/$1-$3-seed1-n$4.txt
  if [ ! -s "$file" ]; then
    line=$("$run" --out "$file.part" "$kakudo" generate "$1" --level "$3" --count "$4" \
           --seed 1 -j2 2>/dev/null)
    if [ "$(field status "$line")" != 0 ] || [ ! -s "$file.part" ]; then
      echo "   generating $4 $3 $1 puzzles failed (${line:-no figures}): the set is left out" \
           >>"$tmp/generated.txt"
      rm -f "$file.part"
      return 1
    fi
    # Each puzzle's header names it by its variant's full name (sudoku-x9-hard-1 ...).
    at_level=$(grep -ci "^# $([ "$1" = x ] && echo sudoku-x || echo "$1")9-$3-[0-9]* $3," "$file.part")
    awk -v c="$(field cpu_ns "$line")" -v n="$4" -v k="$1" -v l="$3" -v a="$at_level" 'BEGIN {
      printf "   generated %d %s %s puzzles (%d at the level): %.3f s CPU each, %.1f a CPU minute\n",
             n, l, k, a, c / 1e9 / n, n * 60e9 / c }' >>"$tmp/generated.txt"
    mv "$file.part" "$file"
  else
    echo "   $file: generated before (BENCH_CACHE)" >>"$tmp/generated.txt"
  fi
  echo "$file"
}

# vspeed (issue 14): the variant searches against plain 9x9 in the same process (targets:
# Jigsaw and X within 2x of plain per puzzle of similar difficulty, Killer median < 1 ms)
part_variant() {
  count=${BENCH_VARIANT_COUNT:-1000}
  killers=${BENCH_KILLER_COUNT:-1000}
  levels=${BENCH_KILLER_LEVELS:-beginner easy medium hard expert master}
  jigsaws=${BENCH_JIGSAW_COUNT:-300}
  jigsaw_levels=${BENCH_JIGSAW_LEVELS:-beginner easy medium hard expert master}
  xs=${BENCH_X_COUNT:-300}
  xkinds=${BENCH_X_KINDS-x:$xs jigsaw-x:${BENCH_X_OTHER_COUNT:-100} killer-x:${BENCH_X_OTHER_COUNT:-100}}
  x_levels=${BENCH_X_LEVELS:-beginner easy medium hard expert master}
  cache=${BENCH_CACHE:-$builddir/bench/cache}
  passes=${BENCH_VARIANT_PASSES:-3}
  echo "== Sudoku variants: Jigsaw, X and Killer against plain 9x9, uniqueness proven, CPU per"
  echo "   puzzle (least of $repeat_runs repeats in each of $passes passes over all the sets, a"
  echo "   ratio's [least-most] over the passes); $count puzzles of each made from random grids,"
  echo "   $killers Killers and $jigsaws Jigsaws per level from kakudo generate (BENCH_KILLER_COUNT,"
  echo "   BENCH_JIGSAW_COUNT, seed 1), generated once into $cache"
  set -- --repeat="$repeat_runs" --passes="$passes" --count="$count"
  : >"$tmp/generated.txt"
  if [ "$killers" -gt 0 ] || [ "$jigsaws" -gt 0 ] || [ -n "$xkinds" ]; then
    mkdir -p "$cache" || return
  fi
  if [ "$killers" -gt 0 ]; then
    for level in $levels; do
      set_file=$(generated_set killer "$cache" "$level" "$killers") && set -- "$@" --killer="$set_file"
    done
  fi
  # Real Jigsaws (irregular regions), each set against plain puzzles of its rating.
  if [ "$jigsaws" -gt 0 ]; then
    for level in $jigsaw_levels; do
      set_file=$(generated_set jigsaw "$cache" "$level" "$jigsaws") && set -- "$@" --jigsaw="$set_file"
    done
  fi
  # Sudoku X, Jigsaw X and Killer X of each level, each set against plain puzzles of its
  # rating.
  for kind_count in $xkinds; do
    [ "${kind_count#*:}" -gt 0 ] || continue
    for level in $x_levels; do
      set_file=$(generated_set "${kind_count%%:*}" "$cache" "$level" "${kind_count#*:}") &&
        set -- "$@" --variant="$set_file"
    done
  done
  # kakudo's own plain puzzles of each of those levels: each variant set above is also
  # timed against those of its level (bench_variant finds the level in the file names).
  plain_count=${BENCH_PLAIN_LEVEL_COUNT:-300}
  if [ "$plain_count" -gt 0 ]; then
    for level in $(printf '%s\n' $([ "$jigsaws" -gt 0 ] && echo "$jigsaw_levels") \
                     $([ -n "$xkinds" ] && echo "$x_levels") | awk 'NF && !seen[$0]++'); do
      set_file=$(generated_set sudoku "$cache" "$level" "$plain_count") &&
        set -- "$@" --plain-level="$set_file"
    done
  fi
  cat "$tmp/generated.txt"
  # A published set: 62 of krazydad's Intermediate Killers (tests/data/variant).
  set -- "$@" --killer="$srcdir/tests/data/variant/killer_krazydad.txt"
  if have_set sudoku/magictour_top1465.txt; then
    set -- "$@" "$data/sudoku/magictour_top1465.txt"
  fi
  # Its "target" lines (Jigsaw and X within 2x of plain, real Jigsaws of each level
  # within 2x of plain of their rating and of kakudo's plain puzzles of their level; each
  # Killer set's median under 1 ms) join the summary.
  "$builddir/bench/bench_variant" --rated="${BENCH_VARIANT_RATED:-300}" "$@" | tee "$tmp/variant.txt"
  sed -n 's/^  target //p' "$tmp/variant.txt" >>"$tmp/targets.txt"
}

# jigread (issue 14): what a user times, `kakudo solve -j1 FILE` on a file of variants
# against a file of plain Sudoku of the same level (bench/solve_e2e.sh); its "target" lines
# (Jigsaw and X within 2x of plain, end to end) join the summary.
part_e2e() {
  BENCH_CACHE=${BENCH_CACHE:-$builddir/bench/cache} sh "$srcdir/bench/solve_e2e.sh" "$builddir" \
    | tee "$tmp/e2e.txt"
  sed -n 's/^  target //p' "$tmp/e2e.txt" >>"$tmp/targets.txt"
}

# ---------------------------------------------------------------------------------------
# issue 13: generated Kakuro boards against janko's (white share and run lengths), in
# the same run; KAKURO_SHAPE_COUNT boards (default 10) per size and level
part_kakuro_shape() {
  echo "== Kakuro board shapes: generated 12x12, 15x15 and 20x20 at every level, 30x30 at"
  echo "   Medium and level any (the largest size whitened), 60x60, 100x100 and 128x128 (the"
  echo "   largest size) at level any (whitened lightly) against janko's boards of 12x12 and over"
  echo "   (target: every share within 5 points)"
  have_set kakuro/janko.txt || return
  set --
  for level in easy medium hard expert master; do
    for side in 12 15 20; do
      set -- "$@" "--generate=${side}x$side:$level:${KAKURO_SHAPE_COUNT:-10}"
    done
  done
  set -- "$@" --generate=30x30:medium:5 --generate=30x30:any:5 --generate=60x60:any:3 \
    --generate=100x100:any:2 --generate=128x128:any:1
  "$builddir/bench/bench_kakuro_shape" "$data/kakuro/janko.txt" "$@" | tee "$tmp/shape.txt"
  sed -n 's/^   target //p' "$tmp/shape.txt" >>"$tmp/targets.txt"
}

# ---------------------------------------------------------------------------------------
for part in $parts; do
  case $part in
    sudoku|paths|seeds|kakuro|kakuro2|watch|rate|generate|kakuro_sizes|kakuro_memory|kakuro_shape|startup|overhead|jobs|big|variant|e2e) part_$part; echo ;;
    *) echo "bench: unknown part $part (sudoku, paths, seeds, kakuro, kakuro2, watch, rate, generate, kakuro_sizes, kakuro_memory, kakuro_shape, startup, overhead, jobs, big, variant, e2e)" >&2; exit 2 ;;
  esac
done
if [ -s "$tmp/targets.txt" ]; then
  echo "== Issue 16's targets, as measured in this run ($(load)):"
  sed 's/^/   /' "$tmp/targets.txt"
  echo "   $(grep -c ': pass$' "$tmp/targets.txt") pass, $(grep -c ': MISS$' "$tmp/targets.txt") miss," \
       "$(grep -c ': not measured' "$tmp/targets.txt") not measured"
fi
