/* ui_hint.c: the hint ladder in the player: each press of the hint key goes one rung
 * further - where to look, the technique, the pattern, the conclusion, the step applied. */
#include "config.h"
#include "ui.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hint.h"
#include "util.h"

enum { RUNG_WHERE = 1, RUNG_TECHNIQUE, RUNG_PATTERN, RUNG_CONCLUSION, RUNG_APPLIED };

#define PANEL_LINES_MAX 400     /* lines of wrapped hint text considered */

struct ui_hint {
    struct hint h;
    int rung;                   /* RUNG_WHERE .. RUNG_CONCLUSION: what is shown */
    int first_line;             /* the rung's first line shown (paging) */
    int page_rows;              /* lines of it the panel showed last */
    bool more;                  /* the rung goes on past the panel */
    int nmoves, pos;            /* the game's history when it was found */
    uint8_t *role;              /* per cell: an enum ui_role, ROLE_NORMAL for none */
    digitset *emph;             /* per cell: marks to emphasise */
};

void ui_hint_forget(struct ui *ui)
{
    if (ui->hint == NULL)
        return;
    free(ui->hint->role);
    free(ui->hint->emph);
    free(ui->hint);
    ui->hint = NULL;
}

/* --- What the board shows --- */

static void set_role(struct ui_hint *uh, int cell, enum ui_role role)
{
    if (role > (enum ui_role)uh->role[cell] || uh->role[cell] == ROLE_CLUE_HI)
        uh->role[cell] = (uint8_t)role;
}

/* Where to look: the units or runs in focus (with the clues of runs), else the cells. */
static void mark_area(struct ui_hint *uh, const struct puzzle *p)
{
    const struct hint *h = &uh->h;

    for (int i = 0; i < h->ngroups; i++) {
        const struct puzzle_group *grp = &p->groups[h->groups[i]];
        for (int j = 0; j < grp->ncells; j++)
            set_role(uh, grp->cells[j], ROLE_HINT_AREA);
        if (puzzle_group_has_sum(grp) && uh->role[grp->clue] == ROLE_NORMAL)
            uh->role[grp->clue] = ROLE_CLUE_HI;
    }
    if (h->ngroups == 0)
        for (int i = 0; i < h->ncells; i++)
            set_role(uh, h->cells[i], ROLE_HINT_AREA);
}

/* The cells a hint shows at its rung, strongest role last: area, pattern, conclusion. */
static void update_roles(struct ui_hint *uh, const struct puzzle *p)
{
    const struct hint *h = &uh->h;

    memset(uh->role, ROLE_NORMAL, (size_t)p->ncells);
    memset(uh->emph, 0, (size_t)p->ncells * sizeof *uh->emph);
    mark_area(uh, p);
    if (uh->rung >= RUNG_PATTERN) {
        for (int i = 0; i < h->ncells; i++) {
            set_role(uh, h->cells[i], ROLE_HINT_PATTERN);
            uh->emph[h->cells[i]] = h->digits;
        }
    }
    if (uh->rung >= RUNG_CONCLUSION) {
        for (int i = 0; i < h->nelim; i++)
            uh->emph[h->elim[i].cell] = 0;
        for (int i = 0; i < h->nelim; i++) {
            set_role(uh, h->elim[i].cell, ROLE_HINT_TARGET);
            uh->emph[h->elim[i].cell] |= 1u << h->elim[i].digit;
        }
        for (int i = 0; i < h->nplace; i++)
            set_role(uh, h->place[i].cell, ROLE_HINT_TARGET);
    }
}

enum ui_role ui_hint_role(const struct ui *ui, int cell)
{
    return ui->hint != NULL ? (enum ui_role)ui->hint->role[cell] : ROLE_NORMAL;
}

digitset ui_hint_marks(const struct ui *ui, int cell)
{
    return ui->hint != NULL ? ui->hint->emph[cell] : 0;
}

attr_t ui_hint_text_attr(const struct ui *ui, enum ui_role role, attr_t a)
{
    /* The cell's hint look, keeping what tells a given (bold) from the player's digit. */
    return ui_attr(ui, role) | (a & (A_BOLD | (ui->color ? 0 : A_DIM)));
}

/* --- The ladder --- */

/* Says why there is no hint. */
static void no_hint(struct ui *ui, bool gave_up)
{
    const struct puzzle *p = ui->game->puzzle;
    uint8_t *solution = xmalloc((size_t)p->ncells);
    struct solve_budget budget = solve_budget_interactive(ui_search_nodes(ui));
    char clear[8];

    if (gave_up)
        ui_message(ui, "Gave up looking for a solution to hint from: the search took too long.");
    else if (hint_count_solutions_within(p, p->given, solution, &budget, NULL) == 0)
        ui_message(ui, "This puzzle has no solution, so there is no hint.");
    else
        ui_message(ui, "No step follows from these pencil marks; clear them (%s) and ask again.",
                   ui_keys_name(ui, CMD_CLEAR, clear, sizeof clear));
    free(solution);
}

