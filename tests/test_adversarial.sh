#!/bin/sh
# test_adversarial.sh: inputs and environments a tester tries to break kakudo with (a config
# that never ends, a budget spent while rating), as TAP: each ends with a message that says
# what happened, never with an empty one.
. "$(dirname "$0")/tap.sh"

# fails_with NAME TEXT DESCRIPTION ARGS...: a check that kakudo ARGS ends with exit
# status 2 and TEXT on standard error.
fails_with() {
  name=$1 text=$2 desc=$3; shift 3
  run "$name" "$@"
  status_is "$name" 2 && err_has "$name" "$text"
  ok $? "$desc"
}

# --- The config file ---
# A NUL byte (as /dev/zero gives without end) ends the reading with one message; before,
# the reader took /dev/zero as one line and grew it without bound (1.9 GB in 5 s).
printf 'theme = mono\ntimer = off\0 more\n' >"$tmp/nul.config"
fails_with nul "nul.config:2: binary data (a NUL byte): expected a text file" \
  "config: a NUL byte is reported with file and line" \
  --config="$tmp/nul.config" --print-config
out_has nul "theme = mono" && out_has nul "timer = shown"
ok $? "config: the lines before it apply, the rest is not read"

# --- Long values in messages ---
# A value quoted in a message is shown whole up to 32 characters, else its first 20 and its
# length; a 400-character theme used to fill the message's buffer and cut off what was
# expected.
long=$(printf '%0400d' 7)
printf 'theme = %s\n' "$long" >"$tmp/long.config"
run longcfg --config="$tmp/long.config" --print-config
err_has longcfg "long.config:1: unknown theme '00000000000000000000... (400 characters)': expected default, high-contrast, colorblind or mono"
ok $? "config: a long value is elided with its length, the message whole"

# A key list is taken whole: past 255 bytes the rest of the line was dropped, silently (the
# 'x' after 300 blanks was not bound).
printf 'key.undo = u%300sx\n' '' >"$tmp/keys.config"
run longkeys --config="$tmp/keys.config" --print-config
status_is longkeys 0 && out_has longkeys "key.undo = u x"
ok $? "config: a key list longer than 255 bytes is read whole"
printf 'key.undo = u%300sNoSuchKey\n' '' >"$tmp/badkey.config"
fails_with badkey "badkey.config:1: unknown key 'NoSuchKey'" \
  "config: a bad key past 255 bytes is said with file and line" \
  --config="$tmp/badkey.config" --print-config

# A byte-order mark, as Windows editors write one, was part of the first setting's name
# ("unknown setting '<BOM>theme'"); CRLF line ends were already taken.
printf '\357\273\277theme = mono\r\ntimer = hidden\r\n' >"$tmp/bom.config"
run bom --config="$tmp/bom.config" --print-config
status_is bom 0 && out_has bom "theme = mono" && out_has bom "timer = hidden"
ok $? "config: a byte-order mark before the first setting is skipped"
printf '\357\273\277# settings\ntheme = mono\n' >"$tmp/bomc.config"
run bomc --config="$tmp/bomc.config" --print-config
status_is bomc 0 && out_has bomc "theme = mono"
ok $? "config: a byte-order mark before a comment is skipped"
# A key named twice is bound once: seven names of two keys were "too many keys".
printf 'key.help = Space Space ? ? ? ? ?\n' >"$tmp/twice.config"
run twice --config="$tmp/twice.config" --print-config
status_is twice 0 && out_has twice "key.help = Space ?"
ok $? "config: a key named twice in a list is bound once"

