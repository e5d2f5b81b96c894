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
#   BENCH_E2E_GIVENS  "level": the Jigsaw and X of BENCH_E2E_KINDS are also timed on sets
#                     generated with `--givens` at the level's documented 9x9 range (Easy
#                     30-35, Medium 27-31, Hard 25-29, Expert 22-27, Master 20-26; the
#                     README's generator section), plain's givens, cached as
#                     KIND-LEVEL-givensMIN-MAX-seed1-nCOUNT.txt and labelled KIND@MIN-MAX;
#                     unset or empty (the default): the sets as generated alone
#   BASELINE_KAKUDO   an earlier kakudo: then it solves every file too, in the same runs,
#                     and its time per puzzle and the ratio to it are printed
# Each file is solved by `kakudo solve -j1 FILE > /dev/null` (bench_runs: CPU time, user +
# system, of the child).  Jigsaw and X carry issue 14's target: within 2x of plain Sudoku
# of the same level per puzzle; the "target" lines say pass or MISS, and which sets: as
# generated (a variant below its level at the range's least givens goes on losing givens,
# so its sets have fewer than plain's) or at the level's givens range; each set's mean
# givens is printed beside its time.
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
givens_mode=${BENCH_E2E_GIVENS:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ ! -x "$kakudo" ] || [ ! -x "$runs_prog" ]; then
  echo "solve_e2e: build $kakudo and $runs_prog first (make bench/bench_runs)" >&2
  exit 2
fi
case $givens_mode in
  ""|level) ;;
  *) echo "solve_e2e: BENCH_E2E_GIVENS is \"level\" or empty, not \"$givens_mode\"" >&2; exit 2 ;;
esac
mkdir -p "$cache" || exit 2

# level_givens LEVEL: the 9x9 givens range the README documents for LEVEL, as MIN-MAX.
level_givens() {
  case $1 in
    beginner) echo 36-45 ;;
    easy) echo 30-35 ;;
    medium) echo 27-31 ;;
    hard) echo 25-29 ;;
    expert) echo 22-27 ;;
    master) echo 20-26 ;;
    *) return 1 ;;
  esac
}

# set_file KIND LEVEL [MIN-MAX]: the cached set of KIND and LEVEL (with givens MIN-MAX when
# given), generated when missing; fails (saying why on standard error) when it cannot be
# made.
set_file() {
  n=$count
  [ "$1" = killer ] && n=$killer_count
  file=$cache/$1-$2${3:+-givens$3}-seed1-n$n.txt
  if [ ! -s "$file" ]; then
    if ! "$kakudo" generate "$1" --level "$2" ${3:+--givens "$3"} --count "$n" --seed 1 -j2 \
           >"$file.part" 2>/dev/null || [ ! -s "$file.part" ]; then
      echo "solve_e2e: generating $n $2 $1${3:+ (givens $3)} puzzles failed: left out" >&2
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

# mean_givens FILE: the mean givens of FILE's puzzles, from kakudo generate's comment
# lines ("..., 19 givens, seed 1"); "-" when none says.
mean_givens() {
  sed -n 's/^# .*, \([0-9][0-9]*\) givens, .*/\1/p' "$1" |
    awk '{ sum += $1; n++ } END { if (n) printf "%.1f\n", sum / n; else print "-" }'
}

echo "== kakudo solve -j1 FILE end to end: CPU per puzzle (user + system, least of $runs runs,"
echo "   interleaved), sets of $count 9x9 puzzles per kind and level ($killer_count Killers) from"
echo "   kakudo generate (seed 1, cached in $cache), each file the set $repeat times"
[ -n "$before" ] && echo "   before: $before, in the same runs"
for level in $levels; do
  # The sets of the level: each kind as generated, then with BENCH_E2E_GIVENS=level
  # Jigsaw and X with the level's givens range too (KIND@MIN-MAX).
  specs=
  for kind in $kinds; do
    specs="$specs $kind"
    case $givens_mode:$kind in
      level:jigsaw|level:x) range=$(level_givens "$level") && specs="$specs $kind@$range" ;;
    esac
  done
  set --
  base=
  : >"$tmp/counts"
  for spec in $specs; do
    kind=${spec%@*}
    range=${spec#"$kind"}
    f=$(set_file "$kind" "$level" "${range#@}") || continue
    n=$(repeated "$f" "$tmp/$spec-$level.txt")
    echo "$spec $n $(mean_givens "$f")" >>"$tmp/counts"
    # bench_runs takes the first LABEL=COMMAND after -- as its baseline: plain Sudoku.
    if [ "$spec" = sudoku ]; then
      base="$spec=$kakudo solve -j1 $tmp/$spec-$level.txt"
    else
      set -- "$@" "$spec=$kakudo solve -j1 $tmp/$spec-$level.txt"
    fi
    [ -n "$before" ] && set -- "$@" "$spec:before=$before solve -j1 $tmp/$spec-$level.txt"
  done
  if [ -z "${base:-}" ]; then
    echo "   $level: no plain Sudoku set: no baseline, skipped"
    continue
  fi
  "$runs_prog" --runs "$runs" "$@" -- "$base" >"$tmp/runs.txt" || { cat "$tmp/runs.txt"; continue; }
  echo "-- $level"
  # Each label's least run over its puzzles; variants against plain, now against before;
  # a target line for each set of Jigsaw and X, saying which set it is.
  awk -v counts="$tmp/counts" -v level="$level" '
    BEGIN {
      while ((getline line < counts) > 0) { split(line, f, " "); n[f[1]] = f[2]; givens[f[1]] = f[3] }
    }
    # bench_runs prints its baseline (plain) last: it goes first here.
    $2 == "min" { label = $1; us[label] = $3; if (label != "sudoku") order[++k] = label }
    END {
      plain = us["sudoku"] / n["sudoku"]
      order[0] = "sudoku"
      printf "   %-14s %6s %10s %8s %24s\n", "kind", "givens", "us/puzzle", "x plain", "now/before (before us)"
      for (i = 0; i <= k; i++) {
        label = order[i]
        if (label ~ /:before$/) continue
        per = us[label] / n[label]
        ratio[label] = per / plain
        b = label ":before"
        vs = (b in us) ? sprintf("%.2f (%.2f us)", per / (us[b] / n[label]), us[b] / n[label]) : "-"
        printf "   %-14s %6s %10.2f %8.2f %24s\n", label, givens[label], per, ratio[label], vs
      }
      for (i = 1; i <= k; i++) {
        label = order[i]
        # Runs of the earlier binary carry no target line: those of this one do.
        if (label ~ /:before$/) continue
        kind = label; sub(/@.*/, "", kind)
        if (kind != "jigsaw" && kind != "x") continue
        range = label; sub(/^[^@]*@?/, "", range)
        which = range == "" ? "as generated" : "at the level'"'"'s givens " range
        printf "  target %s within 2x of plain Sudoku per puzzle, %s, end to end, %s (%s givens, plain %s): %.2f x (target <= 2): %s\n",
               kind == "x" ? "Sudoku X" : "Jigsaw", level, which, givens[label], givens["sudoku"],
               ratio[label], ratio[label] <= 2 ? "pass" : "MISS"
      }
    }' "$tmp/runs.txt"
done
