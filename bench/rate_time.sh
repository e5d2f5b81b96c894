#!/bin/sh
# rate_time.sh: the CPU time of rating one puzzle (median, 90th percentile, worst) on samples
# of 17_clue, top1465 and forum_hardest_1905, with bench_rate_time; and, when BASELINE names
# the same program built against an older kakudo (bench_rate_time.c uses only grade_puzzle,
# so it builds there unchanged), the older one first, in the same script, with the ratios.
#
# Usage: rate_time.sh BUILDDIR [SRCDIR].  The sets are read from $KAKUDO_DATA (default
# SRCDIR/../shared/data).  To measure before and after a change:
#   git archive OLD | tar -x -C /tmp/old && (cd /tmp/old && ./bootstrap && ./configure &&
#     make src/libkakudo.a && cp NEW/bench/bench_rate_time.c bench/ && make bench/bench_rate_time)
#   BASELINE=/tmp/old/bench/bench_rate_time bench/rate_time.sh .
set -u
builddir=${1:-.}
srcdir=${2:-.}
data=${KAKUDO_DATA:-$srcdir/../shared/data}/sudoku
now=$builddir/bench/bench_rate_time
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Each set and its sample: every Kth puzzle.
sets="17_clue.txt:500 magictour_top1465.txt:1 forum_hardest_1905.txt:480"

# field NAME LINE: the number after NAME in a line of bench_rate_time output.
field() { printf '%s\n' "$2" | sed -n "s/.*$1 \\([0-9.]*\\).*/\\1/p"; }

for entry in $sets; do
  file=${entry%%:*} every=${entry##*:}
  [ -f "$data/$file" ] || { echo "rate_time: no $data/$file (set KAKUDO_DATA)" >&2; exit 1; }
  if [ -n "${BASELINE:-}" ]; then
    before=$("$BASELINE" --every="$every" "$data/$file")
    echo "before: $before"
  fi
  after=$("$now" --every="$every" "$data/$file")
  echo "after:  $after"
  if [ -n "${BASELINE:-}" ]; then
    for what in median p90 worst; do
      awk -v w="$what" -v b="$(field "$what" "$before")" -v a="$(field "$what" "$after")" \
          'BEGIN { if (b > 0) printf "        %s after/before: %.2fx\n", w, a / b }'
    done
  fi
done