# wait_err NAME TEXT: whether the standard error of a kakudo started in the background as
# NAME shows TEXT within a generous deadline.
wait_err() {
  waited=0
  while ! grep -qF -- "$2" "$tmp/$1.err" 2>/dev/null && [ $waited -lt 600 ]; do
    sleep 0.1; waited=$((waited + 1))
  done
  grep -qF -- "$2" "$tmp/$1.err" || { sed 's/^/# stderr: /' "$tmp/$1.err"; return 1; }
}
# A FIFO as the config, its writer not there yet: kakudo waited in open() and said nothing.
# Now it says that it waits (and how to stop), then reads what the writer sends.
waiting="cfg.fifo: nothing to read yet: waiting for it to be written (Ctrl-C stops)"
mkfifo "$tmp/cfg.fifo"
"$bin" --config="$tmp/cfg.fifo" --print-config >"$tmp/cfifo.out" 2>"$tmp/cfifo.err" </dev/null &
pid=$!
wait_err cfifo "$waiting"; said=$?
printf 'theme = mono\n' >"$tmp/cfg.fifo"
wait_end $pid && wait $pid && [ $said -eq 0 ] && out_has cfifo "theme = mono"
ok $? "config: a FIFO with no writer yet is said to be waited on, then read"
# Ctrl-C ends the wait at once: kakudo leaves SIGINT as it is, which a shell ignores for a
# command it starts in the background, so env restores its default, as a terminal's
# foreground job has it.
if env --default-signal=INT true 2>/dev/null; then
  env --default-signal=INT "$bin" --config="$tmp/cfg.fifo" --print-config \
    >"$tmp/cint.out" 2>"$tmp/cint.err" </dev/null &
  pid=$!
  if wait_err cint "$waiting"; then
    kill -INT $pid; wait_end $pid
  else
    exec 3<>"$tmp/cfg.fifo"; exec 3>&-; wait $pid; false
  fi
  ok $? "config: Ctrl-C ends the wait for a FIFO's writer"
else
  ok 0 "config: Ctrl-C ends the wait for a FIFO's writer # SKIP env --default-signal missing"
fi

# --- One-line variants: what they say of a bad symbol or sum ---
# A Jigsaw's or a Killer's digit beyond ASCII: the line was measured in bytes, so it was no
# Jigsaw ("not a puzzle: expected a Sudoku...") or no Killer line ("expected a Killer line").
digits=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
regions=111222333111222333111222333444555666444555666444555666777888999777888999777888999
bad=$(printf '%s' "$digits" | sed 's/^\(.....\)./\1é/')
printf '%s%s\n' "$bad" "$regions" >"$tmp/jig1.txt"
fails_with jig1 "jig1.txt:1:6: expected a digit 1-9 or '.' for an empty cell, got 'é'" \
  "Jigsaw line: a digit beyond ASCII is said at its column" \
  solve "$tmp/jig1.txt"
printf '%s %s\n' "$bad" "$regions" >"$tmp/jig2.txt"
fails_with jig2 "jig2.txt:1:6: expected a digit 1-9 or '.' for an empty cell, got 'é'" \
  "Jigsaw digits and regions: a digit beyond ASCII is said at its column" \
  solve "$tmp/jig2.txt"
printf '%s%s\n' "$digits" "$(printf '%s' "$regions" | sed 's/^\(.....\)./\1é/')" >"$tmp/jig3.txt"
fails_with jig3 "jig3.txt:1:87: expected a region symbol in ASCII" \
  "Jigsaw line: a region symbol beyond ASCII is said at its column" \
  solve "$tmp/jig3.txt"
cages=AABBBCDEFGGHHCCDEFGGIICJKKFLMMINJKOFLPPQNJOORSPTQNUVVRSTTQWUUXXSYZWWaaXXSYZWbbbcc
sums='3 15 22 4 16 15 25 17 9 8 20 6 14 17 17 13 20 12 27 6 20 6 10 14 8 16 15 13 17'
printf '%s %s %s\n' "$bad" "$cages" "$sums" >"$tmp/kgiven.txt"
fails_with kgiven "kgiven.txt:1:6: expected a digit 1-9 or '.' for an empty cell, got 'é'" \
  "Killer line: a given beyond ASCII is said at its column" \
  solve "$tmp/kgiven.txt"

