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
else
  echo "# /dev/full is missing: the full-disk checks are skipped"
fi
tap_done