static bool start_hint(struct ui *ui)
{
    struct game *g = ui->game;
    struct ui_hint *uh;
    struct solve_budget budget;
    bool gave_up = false;

    if (puzzle_is_solved(g->puzzle, g->grid)) {
        ui_message(ui, "The puzzle is solved: no hint needed.");
        return false;
    }
    uh = xcalloc(1, sizeof *uh);
    budget = solve_budget_interactive(ui_search_nodes(ui));
    if (!hint_for_player(g->puzzle, g->grid, g->marks, &uh->h, &budget, &gave_up)) {
        free(uh);
        no_hint(ui, gave_up);
        return false;
    }
    uh->role = xmalloc((size_t)g->puzzle->ncells);
    uh->emph = xmalloc((size_t)g->puzzle->ncells * sizeof *uh->emph);
    uh->nmoves = g->nmoves;
    uh->pos = g->pos;
    ui->hint = uh;
    return true;
}

/* Rung 5: the step made as one move. */
static bool apply_hint(struct ui *ui)
{
    const char *why = NULL;
    bool mistake = ui->hint->h.id == TECH_MISTAKE;
    char name[64], undo[8];

    snprintf(name, sizeof name, "%s", ui->hint->h.name);
    if (!game_apply_hint(ui->game, &ui->hint->h, &why)) {
        ui_message(ui, "The hint could not be applied: %s.", why != NULL ? _(why) : _("refused"));
        ui_hint_forget(ui);
        return false;
    }
    game_note_hint(ui->game, RUNG_APPLIED);
    ui_hint_forget(ui);
    ui_keys_name(ui, CMD_UNDO, undo, sizeof undo);
    if (mistake)
        ui_message(ui, "Mistake put right. (%s undoes it)", undo);
    else
        ui_message(ui, "Applied: %s. (%s undoes it)", name, undo);
    return true;
}

/* The cell a rung is about: the first of the focus, of the pattern, of the conclusion. */
static int rung_cell(const struct ui_hint *uh, const struct puzzle *p)
{
    const struct hint *h = &uh->h;

    if (uh->rung >= RUNG_CONCLUSION && h->nplace > 0)
        return h->place[0].cell;
    if (uh->rung >= RUNG_CONCLUSION && h->nelim > 0)
        return h->elim[0].cell;
    if ((uh->rung >= RUNG_PATTERN || h->ngroups == 0) && h->ncells > 0)
        return h->cells[0];
    return h->ngroups > 0 ? p->groups[h->groups[0]].cells[0] : -1;
}

/* A board larger than its window scrolls to the cursor: the cursor goes where the hint
 * points, so the player sees it. */
static void show_rung(struct ui *ui)
{
    int cell = rung_cell(ui->hint, ui->game->puzzle);

    if (cell >= 0 && (ui->geo.view_w < ui->geo.width || ui->geo.view_h < ui->geo.height))
        ui->cursor = cell;
}

bool ui_hint_next(struct ui *ui)
{
    struct game *g = ui->game;
    struct ui_hint *uh = ui->hint;

    if (uh != NULL && (uh->nmoves != g->nmoves || uh->pos != g->pos))
        ui_hint_forget(ui);     /* the position changed under it */
    uh = ui->hint;
    ui->message[0] = '\0';
    if (uh == NULL) {
        if (!start_hint(ui))
            return false;
        uh = ui->hint;
        /* The first press goes as far up the ladder as the preferences say; the game
         * counts a new hint at rung 1, then each rung climbed, so the rungs passed over
         * are noted in turn. */
        uh->rung = ui->opt.prefs.hint_start >= RUNG_WHERE
                   && ui->opt.prefs.hint_start <= RUNG_CONCLUSION ? ui->opt.prefs.hint_start
                   : RUNG_WHERE;
        for (int r = RUNG_WHERE; r < uh->rung; r++)
            game_note_hint(g, r);
    } else if (uh->more) {
        uh->first_line += uh->page_rows;        /* read on */
        return false;
    } else if (uh->rung < RUNG_CONCLUSION) {
        uh->rung++;
        uh->first_line = 0;
    } else {
        return apply_hint(ui);
    }
    game_note_hint(g, uh->rung);
    update_roles(uh, g->puzzle);
    show_rung(ui);
    ui_board_save(ui);
    return false;
}

/* --- The panel --- */