# A Killer's cage sum of 5 digits or more: the line was no Killer (a sum was taken to have
# at most 4 digits: "not a puzzle"), and with --format=killer-line or in the variant format
# "expected a cage sum (a number from 1)", which it is.
printf '%s 30000 %s\n' "$cages" "${sums#3 }" >"$tmp/ksum5.txt"
fails_with ksum5 "ksum5.txt:1:1: the cage sum 30000 at r1c1 cannot be made from 2 different digits 1-9" \
  "Killer line: a 5-digit cage sum is detected and said at its cage" \
  solve "$tmp/ksum5.txt"
fails_with ksum5f "ksum5.txt:1:1: the cage sum 30000 at r1c1 cannot be made" \
  "Killer line, --format: a 5-digit cage sum is a sum that cannot be made" \
  solve --format=killer-line "$tmp/ksum5.txt"
printf '%s 3000000000000000000000000 %s\n' "$cages" "${sums#3 }" >"$tmp/ksum25.txt"
fails_with ksum25 "ksum25.txt:1:83: the cage sum 3000000000000000000000000 cannot be made from different digits 1-9: they add up to 45 at most" \
  "Killer line: a 25-digit cage sum is said at its column" \
  solve "$tmp/ksum25.txt"
{ echo killer
  printf '%s\n' "$cages" | fold -w 9 | sed 's/^/......... /'
  printf '%s\n' "$sums" | awk '{ s = "ABCDEFGHIJKLMNOPQRSTUVWXYZabc"; $1 = 30000
    for (i = 1; i <= NF; i++) printf "%s=%s ", substr(s, i, 1), $i; print "" }'
} >"$tmp/ksumrows.txt"
fails_with ksumrows "ksumrows.txt:2:11: the cage sum 30000 at r1c1 cannot be made from 2 different digits 1-9" \
  "Killer rows: a 5-digit cage sum is a sum that cannot be made" \
  solve "$tmp/ksumrows.txt"

# --- generate: a budget spent while rating ---
# A 60x60 Master Kakuro is made within a second but not rated in it (its grade gives up and
# the board is dropped): with nothing kept, generate said "kakudo generate: " and nothing
# more, exit status 2, as for a bad request.  Now it gives up with a reason (or, on a
# machine fast enough to rate it in time, prints the puzzle).
run k60 generate kakuro --size 60 --level master --seed 1 --budget 1
{ status_is k60 3 && err_has k60 "gave up: no puzzle made within 1 s"; } ||
  { status_is k60 0 && grep -q '^[^#]' "$tmp/k60.out"; }
ok $? "generate: a budget spent on the grade gives up with a reason"
! grep -qx 'kakudo generate: ' "$tmp/k60.err"; ok $? "generate: no empty message"

# --- generate --format kakuro2 --count huge ---
# KAKURO2 writes the count first, so the puzzles are kept to the end: room for all of them
# was taken at the start, and --count 1000000000000 ended at once with "out of memory
# (1000000000000 x 816 bytes)".  The room now grows with the puzzles made; this run is
# stopped once it has made two (each misses Master in its one attempt and says so).
"$bin" generate kakuro --format kakuro2 --count 1000000000000 --seed 1 --size 4x4 \
  --level master --attempts 1 >/dev/null 2>"$tmp/k2huge.err" </dev/null &
pid=$!
wait_err k2huge "puzzle 2 (seed 2)"; made=$?
kill $pid 2>/dev/null; wait $pid 2>/dev/null
[ $made -eq 0 ] && ! grep -q "out of memory" "$tmp/k2huge.err"
ok $? "generate: --format kakuro2 with a huge --count makes puzzles (no room taken for all at once)"

