#!/bin/sh
# test_write_errors.sh: every command that writes to standard output reports a failed write
# (a full disk, a closed descriptor) on stderr and exits non-zero, as TAP.
. "$(dirname "$0")/tap.sh"
data=$srcdir/tests/data/cli

# check NAME ARGS...: kakudo ARGS with stdout on /dev/full, then with stdout closed.
check() {
  name=$1; shift
  "$bin" "$@" >/dev/full 2>"$tmp/$name.full.err" </dev/null
  st=$?
  [ "$st" -ne 0 ] && grep -q "write error" "$tmp/$name.full.err"
  ok $? "$name >/dev/full: write error reported, exit status $st" || sed 's/^/# stderr: /' "$tmp/$name.full.err"
  "$bin" "$@" >&- 2>"$tmp/$name.closed.err" </dev/null
  st=$?
  [ "$st" -ne 0 ] && grep -q "write error" "$tmp/$name.closed.err"
  ok $? "$name >&-: write error reported, exit status $st" || sed 's/^/# stderr: /' "$tmp/$name.closed.err"
}

if [ -w /dev/full ]; then
  check solve solve "$data/boj2580.in"
  check hint hint "$data/boj2580.in"
  check hint-all hint --all "$data/boj2580.in"
  check rate rate "$data/boj2580.in"
  check generate generate sudoku --seed 1
  check generate-help generate --help
  check help --help
  check version --version

  # A failed output stops the work: generate, rate and solve went on making what /dev/full
  # took none of (generate --count 100000000 for hours, rate and solve on an endless
  # stream for ever) and said so at the end; each now ends once standard output fails.
  "$bin" generate sudoku --seed 1 --count 100000000 >/dev/full 2>"$tmp/gstop.err" </dev/null &
  pid=$!
  wait_end $pid; wait $pid
  [ $? -eq 2 ] && grep -q "write error" "$tmp/gstop.err"
  ok $? "generate --count 100000000 >/dev/full: stops at the write error" || sed 's/^/# stderr: /' "$tmp/gstop.err"
  mkfifo "$tmp/endless"
  for command in solve rate; do
    yes 530070000600195000098000060800060003400803001700020006060000280000419005000080079 \
      >"$tmp/endless" &
    writer=$!
    "$bin" $command "$tmp/endless" >/dev/full 2>"$tmp/$command.stop.err" </dev/null &
    pid=$!
    wait_end $pid; wait $pid
    st=$?
    kill $writer 2>/dev/null; wait $writer
    [ $st -eq 2 ] && grep -q "write error" "$tmp/$command.stop.err"
    ok $? "$command on an endless stream >/dev/full: stops at the write error" || sed 's/^/# stderr: /' "$tmp/$command.stop.err"
  done
  # The files after the one whose output failed are not read: "FILE:5" was said to have
  # only 4 puzzles, its reading cut short before the fifth.
  yes 530070000600195000098000060800060003400803001700020006060000280000419005000080079 |
    head -n 300 >"$tmp/many.txt"
  for command in solve rate; do
    "$bin" $command "$tmp/many.txt" "$tmp/many.txt:5" >/dev/full 2>"$tmp/$command.next.err" </dev/null
    [ $? -eq 2 ] && grep -q "write error" "$tmp/$command.next.err" && ! grep -q "only" "$tmp/$command.next.err"
    ok $? "$command FILE FILE:5 >/dev/full: the write error alone" || sed 's/^/# stderr: /' "$tmp/$command.next.err"
  done
  # hint over many files went on to the last after its output failed: it now stops at the
  # first failed write (the missing file at the end is never reached), as solve does.
  set --
  i=0
  while [ $i -lt 40 ]; do set -- "$@" "$data/boj2580.in"; i=$((i + 1)); done
  "$bin" hint "$@" "$tmp/missing.txt" >/dev/full 2>"$tmp/hint.next.err" </dev/null
  [ $? -eq 2 ] && grep -q "write error" "$tmp/hint.next.err" && ! grep -q "missing.txt" "$tmp/hint.next.err"
  ok $? "hint FILE x40 MISSING >/dev/full: stops at the write error" || sed 's/^/# stderr: /' "$tmp/hint.next.err"
else
  echo "# /dev/full is missing: the full-disk checks are skipped"
fi

# The same through a pipe closed early, where SIGPIPE is ignored (as under some shells and
# job runners): each write then fails with EPIPE, and hint went on to the last file.
set --
i=0
while [ $i -lt 1000 ]; do set -- "$@" "$data/boj2580.in"; i=$((i + 1)); done
(trap '' PIPE; "$bin" hint "$@" "$tmp/missing.txt" 2>"$tmp/hint.pipe.err" </dev/null;
 echo $? >"$tmp/hint.pipe.status") | head -n 1 >/dev/null
[ "$(cat "$tmp/hint.pipe.status")" -eq 2 ] && grep -q "write error: Broken pipe" "$tmp/hint.pipe.err" \
  && ! grep -q "missing.txt" "$tmp/hint.pipe.err"
ok $? "hint FILE x1000 MISSING | head -1 (SIGPIPE ignored): stops at the write error" || sed 's/^/# stderr: /' "$tmp/hint.pipe.err"

# A file size limit (ulimit -f, here 1 block): SIGXFSZ ended kakudo in the middle of a
# puzzle with no word of its own (the shell's "File size limit exceeded"); the write now
# fails with EFBIG and is reported as a full disk's is.
( ulimit -f 1 && exec "$bin" generate sudoku --seed 1 --count 20 ) >"$tmp/fsize.out" 2>"$tmp/fsize.err" </dev/null
st=$?
[ $st -eq 2 ] && grep -q "write error: File too large" "$tmp/fsize.err"
ok $? "generate past a file size limit: write error reported, exit status $st" || sed 's/^/# stderr: /' "$tmp/fsize.err"
tap_done
