#!/bin/sh
# solve_e2e.sh: `kakudo solve FILE` end to end, as a user times it, on sets of plain Sudoku, Jigsaw, X, Jigsaw X and Killer of one level: CPU per puzzle and each variant's ratio to plain.
#
# Usage: solve_e2e.sh BUILDDIR.  Environment:
#   BENCH_E2E_LEVELS  the levels (default "easy expert master")
#   BENCH_E2E_KINDS   the kinds, plain Sudoku first as the baseline (default
#                     "sudoku jigsaw x jigsaw-x killer")
#   BENCH_E2E_COUNT   the 9x9 puzzles generated per kind and level (default 300), seed 1,
#                     -j2, kept in BENCH_CACHE (default BUILDDIR/bench/cache) as
#                     KIND-LEVEL-seed1-nCOUNT.txt (bench/run.sh's names: its sets serve
#                     here too) and made again only when missing; BENCH_E2E_KILLER_COUNT
#                     (default 100) the same for Killer, whose generation takes longest
#   BENCH_E2E_REPEAT  how many times each set is repeated in the file solved (default 10),
#                     so that a run is mostly solving, not starting the process
#   BENCH_E2E_RUNS    the runs of each file (default 5), interleaved with the other kinds'
#                     of the level so that a burst of load falls on all alike; the least
#                     counts
#   BASELINE_KAKUDO   an earlier kakudo: then it solves every file too, in the same runs,
#                     and its time per puzzle and the ratio to it are printed
# Each file is solved by `kakudo solve -j1 FILE > /dev/null` (bench_runs: CPU time, user +
# system, of the child).  Jigsaw and X carry issue 14's target: within 2x of plain Sudoku
# of the same level per puzzle; the "target" lines say pass or MISS.
set -u
builddir=${1:-.}
kakudo=$builddir/src/kakudo
runs_prog=$builddir/bench/bench_runs
levels=${BENCH_E2E_LEVELS:-easy expert master}
kinds=${BENCH_E2E_KINDS:-sudoku jigsaw x jigsaw-x killer}
count=${BENCH_E2E_COUNT:-300}
killer_count=${BENCH_E2E_KILLER_COUNT:-100}
repeat=${BENCH_E2E_REPEAT:-10}
runs=${BENCH_E2E_RUNS:-5}
cache=${BENCH_CACHE:-$builddir/bench/cache}
before=${BASELINE_KAKUDO:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ ! -x "$kakudo" ] || [ ! -x "$runs_prog" ]; then
  echo "solve_e2e: build $kakudo and $runs_prog first (make bench/bench_runs)" >&2
  exit 2
fi
mkdir -p "$cache" || exit 2

# set_file KIND LEVEL: the cached set of KIND and LEVEL, generated when missing; fails
# (saying why on standard error) when it cannot be made.
set_file() {
  n=$count
  [ "$1" = killer ] && n=$killer_count
  file=$cache/$1-$2-seed1-n$n.txt
  if [ ! -s "$file" ]; then
    if ! "$kakudo" generate "$1" --level "$2" --count "$n" --seed 1 -j2 >"$file.part" 2>/dev/null \
       || [ ! -s "$file.part" ]; then
      echo "solve_e2e: generating $n $2 $1 puzzles failed: left out" >&2
      rm -f "$file.part"
      return 1
    fi
    mv "$file.part" "$file"
  fi
  echo "$file"
}

# repeated FILE OUT: FILE written $repeat times into OUT; the number of puzzles in OUT.
repeated() {
  : >"$2"
  i=0
  while [ "$i" -lt "$repeat" ]; do
    cat "$1" >>"$2"
    i=$((i + 1))
  done
  puzzles=$(grep -c '^# [a-z-]*[0-9]*-[a-z]*-[0-9]* ' "$1")
  echo $((puzzles * repeat))
}

echo "== kakudo solve -j1 FILE end to end: CPU per puzzle (user + system, least of $runs runs,"
echo "   interleaved), sets of $count 9x9 puzzles per kind and level ($killer_count Killers) from"
echo "   kakudo generate (seed 1, cached in $cache), each file the set $repeat times"
[ -n "$before" ] && echo "   before: $before, in the same runs"
for level in $levels; do
  set --
  base=
  : >"$tmp/counts"
  for kind in $kinds; do
    f=$(set_file "$kind" "$level") || continue
    n=$(repeated "$f" "$tmp/$kind-$level.txt")
    echo "$kind $n" >>"$tmp/counts"
    # bench_runs takes the first LABEL=COMMAND after -- as its baseline: plain Sudoku.
    if [ "$kind" = sudoku ]; then
      base="$kind=$kakudo solve -j1 $tmp/$kind-$level.txt"
    else
      set -- "$@" "$kind=$kakudo solve -j1 $tmp/$kind-$level.txt"
    fi
    [ -n "$before" ] && set -- "$@" "$kind:before=$before solve -j1 $tmp/$kind-$level.txt"
  done
  if [ -z "${base:-}" ]; then
    echo "   $level: no plain Sudoku set: no baseline, skipped"
    continue
  fi
  "$runs_prog" --runs "$runs" "$@" -- "$base" >"$tmp/runs.txt" || { cat "$tmp/runs.txt"; continue; }
  echo "-- $level"
  # Each label's least run over its puzzles; variants against plain, now against before.
  awk -v counts="$tmp/counts" -v level="$level" '
    BEGIN { while ((getline line < counts) > 0) { split(line, f, " "); n[f[1]] = f[2] } }
    # bench_runs prints its baseline (plain) last: it goes first here.
    $2 == "min" { label = $1; us[label] = $3; if (label != "sudoku") order[++k] = label }
    END {
      plain = us["sudoku"] / n["sudoku"]
      order[0] = "sudoku"
      printf "   %-10s %10s %8s %24s\n", "kind", "us/puzzle", "x plain", "now/before (before us)"
      for (i = 0; i <= k; i++) {
        label = order[i]
        if (label ~ /:before$/) continue
        per = us[label] / n[label]
        ratio = per / plain
        b = label ":before"
        vs = (b in us) ? sprintf("%.2f (%.2f us)", per / (us[b] / n[label]), us[b] / n[label]) : "-"
        printf "   %-10s %10.2f %8.2f %24s\n", label, per, ratio, vs
        if (label == "jigsaw" || label == "x")
          target[label] = ratio
      }
      for (label in target)
        printf "  target %s within 2x of plain Sudoku per puzzle, %s, end to end: %.2f x (target <= 2): %s\n",
               label == "x" ? "Sudoku X" : "Jigsaw", level, target[label], target[label] <= 2 ? "pass" : "MISS"
    }' "$tmp/runs.txt"
done