# --- A FIFO as input ---
# run_fifo NAME WRITE ARGS...: runs kakudo on $tmp/NAME.fifo while WRITE (text) is written
# into it by a writer that comes after the reader; fails if kakudo has not ended within a
# generous deadline (it is then killed): a FIFO with a writer must never hang.
run_fifo() {
  name=$1 text=$2; shift 2
  mkfifo "$tmp/$name.fifo"
  "$bin" "$@" "$tmp/$name.fifo" >"$tmp/$name.out" 2>"$tmp/$name.err" </dev/null &
  pid=$!
  printf '%s\n' "$text" >"$tmp/$name.fifo"
  waited=0
  while kill -0 "$pid" 2>/dev/null && [ $waited -lt 600 ]; do sleep 0.1; waited=$((waited + 1)); done
  if kill -0 "$pid" 2>/dev/null; then
    kill "$pid"; wait "$pid"; echo 124 >"$tmp/$name.status"; echo "# still waiting after 60 s"
    exec 3<>"$tmp/$name.fifo"; exec 3>&-    # frees a reader blocked on the FIFO's open
    return 1
  fi
  wait "$pid"; echo $? >"$tmp/$name.status"
}
easy='4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
# As cat does, a FIFO is waited on until its writer comes (Ctrl-C ends the wait: kakudo
# leaves SIGINT as it is).  rate and hint used to open it a second time to see whether it
# held a saved game: the second open waited for a writer that had come and gone (or took
# the puzzles the first reader was to read).
run_fifo fsolve "$easy" solve && status_is fsolve 0 &&
  out_has fsolve 417369825632158947958724316825437169791586432346912758289643571573291684164875293
ok $? "solve: a FIFO whose writer comes later is read"
run_fifo frate "$easy" rate && status_is frate 0 && out_has frate "fifo:1: "
ok $? "rate: a FIFO is read once"
run_fifo fhint "$easy" hint && status_is fhint 0 && out_has fhint "so r6c2 is 4"
ok $? "hint: a FIFO is read once"

# --- Saves with CRLF line ends, and what "newer" means ---
# A save whose lines end in CRLF (an editor's, a checkout's) was "saved by a newer kakudo";
# it reads as the save it is.  "kakudo-save abc" is no save at all, not a newer one.
sed 's/$/\r/' "$srcdir/tests/data/rating/mistake.save" >"$tmp/crlf.save"
run crlf hint "$tmp/crlf.save"
status_is crlf 0 && out_has crlf "Mistake: r1c3 holds 2, which is not its digit in the solution"
ok $? "hint: a save with CRLF line ends is read"
run crlfrate rate "$tmp/crlf.save"
status_is crlfrate 0 && out_has crlfrate "crlf.save:1: "
ok $? "rate: a save with CRLF line ends is read"
printf 'kakudo-save abc\n' >"$tmp/abc.save"
fails_with abcsave 'abc.save:1: expected "kakudo-save 2": not a kakudo save file' \
  "hint: 'kakudo-save abc' is not a save, not one from a newer kakudo" \
  hint "$tmp/abc.save"
sed '1s/.*/kakudo-save 3/' "$srcdir/tests/data/rating/mistake.save" >"$tmp/v3.save"
fails_with v3save 'v3.save:1: expected "kakudo-save 2" or older: saved by a newer kakudo' \
  "hint: a save from a newer kakudo says so" \
  hint "$tmp/v3.save"

# --- A save on standard input, or as SAVE:N ---
# Read as a save only when given by its name: "kakudo solve < SAVE", "hint - < SAVE" and
# "SAVE:1" were "not a puzzle".  Redirected (a regular file) it is seen where it stands; a
# pipe cannot be looked at without taking what it sends, and the message says so.
# run_in NAME INPUT ARGS...: run with INPUT as standard input.
run_in() {
  name=$1 input=$2; shift 2
  "$bin" "$@" <"$input" >"$tmp/$name.out" 2>"$tmp/$name.err"
  echo $? >"$tmp/$name.status"
}
save="$srcdir/tests/data/rating/mistake.save"
solved=534678912672195348198342567859761423426853791713924856961537284287419635345286179
run_in stdsolve "$save" solve
status_is stdsolve 0 && out_has stdsolve "$solved"
ok $? "solve: a save on standard input is read as a save"
run_in stdhint "$save" hint -
status_is stdhint 0 && out_has stdhint "Mistake: r1c3 holds 2"
ok $? "hint -: a save on standard input is read with its digits"
run_in stdrate "$save" rate
status_is stdrate 0 && out_has stdrate "<stdin>:1: Beginner"
ok $? "rate: a save on standard input is rated"
for c in solve rate hint; do
  run "one$c" $c "$save:1"
  status_is "one$c" 0
  ok $? "$c: SAVE:1 is the save's puzzle"
  fails_with "two$c" "mistake.save has only 1 puzzle" "$c: SAVE:2 says the save has one puzzle" \
    $c "$save:2"
  fails_with "zero$c" "mistake.save: puzzle numbers start at 1" "$c: SAVE:0 says numbers start at 1" \
    $c "$save:0"
