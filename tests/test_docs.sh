#!/bin/sh
# test_docs.sh: what tells users how to call kakudo: every command's --help fits a terminal
# of 80 columns that wraps at the last one (each line under 80 columns by display width,
# in English and Korean), and the Korean manual page names every option, one-line format
# and variant the English one does.
. "$(dirname "$0")/tap.sh"

# widest OUT: the display width of the widest line of a file (Hangul is two columns).
widest() { LC_ALL=C.UTF-8 wc -L <"$1"; }

# help_fits NAME LANGUAGE ARGS...: --help of a command, its widest line under 80 columns.
help_fits() {
  name=$1; language=$2; shift 2
  LANG=C.UTF-8 LANGUAGE=$language "$bin" "$@" --help >"$tmp/$name.out" 2>&1 </dev/null
  w=$(widest "$tmp/$name.out")
  [ "$w" -lt 80 ] && [ -s "$tmp/$name.out" ] \
    || { awk 'length($0) >= 80' "$tmp/$name.out" | sed 's/^/# /'; echo "# widest: $w"; return 1; }
}

languages=en
if [ -f "${KAKUDO_LOCALEDIR:-/nonexistent}/ko/LC_MESSAGES/kakudo.mo" ]; then
  languages="en ko"
fi
for language in $languages; do
  for command in "" play solve watch hint rate generate "generate sudoku" "generate kakuro" \
                 "generate killer-jigsaw-x"; do
    # shellcheck disable=SC2086 # the command is words
    help_fits help "$language" $command
    ok $? "$language: 'kakudo $command --help' under 80 columns"
  done
done

# names PAGE: the options, one-line formats and variant words a manual page gives.
names() {
  grep -oE '\\-\\-[a-z][a-z0-9]*(\\-[a-z0-9]+)*|[a-z]+(\\-[a-z]+)*\\-line|(killer\\-)?jigsaw\\-x|killer\\-(x|jigsaw)' "$1" \
    | sort -u
}
names "$srcdir/doc/kakudo.1" >"$tmp/en.names"
names "$srcdir/doc/ko/kakudo.1" >"$tmp/ko.names"
comm -23 "$tmp/en.names" "$tmp/ko.names" >"$tmp/missing"
[ ! -s "$tmp/missing" ] || sed 's/^/# missing: /' "$tmp/missing"
[ ! -s "$tmp/missing" ]; ok $? "the Korean manual page names every option, line format and variant of the English one"
grep -q 'x\\-line' "$tmp/ko.names"; ok $? "the Korean manual page documents x-line"

# flat FILE: its text on one line, roff's quotes and fonts gone, runs of blanks one space.
flat() {
  sed -e 's/\\(lq//g; s/\\(rq//g; s/\\f[BIRP]//g' "$1" | tr '\n' ' ' | tr -s ' '
}

# What the player says when a save fails, from the player itself (the text in its binary), is what
# README and the manual page quote where saves are described.
player="$(dirname "$bin")/kakudo-player"
flat "$srcdir/README.md" >"$tmp/readme.flat"
flat "$srcdir/doc/kakudo.1" >"$tmp/man.flat"
for message in "your last moves and time were not saved (the save keeps the game as saved before them)" \
               "your game was not saved:" "Progress not saved:"; do
  found=1
  if grep -aqF "$message" "$player"; then
    grep -qF "$message" "$tmp/readme.flat" && grep -qF "$message" "$tmp/man.flat" && found=0
  else
    echo "# the player no longer says \"$message\""
  fi
  ok $found "README and kakudo.1 quote the failed save's \"$message\""
done

tap_done