/* The text of the rung shown. */
static void rung_text(const struct ui_hint *uh, char *buf, size_t size)
{
    const char *definition = hint_technique_definition(uh->h.id, uh->h.puzzle->variant);

    switch (uh->rung) {
    case RUNG_WHERE: hint_where(&uh->h, buf, size); break;
    case RUNG_TECHNIQUE: snprintf(buf, size, "%s", _(definition)); break;
    case RUNG_PATTERN: hint_pattern(&uh->h, buf, size); break;
    default: snprintf(buf, size, "%s", hint_reason(&uh->h)); break;
    }
    /* A sentence of its own in the panel; a cell's name (r1c3) keeps its case. */
    if (buf[0] >= 'a' && buf[0] <= 'z' && !(buf[0] == 'r' && buf[1] >= '0' && buf[1] <= '9'))
        buf[0] = (char)(buf[0] - 'a' + 'A');
}

/* What the hint key does next, named as on this board ("i", or ":i" where letters are
 * symbols): read on where the rung goes on past the panel (more), else climb; into buf. */
static const char *next_rung_text(const struct ui *ui, bool more, char *buf, size_t size)
{
    const struct ui_hint *uh = ui->hint;
    char hint[8], undo[8];

    ui_keys_name(ui, CMD_HINT, hint, sizeof hint);
    if (more) {
        snprintf(buf, size, _("%s: read on"), hint);
        return buf;
    }
    switch (uh->rung) {
    case RUNG_WHERE: snprintf(buf, size, _("%s: which technique"), hint); break;
    case RUNG_TECHNIQUE: snprintf(buf, size, _("%s: show the pattern"), hint); break;
    case RUNG_PATTERN: snprintf(buf, size, _("%s: the conclusion"), hint); break;
    default:
        snprintf(buf, size, _("%s: apply it (%s undoes)"), hint, ui_keys_name(ui, CMD_UNDO, undo, sizeof undo));
        break;
    }
    return buf;
}

/* The title of the rung shown ("Hint 2/5: X-Wing"). */
static void rung_title(const struct ui_hint *uh, char *buf, size_t size)
{
    if (uh->rung == RUNG_WHERE)
        snprintf(buf, size, _("Hint %d/5"), uh->rung);
    else
        snprintf(buf, size, _("Hint %d/5: %s"), uh->rung, uh->h.name);
}

int ui_hint_rows(const struct ui *ui, int w)
{
    char title[160], text[HINT_TEXT_MAX];

    if (ui->hint == NULL || w <= 0)
        return 0;
    rung_title(ui->hint, title, sizeof title);
    rung_text(ui->hint, text, sizeof text);
    return ui_wrap_lines(title, w, NULL, 0) + ui_wrap_lines(text, w, NULL, 0) + 1;
}

int ui_hint_draw_panel(struct ui *ui, int y, int x, int w, int bottom)
{
    struct ui_hint *uh = ui->hint;
    struct ui_line *lines;
    char title[160], text[HINT_TEXT_MAX], next[128], read_on[128];
    int nt, n, nnext, nread, rows, first;

    if (uh == NULL || y + UI_HINT_MIN_ROWS > bottom)
        return y;
    /* The title (a long technique name takes lines too) and the text are one column of
     * lines, paged where the panel is shorter, at every rung: at the smallest sizes a
     * technique's definition or its pattern takes more lines than the panel has.  What
     * the key does next keeps the rows its longer wording wraps onto, at most all but one. */
    rung_title(uh, title, sizeof title);
    rung_text(uh, text, sizeof text);
    next_rung_text(ui, false, next, sizeof next);
    next_rung_text(ui, true, read_on, sizeof read_on);
    nnext = ui_wrap_lines(next, w, NULL, 0);
    nread = ui_wrap_lines(read_on, w, NULL, 0);
    nnext = nread > nnext ? nread : nnext;
    nnext = nnext < bottom - y - 1 ? nnext : bottom - y - 1;
    lines = xmalloc(PANEL_LINES_MAX * sizeof *lines);
    nt = ui_wrap_lines(title, w, lines, PANEL_LINES_MAX);
    nt = nt < PANEL_LINES_MAX ? nt : PANEL_LINES_MAX;
    n = nt + ui_wrap_lines(text, w, lines + nt, PANEL_LINES_MAX - nt);
    n = n < PANEL_LINES_MAX ? n : PANEL_LINES_MAX;
    rows = bottom - y - nnext;
    first = uh->first_line < n ? uh->first_line : 0;    /* a resize may leave it past */
    uh->first_line = first;
    uh->page_rows = rows;
    uh->more = first + rows < n;
    for (int i = first; i < n && i < first + rows; i++)
        ui_print_line(y++, x, w, i < nt ? title : text, lines[i],
                      i < nt ? ui_attr(ui, ROLE_TITLE) : A_NORMAL);
    free(lines);
    y += ui_print_wrapped(y, x, w, nnext, uh->more ? read_on : next, ui_attr(ui, ROLE_DIM));
    return y;
}
