/* bundled.h: the puzzles compiled into the binary from data/ (bundled.c is generated
 * at build time by data/embed.sh). */
#ifndef KAKUDO_BUNDLED_H
#define KAKUDO_BUNDLED_H

struct bundled_puzzle {
    const char *name;       /* "Sudoku 9x9 #1" */
    const char *kind;       /* "sudoku" or "kakuro" */
    const char *level;      /* "easy", "medium", "hard" */
    const char *text;       /* the puzzle in a format the reader detects */
};

extern const struct bundled_puzzle bundled_puzzles[];
extern const int bundled_count;

#endif
