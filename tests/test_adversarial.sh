#!/bin/sh
# test_adversarial.sh: inputs and environments a tester tries to break kakudo with (a config
# that never ends, a budget spent while rating), as TAP: each ends with a message that says
# what happened, never with an empty one.
. "$(dirname "$0")/tap.sh"

# --- The config file ---
# A NUL byte (as /dev/zero gives without end) ends the reading with one message; before,
# the reader took /dev/zero as one line and grew it without bound (1.9 GB in 5 s).
printf 'theme = mono\ntimer = off\0 more\n' >"$tmp/nul.config"
run nul --config="$tmp/nul.config" --print-config
status_is nul 2 && err_has nul "nul.config:2: binary data (a NUL byte): expected a text file"
ok $? "config: a NUL byte is reported with file and line"
out_has nul "theme = mono" && out_has nul "timer = shown"
ok $? "config: the lines before it apply, the rest is not read"

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

tap_done