done
out_has onesolve "$solved" && out_has onehint "Mistake: r1c3 holds 2"
ok $? "solve and hint: SAVE:1 reads the save's puzzle and digits"
cat "$save" | "$bin" solve >"$tmp/pipe.out" 2>"$tmp/pipe.err"; echo $? >"$tmp/pipe.status"
status_is pipe 2 && err_has pipe "<stdin>:1: a saved game, not a puzzle: solve, hint and rate read a save from its file"
ok $? "solve: a save through a pipe is said to be a save, and how it is read"

# A line this kakudo does not know (a newer kakudo's field) was "expected elapsed ...", as
# a corrupt save is: it is said to be a newer kakudo's, at its file and line.
sed 's/^elapsed 0$/theme dark\
&/' "$srcdir/tests/data/rating/mistake.save" >"$tmp/field.save"
fails_with fieldsave 'field.save:5: expected "elapsed MILLISECONDS", found "theme", a line this kakudo does not know: saved by a newer kakudo' \
  "hint: a save with a line of unknown keyword is said to be a newer kakudo's" \
  hint "$tmp/field.save"

# --- Option values ---
# --format with no name ("--format=", "--format=line,") read as the default, silently.
printf '%s\n' "$easy" >"$tmp/one.txt"
for f in '' ',' 'line,'; do
  run fmt rate --format="$f" "$tmp/one.txt"
  status_is fmt 2 && err_has fmt "unknown format '$f': expected line, grid"
  ok $? "rate: --format='$f' names no format and is refused"
done

# A value a usage message quotes is the user's, from the command line: an escape sequence
# in it went to the terminal as it was (--theme=$'\e[2J' cleared the screen); control
# characters are now written as \xNN.
esc=$(printf 'a\033[2Jb')
run escopt --theme="$esc"
run escgen generate "$esc"
for c in escopt escgen; do
  status_is $c 2 && err_has $c "'a\\x1b[2Jb'" && ! grep -q "$(printf '\033')" "$tmp/$c.err"
  ok $? "usage ($c): a control character of the value is shown as \\xNN"
done

# A file's name is the user's too: "kakudo solve $'\e[2Jx'" sent the escape sequence to the
# terminal inside "FILE: No such file or directory", and a newline in a name made a message
# two lines.  Each command says the name with \xNN, in every message that names the file.
# names_escaped NAME: the run's messages hold the name escaped, and no ESC or raw newline.
names_escaped() {
  { err_has "$1" 'a\x1b[2Jb\x0ac' || out_has "$1" 'a\x1b[2Jb\x0ac'; } &&
    ! grep -q "$(printf '\033')" "$tmp/$1.err" "$tmp/$1.out" && ! grep -qx 'c.*' "$tmp/$1.err"
}
escname="$tmp/$(printf 'a\033[2Jb\nc')"
for c in solve hint rate play watch; do
  run "escmiss$c" "$c" "$escname"
  status_is "escmiss$c" 2 && names_escaped "escmiss$c"
  ok $? "$c: a file that cannot be opened is named with \\xNN"
done
printf 'not a puzzle\n' >"$escname"
for c in solve hint rate play watch; do
  run "escbad$c" "$c" "$escname"
  status_is "escbad$c" 2 && err_has "escbad$c" 'a\x1b[2Jb\x0ac:1: ' && names_escaped "escbad$c"
  ok $? "$c: FILE:LINE of a bad file is named with \\xNN"
