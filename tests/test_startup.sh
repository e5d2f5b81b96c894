#!/bin/sh
# test_startup.sh: the command-line program stays light, as TAP: it links no curses library
# (the player is kakudo-player, which play and watch run), and says so when the player is
# missing, and keeps its per-thread block small.
. "$(dirname "$0")/tap.sh"

if command -v readelf >/dev/null 2>&1; then
  ! readelf -d "$bin" | grep -qi 'NEEDED.*\(curses\|tinfo\)'
  ok $? "kakudo (the command line) loads no curses library"
  player=$(dirname "$bin")/kakudo-player
  readelf -d "$player" | grep -qi 'NEEDED.*ncursesw'
  ok $? "kakudo-player, beside it, is the one linked against ncursesw"
  # Every process and thread zeroes the per-thread block (PT_TLS) as it starts, used or
  # not: 814 KB of search and hint scratch there made `kakudo --version` 1.7x a libc-only
  # program.  Large scratch is made on first use (util_thread_room).
  tls=$(readelf -lW "$bin" | awk '$1 == "TLS" { print $6 }')
  [ -n "$tls" ] && [ $((tls)) -le 4096 ]
  ok $? "kakudo's per-thread block is small (${tls:-none} bytes, at most 4096)"
else
  echo "ok 1 # SKIP no readelf"; echo "ok 2 # SKIP no readelf"; echo "ok 3 # SKIP no readelf"; n=3
fi

# Alone in a folder, kakudo finds no player beside it, then tries the installed one.
cp "$bin" "$tmp/kakudo"
"$tmp/kakudo" --ascii "$tmp/missing.txt" >"$tmp/alone.out" 2>"$tmp/alone.err" </dev/null
echo $? >"$tmp/alone.status"
status_is alone 2 && { err_has alone "cannot run the player" || err_has alone "missing.txt"; }
ok $? "without the player beside it: a message and status 2 (or the installed player's)"
if [ -n "$KAKUDO_PLAYER_DIR" ] && grep -q "cannot run the player" "$tmp/alone.err"; then
  err_has alone "cannot run the player $KAKUDO_PLAYER_DIR/kakudo-player:"
  ok $? "the installed player it tries is the configured one (configure --prefix again rebuilds)"
fi

run version --version
status_is version 0 && out_has version "kakudo "; ok $? "--version needs no player"

tap_done
