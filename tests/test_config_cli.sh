#!/bin/sh
# test_config_cli.sh: the config file from the command line: where it is read from, the
# order of overrides, bad lines, and --print-config's output reading back the same.
. "$(dirname "$0")/tap.sh"
unset NO_COLOR
export XDG_CONFIG_HOME="$tmp/conf" HOME="$tmp/home"
mkdir -p "$XDG_CONFIG_HOME/kakudo" "$HOME/.config/kakudo"

run none --print-config
status_is none 0 && out_has none "theme = default" && out_has none "key.undo = u"
ok $? "--print-config without a file: the defaults"

printf 'theme = colorblind\ntimer = hidden\nkeys = vi\n' >"$HOME/.config/kakudo/config"
XDG_CONFIG_HOME= run home --print-config
out_has home "theme = colorblind"; ok $? "without XDG_CONFIG_HOME: ~/.config/kakudo/config"

printf '# mine\ntheme = high-contrast\ncharset = ascii\ntimer = hidden\nkey.undo = z\n' \
  >"$XDG_CONFIG_HOME/kakudo/config"
run xdg --print-config
out_has xdg "theme = high-contrast" && out_has xdg "charset = ascii" && out_has xdg "timer = hidden" \
  && out_has xdg "key.undo = z"
ok $? "\$XDG_CONFIG_HOME/kakudo/config is read"

run over --print-config --theme=mono --unicode --timer
out_has over "theme = mono" && out_has over "charset = unicode" && out_has over "timer = shown" \
  && out_has over "key.undo = z"
ok $? "command-line options override the file, the rest of it stays"

run glyphs --print-config --glyphs=console
out_has glyphs "charset = console"; ok $? "--glyphs=console is the console's charset"

run noglyphs --print-config --glyphs=heavy
status_is noglyphs 2 && err_has noglyphs "unknown glyph set 'heavy': expected auto, unicode, console or ascii"
ok $? "--glyphs=heavy is refused, the sets named"

run nocolor --no-color --print-config
out_has nocolor "theme = mono"; ok $? "--no-color is the mono theme"

NO_COLOR=1 run envnc --print-config
out_has envnc "theme = high-contrast"; ok $? "a theme in the file overrides NO_COLOR"
printf 'timer = hidden\n' >"$tmp/plain"
NO_COLOR=1 run envnc2 --config="$tmp/plain" --print-config
out_has envnc2 "theme = mono"; ok $? "NO_COLOR without a theme in the file: mono"

printf 'theme = dark\ntimer = hidden\nwatch speed = 3\nhint-start = pattern\n' >"$tmp/bad"
run bad --config="$tmp/bad" --print-config
status_is bad 2 && err_has bad "$tmp/bad:1: unknown theme 'dark': expected default, high-contrast, colorblind or mono" \
  && err_has bad "$tmp/bad:3: unknown setting 'watch speed'"
ok $? "bad lines: FILE:LINE: what was expected, and exit status 2"
out_has bad "timer = hidden" && out_has bad "hint-start = pattern" && out_has bad "theme = default"
ok $? "the good lines still apply"

run rt1 --config="$tmp/bad" --print-config --ascii
cp "$tmp/rt1.out" "$tmp/printed"
run rt2 --config="$tmp/printed" --print-config
status_is rt2 0 && same "$tmp/rt1.out" "$tmp/rt2.out"
ok $? "--print-config's output, read as a config, prints the same"

printf 'key.picker.open = u Right\nkey.picker.delete = Enter\nkey.watch.pause = p\nkey.watch.keep = Esc\nkey.dialog.yes = Y\nkey.dialog.no = o\n' >"$tmp/scopes"
run scopes --config="$tmp/scopes" --print-config
status_is scopes 2 && err_has scopes "$tmp/scopes:2: key 'Enter' cannot be bound: Enter, Esc, Up, Down, Left, PgUp, PgDn, Home and End always work in the picker" \
  && err_has scopes "$tmp/scopes:4: key 'Esc' cannot be bound" \
  && err_has scopes "$tmp/scopes:5: key 'Y' cannot be bound: a capital letter answers a dialog as its small letter does"
ok $? "fixed keys of the picker, the watch and dialogs: FILE:LINE: why"
out_has scopes "key.picker.open = u Right" && out_has scopes "key.watch.pause = p" \
  && out_has scopes "key.dialog.no = o" && out_has scopes "key.picker.delete = d Del" \
  && out_has scopes "key.undo = u" && out_has scopes "key.pause = Space"
ok $? "the good scoped lines apply, the bad ones change nothing, and the board keeps its keys"
cp "$tmp/scopes.out" "$tmp/scopes2"
run scopes2 --config="$tmp/scopes2" --print-config
status_is scopes2 0 && same "$tmp/scopes.out" "$tmp/scopes2.out"
ok $? "--print-config's picker, watch and dialog keys read back the same"

run missing --config="$tmp/nothing-here" --print-config
status_is missing 2 && err_has missing "$tmp/nothing-here: No such file" && out_has missing "theme = default"
ok $? "a --config file that does not exist is said; the defaults apply"
run dir --config="$tmp" --print-config
status_is dir 2 && err_has dir "$tmp"; ok $? "a --config that cannot be read is said"

run stdin --config=- --print-config
status_is stdin 2 && err_has stdin "--config reads settings from a file, not from standard input"
ok $? "--config=- says that settings come from a file, not standard input"
run stdin2 --config - solve -
status_is stdin2 2 && err_has stdin2 "not from standard input"; ok $? "so does --config -"

run badtheme --theme=dark --print-config
status_is badtheme 2 && err_has badtheme "unknown theme 'dark'"; ok $? "--theme checks its name"

printf 'solve me: 1 = 2\n' >"$XDG_CONFIG_HOME/kakudo/config"
printf '534678912672195348198342567859761423426853791713924856961537284287419635345286179\n' >"$tmp/s.txt"
run solve solve "$tmp/s.txt"
status_is solve 0 && [ ! -s "$tmp/solve.err" ]; ok $? "solve does not read the player's config"

tap_done