done
printf '%s\n' "$easy" >"$escname"
run escfew solve "$escname:2"
status_is escfew 2 && err_has escfew 'a\x1b[2Jb\x0ac has only 1 puzzle' && names_escaped escfew
ok $? "solve: FILE:N past the end names the file with \\xNN"
run escrate rate "$escname"
status_is escrate 0 && out_has escrate 'a\x1b[2Jb\x0ac:1: ' && names_escaped escrate
ok $? "rate: the output names the file with \\xNN"
run eschint hint "$escname" "$escname"
status_is eschint 0 && out_has eschint 'a\x1b[2Jb\x0ac:' && names_escaped eschint
ok $? "hint: the heading of each file names it with \\xNN"
printf 'kakudo-save 2\nbroken\n' >"$escname"
run escsave rate "$escname"
status_is escsave 2 && err_has escsave 'a\x1b[2Jb\x0ac:2: ' && names_escaped escsave
ok $? "rate: a bad save is named with \\xNN"
fails_with escconfig 'a\x1b[2Jb\x0ac:1: ' "config: a bad config file is named with \\xNN" \
  --config="$escname" --print-config
names_escaped escconfig
ok $? "config: no control character of its name reaches the terminal"
rm -f "$escname"
fails_with escnoconfig 'a\x1b[2Jb\x0ac: No such file' \
  "config: a missing config file is named with \\xNN" --config="$escname" --print-config

# C1 controls: a terminal may take the byte 0x9b, or U+009B in UTF-8, as ESC [.  Both
# went to the terminal raw inside a message; now each byte is \xNN, as C0 controls are,
# and other text (Korean, UTF-8 or not) is kept as it is.
c1raw="$tmp/$(printf 'a\233[2Jb\351')" c1utf="$tmp/$(printf 'a\302\233[2Jb\352\260\200')"
fails_with c1raw "$(printf 'a\\x9b[2Jb\351: No such file')" \
  "solve: a byte 0x9b in a file's name (not UTF-8) is shown as \\x9b" solve "$c1raw"
fails_with c1utf "$(printf 'a\\xc2\\x9b[2Jb\352\260\200: No such file')" \
  "solve: U+009B in a file's name is shown as \\xc2\\x9b, Korean kept" solve "$c1utf"
printf '%s\n' "$easy" >"$tmp/c1.txt"
fails_with c1quote "unknown format 'x\\xc2\\x9by'" "rate: U+009B in an option's value is shown as \\xc2\\x9b" \
  rate --format="$(printf 'x\302\233y')" "$tmp/c1.txt"

# A puzzle's name, the first word of the comment before it, was printed as it was by solve,
# hint and rate ("# NAME", "FILE:N (NAME)"): its controls are escaped as in a message.  An
# easy puzzle: rate gives up on a hard one when its budget runs out, sooner under the
# sanitizers, with a status of its own.
{ printf '# x\302\233[2Jy\033[31m\n'; grep -hv '^#' "$srcdir/data/20-jigsaw9-easy.txt"; } >"$tmp/named.txt"
shown='x\xc2\x9b[2Jy\x1b[31m'
run namesolve solve "$tmp/named.txt"
run namerate rate "$tmp/named.txt"
run namehint hint --apply=1 "$tmp/named.txt"
for c in namesolve namerate namehint; do
  status_is $c 0 && out_has $c "$shown" && ! grep -q "$(printf '\033')" "$tmp/$c.out" &&
    ! grep -q "$(printf '\302\233')" "$tmp/$c.out"
  ok $? "$c: a puzzle's name from its comment line is printed with controls as \\xNN"
