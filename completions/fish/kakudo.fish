# kakudo.fish: fish completion for kakudo (commands, options, their values, puzzle files).
# Installed into fish's vendor_completions.d.

function __kakudo_no_command
    set -l words (commandline -opc)
    for w in $words[2..-1]
        contains -- $w play solve watch hint rate generate; and return 1
    end
    return 0
end

complete -c kakudo -n __kakudo_no_command -a play -d 'open the player'
complete -c kakudo -n __kakudo_no_command -a solve -d 'solve puzzles'
complete -c kakudo -n __kakudo_no_command -a watch -d 'watch the solver'
complete -c kakudo -n __kakudo_no_command -a hint -d 'explain the next step'
complete -c kakudo -n __kakudo_no_command -a rate -d 'rate puzzles'
complete -c kakudo -n __kakudo_no_command -a generate -d 'make new puzzles'

complete -c kakudo -n 'not __fish_seen_subcommand_from rate generate' -l format -x -a 'line grid kakuro2 kakuro pencilmarks variant jigsaw-line killer-line x-line' -d 'read FILE as this format'
complete -c kakudo -n '__fish_seen_subcommand_from rate' -l format -x -a 'se rating line grid kakuro2 kakuro pencilmarks variant jigsaw-line killer-line x-line' -d 'output columns, or read FILE as this format'
complete -c kakudo -n '__fish_seen_subcommand_from rate' -l path -d 'print the whole solution path'
complete -c kakudo -n '__fish_seen_subcommand_from hint' -l apply -x -d 'take N steps and print the position'
complete -c kakudo -l nodes -x -d 'give up a search after N nodes'
complete -c kakudo -s j -l jobs -x -d 'work on N puzzles at once, in N threads'
complete -c kakudo -l strategy -x -a 'smart plain' -d 'the search strategy'
complete -c kakudo -l any -d 'any one solution, not proved unique'
complete -c kakudo -l count -d 'count the solutions (generate: how many puzzles)'
complete -c kakudo -l stats -d 'nodes, guesses and time on stderr'
complete -c kakudo -l trace -d 'print every step of the search'
complete -c kakudo -l all -d 'hint: every step available now'
complete -c kakudo -l ascii -d 'draw with plain ASCII'
complete -c kakudo -l unicode -d 'draw with box-drawing characters'
complete -c kakudo -l no-color -d 'no colours'
complete -c kakudo -l timer -d 'show the timer'
complete -c kakudo -l no-timer -d 'hide the timer'
complete -c kakudo -l theme -x -a 'default high-contrast colorblind mono' -d 'colours'
complete -c kakudo -l config -r -F -d 'read settings from FILE'
complete -c kakudo -l print-config -d 'print the settings in force'
complete -c kakudo -l help -d 'display the help'
complete -c kakudo -l version -d 'output version information'

complete -c kakudo -n '__fish_seen_subcommand_from generate; and not __fish_seen_subcommand_from sudoku kakuro killer x jigsaw killer-x killer-jigsaw jigsaw-x killer-jigsaw-x' -x -a 'sudoku kakuro killer x jigsaw killer-x killer-jigsaw jigsaw-x killer-jigsaw-x'
complete -c kakudo -n '__fish_seen_subcommand_from generate' -l size -x -a '4 6 8 9 10 12 14 15 16 18 20 21 22 24 25 6x6 8x8 10x10 12x12 15x15' -d 'Sudoku side or Kakuro WxH'
complete -c kakudo -n '__fish_seen_subcommand_from generate' -l level -x -a 'beginner easy medium hard expert master any' -d 'the level'
complete -c kakudo -n '__fish_seen_subcommand_from generate' -l symmetry -x -a 'rotate180 rotate90 mirror diagonal none' -d 'where Sudoku givens stand'
complete -c kakudo -n '__fish_seen_subcommand_from generate' -l seed -x -d 'the first seed'
complete -c kakudo -n '__fish_seen_subcommand_from generate' -l givens -x -d 'how many givens, MIN-MAX or N'
complete -c kakudo -n '__fish_seen_subcommand_from generate' -l format -x -a 'line grid kakuro2 variant killer-line jigsaw-line x-line' -d 'output format'
complete -c kakudo -n '__fish_seen_subcommand_from generate' -l variant -x -a 'killer x jigsaw killer-x killer-jigsaw jigsaw-x killer-jigsaw-x' -d 'with sudoku: the variant'
complete -c kakudo -n '__fish_seen_subcommand_from generate' -l budget -x -d 'seconds per puzzle'
complete -c kakudo -n '__fish_seen_subcommand_from generate' -l attempts -x -d 'puzzles tried per puzzle'
