#!/bin/sh
# test_completion.sh: the bash completion script completes commands, options, their values
# and files: bash with the script sourced, COMP_WORDS and COMP_CWORD set, _kakudo called,
# COMPREPLY checked.  (With bash-completion installed, also through its _init_completion.)
. "$(dirname "$0")/tap.sh"
script=$srcdir/completions/bash/kakudo

if ! command -v bash >/dev/null 2>&1; then
  echo "1..0 # SKIP no bash"
  exit 0
fi
mkdir -p "$tmp/files/puzzles"
: >"$tmp/files/puzzle.txt"
: >"$tmp/files/sudoku.sdk"

# complete WORDS...: the sorted COMPREPLY for the command line WORDS, the last one (maybe
# empty) being completed; with BASH_COMPLETION set, bash-completion is sourced first.
complete_words() {
  (cd "$tmp/files" && bash -c '
    [ -n "$BASH_COMPLETION" ] && . "$BASH_COMPLETION"
    . "$0"
    COMP_WORDS=("$@")
    COMP_CWORD=$(($# - 1))
    COMP_LINE="$*"
    COMP_POINT=${#COMP_LINE}
    _kakudo kakudo "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
    printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " "' "$script" "$@")
}

# expect "WANT" WORDS...: COMPREPLY is exactly WANT (sorted, spaces between and after); a
# directory may come with its / or without (as bash-completion has it, or plain compgen).
expect() {
  want=$1; shift
  got=$(complete_words "$@" | sed 's|/ | |g')
  [ "$got" = "$want" ] || { echo "# completing '$*': got '$got', expected '$want'"; return 1; }
}

run_cases() {
  expect "solve " kakudo so; ok $? "$1: a command"
  expect "generate " kakudo gen; ok $? "$1: generate"
  expect "play puzzle.txt puzzles " kakudo p; ok $? "$1: commands and files together"
  expect "--format= " kakudo --form; ok $? "$1: a long option"
  expect "grid jigsaw-line kakuro kakuro2 killer-line line pencilmarks variant x-line " kakudo --format ""; ok $? "$1: --format's values"
  expect "kakuro kakuro2 killer-line " kakudo --format = k; ok $? "$1: --format=k, split at '=' as bash does"
  expect "plain " kakudo solve --strategy p; ok $? "$1: --strategy's values"
  expect "colorblind " kakudo --theme c; ok $? "$1: --theme's values"
  expect "jigsaw jigsaw-x kakuro killer killer-jigsaw killer-jigsaw-x killer-x sudoku x " kakudo generate ""; ok $? "$1: generate's kinds, the variants too"
  expect "killer killer-jigsaw killer-jigsaw-x killer-x " kakudo generate sudoku --variant ki; ok $? "$1: generate --variant's values"
  expect "easy expert " kakudo generate sudoku --level e; ok $? "$1: --level's values"
  expect "rotate180 rotate90 " kakudo generate sudoku --symmetry rot; ok $? "$1: --symmetry's values"
  expect "10x10 12x12 15x15 " kakudo generate kakuro --size 1; ok $? "$1: a Kakuro --size"
  expect "10 12 14 15 16 18 " kakudo generate sudoku --size 1; ok $? "$1: a Sudoku --size (sizes that make boxes)"
  expect "--seed= --size= --symmetry= " kakudo generate sudoku --s; ok $? "$1: generate's options"
  expect "--jobs= " kakudo solve --j; ok $? "$1: --jobs"
  expect " " kakudo solve -j ""; ok $? "$1: -j takes a number, no file"
  expect "puzzle.txt puzzles " kakudo solve pu; ok $? "$1: solve completes files"
  expect "rating " kakudo rate --format r; ok $? "$1: rate's --format columns"
  expect "--path " kakudo rate --pa; ok $? "$1: rate --path"
  expect "--apply= " kakudo hint --ap; ok $? "$1: hint --apply"
  expect "--givens= " kakudo generate sudoku --gi; ok $? "$1: generate --givens"
  expect "sudoku.sdk " kakudo hint --all sud; ok $? "$1: hint completes files after an option"
}

BASH_COMPLETION= run_cases "plain bash"
bc=$(pkg-config --variable=completionsdir bash-completion 2>/dev/null)
for f in /usr/share/bash-completion/bash_completion ${bc:+"$bc/../bash_completion"}; do
  if [ -r "$f" ]; then
    BASH_COMPLETION=$f run_cases "bash-completion"
    break
  fi
done

# fish, where it is installed: its own completer over the script.
fish_expect() {  # fish_expect "WANT" LINE: the candidates (without descriptions), sorted
  want=$1
  got=$(cd "$tmp/files" && fish -c "source '$srcdir/completions/fish/kakudo.fish'; complete -C '$2'" 2>&1 |
        cut -f1 | sort | tr '\n' ' ')
  [ "$got" = "$want" ] || { echo "# fish, completing '$2': got '$got', expected '$want'"; return 1; }
}
if command -v fish >/dev/null 2>&1; then
  fish -n "$srcdir/completions/fish/kakudo.fish"; ok $? "fish: the script parses"
  fish_expect "solve " "kakudo so"; ok $? "fish: a command"
  fish_expect "colorblind default high-contrast mono " "kakudo --theme "; ok $? "fish: --theme's values"
  fish_expect "easy expert " "kakudo generate sudoku --level e"; ok $? "fish: --level's values"
  fish_expect "puzzle.txt puzzles/ " "kakudo solve pu"; ok $? "fish: files"
fi
if command -v zsh >/dev/null 2>&1; then
  zsh -n "$srcdir/completions/zsh/_kakudo"; ok $? "zsh: the script parses"
fi

tap_done