done
# A save's name line too (write_name keeps controls out of the saves kakudo writes, but a
# save can be edited).
sed "s/^boxes 3 3\$/&\\
name x$(printf '\033')[2Jy/" "$srcdir/tests/data/rating/mistake.save" >"$tmp/named.save"
run namesave rate "$tmp/named.save"
status_is namesave 0 && out_has namesave '(x\x1b[2Jy)' && ! grep -q "$(printf '\033')" "$tmp/namesave.out"
ok $? "rate: a save's name is printed with controls as \\xNN"

# --- FILE:N with an N of any length ---
# N past 9 digits was taken as part of the file's name ("FILE:99999999999999999999: No such
# file or directory"); it is a puzzle number like any other, past the end of the file.
printf '%s\n' "$easy" "$easy" >"$tmp/two.txt"
for c in solve rate hint; do
  run "n$c" "$c" "$tmp/two.txt:99999999999999999999"
  status_is "n$c" 2 && err_has "n$c" "two.txt has only 2 puzzles"
  ok $? "$c: FILE:N with a 20-digit N says how many puzzles the file has"
done

# FILE:-1 was taken as a file's name ("No such file"); solve, which reads every puzzle when
# no N is given, took the -1 for that and solved them all.
for c in solve rate hint watch play; do
  run "neg$c" "$c" "$tmp/two.txt:-1"
  status_is "neg$c" 2 && err_has "neg$c" "two.txt: puzzle numbers start at 1" && ! test -s "$tmp/neg$c.out"
  ok $? "$c: FILE:-1 says puzzle numbers start at 1"
done
run_in negstdin "$tmp/two.txt" solve -:-1
status_is negstdin 2 && err_has negstdin "<stdin>: puzzle numbers start at 1"
ok $? "solve: -:-1 says puzzle numbers start at 1 (was: invalid option -- ':')"

# An empty name was ": No such file or directory" (solve, rate and --config), or "No such
# file or directory" alone (hint, watch, the player): a usage error that says what it is.
for c in solve rate hint watch play; do
  fails_with "empty$c" "an empty FILE: expected a file's name, or '-' for standard input" \
    "$c: an empty FILE is refused as such" $c ''
done
fails_with emptyconfig "invalid --config '': expected a file's name" \
  "--config='' is refused as such" --config= --print-config

# The config at its default place as a link to a file that is not there (a moved dotfiles
# directory) was taken for no config at all: its settings were dropped without a word.
mkdir -p "$tmp/xdg/kakudo"
ln -s "$tmp/moved/config" "$tmp/xdg/kakudo/config"
(XDG_CONFIG_HOME="$tmp/xdg"; export XDG_CONFIG_HOME; run danglingcfg --print-config)
status_is danglingcfg 2 && err_has danglingcfg "kakudo/config: a symbolic link to a file that does not exist"
ok $? "config: a link to a missing config is said, not taken for no config"
rm "$tmp/xdg/kakudo/config"
(XDG_CONFIG_HOME="$tmp/xdg"; export XDG_CONFIG_HOME; run nocfg --print-config)
status_is nocfg 0
ok $? "config: no config at all is still no error"

# A file led by a comment not in UTF-8 (an old collection's heading in Latin-1): the
# fault is said and the puzzles after it read, as after such a comment further down; the
# whole file was lost ("not UTF-8 text", nothing solved).
{ printf '# Tr\350s difficile\n'; grep -hv '^#' "$srcdir/data/20-jigsaw9-easy.txt"; } >"$tmp/latin1.txt"
run latin1 solve --count "$tmp/latin1.txt"
status_is latin1 2 && err_has latin1 "latin1.txt:1:5: not UTF-8 text" && [ "$(cat "$tmp/latin1.out")" = 1 ]
ok $? "solve: a first comment line not in UTF-8 is said, and the puzzle after it solved"
head -c 2000 /dev/zero | tr '\0' '\351' >"$tmp/latin1bin.txt"
run latin1bin solve "$tmp/latin1bin.txt"
status_is latin1bin 2 && [ "$(grep -c . "$tmp/latin1bin.err")" = 1 ]
ok $? "  a first line not in UTF-8 that is no comment still ends the file, with one message"

tap_done
