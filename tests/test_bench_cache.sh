#!/bin/sh
# test_bench_cache.sh: bench/run.sh keeps a generated puzzle set in its cache only when the
# generation worked: one that fails (or is cut short) leaves no file a later run would take
# for the set, and the run goes on without it.  The programs run.sh calls are stand-ins
# here (a kakudo that fails or works, a bench_exec without timing, a bench_variant that
# lists its arguments): the cache's rule is the shell's alone.
. "$(dirname "$0")/tap.sh"

fake=$tmp/build
mkdir -p "$fake/src" "$fake/bench"
# bench_exec --out FILE CMD...: CMD's output to FILE and the status line run.sh reads.
cat >"$fake/bench/bench_exec" <<'SCRIPT'
#!/bin/sh
out=/dev/null
[ "$1" = --out ] && { out=$2; shift 2; }
"$@" >"$out" </dev/null
echo "status=$? wall_ns=1000 cpu_ns=1000 cpu_median_ns=1000 maxrss_kb=1"
SCRIPT
printf '#!/bin/sh\nprintf "%%s\\n" "$@" >"%s/variant.args"\n' "$tmp" >"$fake/bench/bench_variant"
# A generation that writes its first puzzle's header and fails.
printf '#!/bin/sh\necho "# killer9-easy-1 easy, 1.2"\nexit 1\n' >"$fake/src/kakudo"
chmod +x "$fake/bench/bench_exec" "$fake/bench/bench_variant" "$fake/src/kakudo"

bench() {
  BENCH_PARTS=variant BENCH_KILLER_COUNT=2 BENCH_KILLER_LEVELS=easy BENCH_JIGSAW_COUNT=0 \
    BENCH_X_KINDS= BENCH_CACHE="$tmp/cache" BENCH_REPEAT=1 KAKUDO_DATA= KAKUDO_BASELINES= \
    sh "$srcdir/bench/run.sh" "$fake" "$srcdir" >"$tmp/$1.out" 2>"$tmp/$1.err"
}
set_file=$tmp/cache/killer-easy-seed1-n2.txt

bench failed
[ ! -e "$set_file" ] && [ ! -e "$set_file.part" ]; ok $? "a failed generation leaves nothing in the cache"
out_has failed "generating 2 easy killer puzzles failed"; ok $? "and the run says so"
! grep -qF -- "--killer=$set_file" "$tmp/variant.args"; ok $? "and goes on without the set"

printf '#!/bin/sh\necho "# killer9-easy-1 easy, 1.2"\necho "# killer9-easy-2 easy, 1.4"\n' >"$fake/src/kakudo"
bench worked
[ -s "$set_file" ]; ok $? "the next run generates the set again and keeps it"
grep -qxF -- "--killer=$set_file" "$tmp/variant.args"; ok $? "and measures it"
grep -qxF -- "--passes=3" "$tmp/variant.args"; ok $? "bench_variant times its sets in 3 passes by default"
rm "$fake/src/kakudo"
bench cached
out_has cached "$set_file: generated before (BENCH_CACHE)"; ok $? "a run after that takes it from the cache"
BENCH_VARIANT_PASSES=5 bench passes
grep -qxF -- "--passes=5" "$tmp/variant.args"; ok $? "or in BENCH_VARIANT_PASSES passes"

tap_done
