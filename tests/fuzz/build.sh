#!/bin/sh
# build.sh: `make fuzz`: the fuzz targets as libFuzzer programs, with AddressSanitizer and UBSan.
# Usage: build.sh CC SRCDIR BUILDDIR "LIBS" SOURCE...   (SOURCE: the core library's files)
# Objects are rebuilt only when their source (or a header) is newer; programs land in
# BUILDDIR/tests/fuzz/bin/fuzz_NAME.
set -e
cc=$1 srcdir=$2 builddir=$3 libs=$4
shift 4
out=$builddir/tests/fuzz/bin
obj=$builddir/tests/fuzz/obj
mkdir -p "$out" "$obj"
cflags="-std=c11 -g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined
        -DKAKUDO_FUZZING -I$srcdir/src -I$builddir/src -I$builddir -I$srcdir/tests/fuzz"
ldflags="-fsanitize=fuzzer,address,undefined"
# fuzz_reader.c counts as a header: fuzz_variant.c includes it.
newest_header=$(ls -t "$srcdir"/src/*.h "$srcdir"/tests/fuzz/*.h "$srcdir"/tests/fuzz/fuzz_reader.c \
    | head -n 1)

# compile SOURCE: prints the object's path, compiling it if it is out of date.  The batch
# search's copies for x86-64-v3 CPUs (src/*_v3.c) take configure's FAST_V3_CFLAGS too,
# passed in FUZZ_V3_CFLAGS (empty where configure builds no such copy: the files are then
# empty).
compile() {
    o=$obj/$(echo "$1" | tr / _).o
    case $1 in *_v3.c) own=${FUZZ_V3_CFLAGS:-} ;; *) own="" ;; esac
    if test ! -f "$o" || test "$srcdir/$1" -nt "$o" || test "$newest_header" -nt "$o"; then
        echo "  FUZZCC   $1" >&2
        # shellcheck disable=SC2086
        $cc $cflags $own -c "$srcdir/$1" -o "$o"
    fi
    echo "$o"
}

core=""
for f in "$@"; do
    case $f in *.c) core="$core $(compile "$f")" ;; esac
done
util=$(compile tests/fuzz/fuzz_util.c)
for t in reader variant save moves hint grade generate cli prefs; do
    extra=""
    if test "$t" = cli; then
        extra="$(compile src/cli_args.c) $(compile src/cmd_generate.c)"
    fi
    target=$(compile "tests/fuzz/fuzz_$t.c")
    echo "  FUZZLD   $out/fuzz_$t" >&2
    # shellcheck disable=SC2086
    $cc $ldflags $target $util $extra $core $libs -o "$out/fuzz_$t"
done
