/* ui_share.c: sharing puzzles: copying the puzzle or the position to the terminal's clipboard (OSC 52). */
#include "config.h"
#include "ui.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "format.h"
#include "i18n.h"
#include "util.h"

/* base64 (RFC 4648, padded) of n bytes; caller frees. */
static char *base64(const unsigned char *s, size_t n)
{
    static const char digits[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    char *out = xmalloc((n + 2) / 3 * 4 + 1), *o = out;

    for (size_t i = 0; i < n; i += 3) {
        unsigned long v = (unsigned long)s[i] << 16;
        if (i + 1 < n)
            v |= (unsigned long)s[i + 1] << 8;
        if (i + 2 < n)
            v |= s[i + 2];
        *o++ = digits[v >> 18 & 63];
        *o++ = digits[v >> 12 & 63];
        *o++ = i + 1 < n ? digits[v >> 6 & 63] : '=';
        *o++ = i + 2 < n ? digits[v & 63] : '=';
    }
    *o = '\0';
    return out;
}

/* Writes all of s to the terminal, past curses (which has flushed what it drew). */
static void write_all(const char *s, size_t n)
{
    fflush(stdout);
    util_write_all(STDOUT_FILENO, s, n);    /* a resize (SIGWINCH) must not cut it short */
}

/* OSC 52: sets the clipboard ("c") to text; the terminal (or tmux, where set-clipboard
 * allows it) decodes it.  BEL ends it: every terminal that knows OSC 52 takes it. */
static void osc52(const char *text, size_t len)
{
    char *b64 = base64((const unsigned char *)text, len);
    char *seq = xasprintf("\033]52;c;%s\a", b64);

    write_all(seq, strlen(seq));
    free(seq);
    free(b64);
}

/* The text to copy: the puzzle (a one-line Sudoku, or kakudo's Kakuro grid), or the
 * position as a pencil-mark grid; into *text (caller frees), its length returned. */
static size_t share_text(const struct game *g, bool position, char **text)
{
    const struct puzzle *p = g->puzzle;
    size_t len = 0;
    FILE *f = open_memstream(text, &len);

    if (f == NULL)
        fatal("out of memory");
    if (position) {
        /* Each empty cell its marks, or where it has none, the candidates left to it. */
        digitset *cands = xcalloc((size_t)p->ncells, sizeof *cands);
        for (int c = 0; c < p->ncells; c++)
            if (!p->block[c] && g->grid[c] == 0)
                cands[c] = g->marks[c] ? g->marks[c] : puzzle_candidates(p, g->grid, c);
        if (p->ops->kind == PUZZLE_SUDOKU)
            format_write_pencilmarks(f, p, g->grid, cands);
        else
            format_write_kakuro_marks(f, p, g->grid, cands);
        free(cands);
    } else {
        /* A variant in kakudo's variant format: no one-line form holds every variant. */
        struct format_style style = {
            .id = p->variant != 0 ? FORMAT_VARIANT
                  : p->ops->kind == PUZZLE_SUDOKU ? FORMAT_SUDOKU_LINE : FORMAT_KAKURO_GRID,
            .empty = '.',
        };
        format_write(f, p, p->given, &style);
    }
    fclose(f);
    return len;
}

static int count_lines(const char *s)
{
    int n = 0;

    for (; *s != '\0'; s++)
        n += *s == '\n';
    return n;
}

void ui_share_copy(struct ui *ui, bool position)
{
    const struct puzzle *p = ui->game->puzzle;
    char *text;
    size_t len = share_text(ui->game, position, &text);

    osc52(text, len);
    if (position && p->variant != 0)    /* (no pencil-mark grid holds a variant) */
        ui_message(ui, _("Copied the position to the clipboard (OSC 52): kakudo's variant "
                         "format, %d lines."), count_lines(text));
    else if (position)
        ui_message(ui, "Copied the position to the clipboard (OSC 52): a pencil-mark grid, "
                   "%d lines.", count_lines(text));
    else if (p->variant != 0)
        ui_message(ui, _("Copied the puzzle to the clipboard (OSC 52): kakudo's variant "
                         "format, %d lines."), count_lines(text));
    else if (p->ops->kind == PUZZLE_SUDOKU)
        ui_message(ui, "Copied the puzzle to the clipboard (OSC 52): one line of %d cells.",
                   p->ncells);
    else
        ui_message(ui, "Copied the puzzle to the clipboard (OSC 52): a Kakuro grid, %d lines.",
                   count_lines(text));
    free(text);
}
