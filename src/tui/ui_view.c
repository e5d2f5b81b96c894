/* ui_view.c: lays the board out and draws it, Sudoku and Kakuro alike, plus the side panel. */
#include "config.h"
#include "ui.h"

#include <stdio.h>
#include <string.h>

#include "i18n.h"

/* Largest first; the first that fits the screen is used, else the last one scrolls. */
static const struct ui_layout sudoku_layouts[] = {
    { 7, 3, true, true },   /* a 3x3 grid of marks in every cell */
    { 5, 2, false, true },  /* marks in two rows; cells within a box split by underlines */
    { 3, 1, true, true },
    { 3, 1, false, true },  /* lines between cells across, only box edges down */
    { 3, 1, false, false },
    { 2, 1, false, false },
};
/* Boards whose lines are not straight (Jigsaw regions, Killer cages, diagonals marked
 * where lines cross) need every line; at 80x24 a 9x9 one has cells of one row, and a
 * 16x16 one, two columns wide, scrolls up and down only (three wide, both ways, when a
 * cage's sum has three digits). */
static const struct ui_layout variant_layouts[] = {
    { 7, 3, true, true },
    { 5, 2, true, true },
    { 5, 1, true, true },
    { 3, 1, true, true },
    { 2, 1, true, true },
};
static const struct ui_layout kakuro_layouts[] = {
    { 5, 2, true, true },   /* clues as "\ 16" over "23 \" */
    { 5, 1, true, true },   /* clues as "23\16" */
    { 5, 1, false, true },
    { 5, 1, false, false },
};

static bool is_sudoku(const struct puzzle *p)
{
    return p->ops->kind == PUZZLE_SUDOKU;
}

/* Line weights: 2 for box edges and the frame of a Sudoku; Kakuro lines are light, but
 * ASCII has no light vertical worth using there, so they become '|'. */
static int vweight(const struct ui *ui, const struct puzzle *p, int c)
{
    if (is_sudoku(p))
        return (c == 0 || c == p->width || c % p->box_cols == 0) ? 2 : 1;
    return ui->utf8 ? 1 : 2;
}

static int hweight(const struct puzzle *p, int r)
{
    if (is_sudoku(p))
        return (r == 0 || r == p->height || r % p->box_rows == 0) ? 2 : 1;
    return 1;
}

static void compute_geometry(const struct ui *ui, const struct puzzle *p,
                             const struct ui_layout *lay, struct ui_geometry *geo)
{
    int x = 0, y = 0;

    geo->lay = *lay;
    for (int c = 0; c <= p->width; c++) {
        geo->vline[c] = c == 0 || c == p->width || lay->vsep_all ||
                        (is_sudoku(p) && vweight(ui, p, c) == 2);
        geo->vheavy[c] = vweight(ui, p, c) == 2;
        if (geo->vline[c])
            geo->lx[c] = x++;
        if (c < p->width) {
            geo->colx[c] = x;
            x += lay->cell_w;
        }
    }
    for (int r = 0; r <= p->height; r++) {
        geo->hline[r] = r == 0 || r == p->height || lay->hsep_all || hweight(p, r) == 2;
        geo->hheavy[r] = hweight(p, r) == 2;
        if (geo->hline[r])
            geo->ly[r] = y++;
        if (r < p->height) {
            geo->rowy[r] = y;
            y += lay->cell_h;
        }
    }
    geo->width = x;
    geo->height = y;
}

/* Where cell i of an axis begins and ends in board coordinates, the lines on both sides
 * included: a window from start[i] to end[j] shows cells i..j whole. */
static void axis_spans(const int *cell, const bool *line, const int *linepos, int n, int size,
                       int *start, int *end)
{
    for (int i = 0; i < n; i++) {
        start[i] = line[i] ? linepos[i] : cell[i];
        end[i] = line[i + 1] ? linepos[i + 1] + 1 : cell[i] + size;
    }
}

/* The first cell of an axis shown in a window w long: the one before, moved just enough
 * that the cursor's cell is shown whole, and back while the cells after still fit. */
static int axis_first(const int *start, const int *end, int n, int w, int first, int cur)
{
    if (first > cur)
        first = cur;
    if (first < 0)
        first = 0;
    while (first < cur && end[cur] - start[first] > w)
        first++;
    while (first > 0 && end[n - 1] - start[first - 1] <= w)
        first--;
    return first;
}

/* The last cell shown from first on in a window w long. */
static int axis_last(const int *start, const int *end, int n, int w, int first)
{
    int last = first;

    while (last + 1 < n && end[last + 1] - start[first] <= w)
        last++;
    return last;
}

/* Scrolls by whole cells so the cursor's cell is in the window: the window shows the
 * cells r0..r1, c0..c1 with their lines, and nothing of the cells beyond. */
static void scroll_to_cursor(struct ui *ui, int avail_h, int avail_w)
{
    struct ui_geometry *geo = &ui->geo;
    const struct puzzle *p = ui->game->puzzle;
    int start[KAKURO_MAX_SIDE], end[KAKURO_MAX_SIDE];
    int r = ui->cursor / p->width, c = ui->cursor % p->width;

    axis_spans(geo->colx, geo->vline, geo->lx, p->width, geo->lay.cell_w, start, end);
    geo->c0 = axis_first(start, end, p->width, avail_w, geo->c0, c);
    geo->c1 = axis_last(start, end, p->width, avail_w, geo->c0);
    geo->sx = start[geo->c0];
    geo->view_w = end[geo->c1] - geo->sx;
    axis_spans(geo->rowy, geo->hline, geo->ly, p->height, geo->lay.cell_h, start, end);
    geo->r0 = axis_first(start, end, p->height, avail_h, geo->r0, r);
    geo->r1 = axis_last(start, end, p->height, avail_h, geo->r0);
    geo->sy = start[geo->r0];
    geo->view_h = end[geo->r1] - geo->sy;
}

/* Where the panel goes, in order of preference: beside the board at its full width,
 * beside it narrower, under it. */
enum panel_place { PANEL_BESIDE, PANEL_NARROW, PANEL_BELOW, PANEL_NPLACES };

/* The room the board has with the panel at place, on a screen of rows x cols (the last
 * row is the message line); false if the panel has no room there. */
static bool board_room(const struct ui_geometry *geo, enum panel_place place, int rows, int cols,
                       int *avail_h, int *avail_w)
{
    int board_rows = rows - 1;

    switch (place) {
    case PANEL_BESIDE:
        *avail_h = board_rows;
        *avail_w = cols - 1 - UI_PANEL_W;
        return board_rows >= UI_PANEL_MIN_H;
    case PANEL_NARROW:
        *avail_h = board_rows;
        *avail_w = cols - 1 - UI_PANEL_MIN_W;
        return board_rows >= UI_PANEL_MIN_H && geo->width < cols - 1 - UI_PANEL_MIN_W;
    default:
        *avail_h = board_rows - UI_PANEL_MIN_H;
        *avail_w = cols;
        return *avail_h > 0;
    }
}

/* Places the board at the top left, its window within avail_h x avail_w (less a row or
 * column on each side for the edge marks where it scrolls), and the panel in the rest. */
static void place(struct ui *ui, enum panel_place where, int rows, int cols, int avail_h, int avail_w)
{
    struct ui_geometry *geo = &ui->geo;

    geo->hscroll = geo->width > avail_w;
    geo->vscroll = geo->height > avail_h;
    geo->left = geo->hscroll ? 1 : 0;
    geo->top = geo->vscroll ? 1 : 0;
    scroll_to_cursor(ui, avail_h - 2 * geo->top, avail_w - 2 * geo->left);
    geo->panel_below = where == PANEL_BELOW;
    if (geo->panel_below) {
        /* Right under the board, after a blank row if the panel can spare it. */
        geo->panel_top = geo->view_h + 2 * geo->top;
        if (rows - 1 - geo->panel_top > UI_PANEL_MIN_H)
            geo->panel_top++;
        geo->panel_left = 0;
        geo->panel_w = cols;
    } else {
        /* Beside the whole window the board may take, so scrolling never moves it. */
        int board_w = geo->width < avail_w ? geo->width : avail_w;
        geo->panel_top = 0;
        geo->panel_left = board_w + 1;
        geo->panel_w = cols - geo->panel_left;     /* all the rest, for long hints */
    }
    geo->panel_h = rows - 1 - geo->panel_top;
}

/* The columns the widest Killer cage sum takes (0 without cages): a sum stands on the
 * top edge of one cell, so a cell narrower than it would have the sum run over the line
 * beside it and into the next cage's sum ("136136" on a 16x16 of 2-column cells). */
static int widest_cage_sum(const struct puzzle *p)
{
    int widest = 0;

    for (int g = 0; g < p->ngroups; g++) {
        char sum[16];
        int w;
        if (p->groups[g].kind != GROUP_CAGE)
            continue;
        w = snprintf(sum, sizeof sum, "%d", p->groups[g].sum);
        if (w > widest)
            widest = w;
    }
    return widest;
}

/* Lays the board out on rows x cols; false if it does not fit, with a size that does in
 * *need_h x *need_w (not always the smallest). */
static bool layout(struct ui *ui, int rows, int cols, int *need_h, int *need_w)
{
    const struct puzzle *p = ui->game->puzzle;
    const struct ui_layout *list = kakuro_layouts;
    int n = (int)(sizeof kakuro_layouts / sizeof kakuro_layouts[0]);
    int avail_h, avail_w, best_area = -1, sum_w = widest_cage_sum(p);
    enum panel_place best = PANEL_BESIDE;

    if (is_sudoku(p) && ui_outline_irregular(p)) {
        list = variant_layouts;
        n = (int)(sizeof variant_layouts / sizeof variant_layouts[0]);
    } else if (is_sudoku(p)) {
        list = sudoku_layouts;
        n = (int)(sizeof sudoku_layouts / sizeof sudoku_layouts[0]);
    }
    /* Cells too narrow for a cage's sum are not offered: the narrowest that hold it
     * scroll instead (the layouts are widest first, and the first holds any sum). */
    while (n > 1 && list[n - 1].cell_w < sum_w)
        n--;
    for (int i = 0; i < n; i++) {
        compute_geometry(ui, p, &list[i], &ui->geo);
        for (int where = 0; where < PANEL_NPLACES; where++) {
            if (board_room(&ui->geo, (enum panel_place)where, rows, cols, &avail_h, &avail_w) &&
                ui->geo.width <= avail_w && ui->geo.height <= avail_h) {
                place(ui, (enum panel_place)where, rows, cols, avail_h, avail_w);
                return true;
            }
        }
    }
    /* Nothing fits: the compact layout scrolls, with the panel where the window shows
     * the most of the board; a window smaller than UI_MIN_VIEW is no use. */
    *need_h = (ui->geo.height < UI_MIN_VIEW ? ui->geo.height : UI_MIN_VIEW + 2) + 1;
    *need_w = (ui->geo.width < 2 * UI_MIN_VIEW ? ui->geo.width : 2 * UI_MIN_VIEW + 2) + 1 + UI_PANEL_W;
    if (rows < *need_h || cols < *need_w)
        return false;
    for (int i = 0; i < PANEL_NPLACES; i++) {
        enum panel_place where = (enum panel_place)i;
        int area, h, w;
        if (!board_room(&ui->geo, where, rows, cols, &avail_h, &avail_w))
            continue;
        h = ui->geo.height <= avail_h ? ui->geo.height : avail_h - 2;
        w = ui->geo.width <= avail_w ? ui->geo.width : avail_w - 2;
        area = h > 0 && w > 0 ? h * w : 0;
        if (area > best_area) {
            best_area = area;
            best = where;
        }
    }
    board_room(&ui->geo, best, rows, cols, &avail_h, &avail_w);
    place(ui, best, rows, cols, avail_h, avail_w);
    return true;
}

/* Whether the board fits on rows x cols. */
static bool fits(struct ui *ui, int rows, int cols)
{
    int h, w;

    return layout(ui, rows, cols, &h, &w);
}

bool ui_view_layout(struct ui *ui, int rows, int cols, int *need_h, int *need_w)
{
    int h, w;

    if (layout(ui, rows, cols, need_h, need_w))
        return true;
    /* "Too small: need WxH" should name a size that is enough and no more than it takes
     * (a narrower panel or the panel below can fit where the size found first says no):
     * the fewest columns at the height there is, else the fewest rows at the width
     * there is, else the fewest of both from the size found. */
    h = *need_h > rows ? *need_h : rows;
    w = *need_w > cols ? *need_w : cols;
    if (rows >= *need_h || fits(ui, rows, w)) {
        for (w = cols + 1; !fits(ui, rows, w); w++)
            ;
        *need_h = rows;
        *need_w = w;
    } else if (cols >= *need_w || fits(ui, h, cols)) {
        for (h = rows + 1; !fits(ui, h, cols); h++)
            ;
        *need_h = h;
        *need_w = cols;
    } else {
        for (w = 1; w < *need_w && !fits(ui, *need_h, w); w++)
            ;
        for (h = 1; h < *need_h && !fits(ui, h, w); h++)
            ;
        *need_h = h;
        *need_w = w;
    }
    layout(ui, rows, cols, &h, &w);    /* the geometry of the screen there is */
    return false;
}

void ui_view_put(const struct ui *ui, int by, int bx, const char *s, attr_t attr)
{
    const struct ui_geometry *geo = &ui->geo;
    int y = by - geo->sy, x = bx - geo->sx;
    int n = ui_width(s);

    if (y < 0 || y >= geo->view_h)
        return;
    if (x < 0) {
        /* Skip the clipped characters one UTF-8 sequence at a time. */
        while (x < 0 && *s) {
            s++;
            while ((*s & 0xC0) == 0x80)
                s++;
            x++;
            n--;
        }
        if (!*s)
            return;
    }
    if (x >= geo->view_w)
        return;
    ui_print(geo->top + y, geo->left + x, geo->view_w - x < n ? geo->view_w - x : n, s, attr);
}

/* Whether the cursor on block cell `cur` selects run grp: the runs its clues start (a
 * run without a clue has clue -1, so no cell selects it). */
static bool clue_selects(const struct puzzle_group *grp, int cur)
{
    return grp->clue == cur;
}

/* Whether a group is highlighted with the cursor and listed in the panel: a Kakuro run or
 * a Killer cage, the groups that hold only some of the digits. */
static bool is_run(const struct puzzle_group *grp)
{
    return grp->kind == GROUP_ACROSS || grp->kind == GROUP_DOWN || grp->kind == GROUP_CAGE;
}

/* The runs and cages highlighted with the cursor: a white cell's groups, or those a clue
 * starts. */
static bool cell_in_highlight(const struct ui *ui, const struct puzzle *p, int cell, bool *clue_hi)
{
    int cur = ui->cursor;

    *clue_hi = false;
    for (int g = 0; g < p->ngroups; g++) {
        const struct puzzle_group *grp = &p->groups[g];
        bool selected = false;
        if (!is_run(grp))
            continue;
        if (p->block[cur])
            selected = clue_selects(grp, cur);
        else
            for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cur][k] >= 0; k++)
                selected |= p->cell_groups[cur][k] == g;
        if (!selected)
            continue;
        if (clue_selects(grp, cell))
            *clue_hi = true;
        for (int i = 0; i < grp->ncells; i++)
            if (grp->cells[i] == cell)
                return true;
    }
    return *clue_hi;
}

/* The columns of a cell its digit and marks may use: all of them where lines part the
 * cells, else all but a blank column on each side (one, in a cell two columns wide), so
 * that what two cells show never runs together, nor into a clue. */
static void cell_inner(const struct ui_layout *lay, int *x, int *w)
{
    if (lay->vsep_all) {
        *x = 0;
        *w = lay->cell_w;
    } else {
        *x = 1;
        *w = lay->cell_w >= 3 ? lay->cell_w - 2 : lay->cell_w - 1;
    }
}

/* Where mark d goes in a cell, or false if the cell is too small for every mark. */
static bool mark_position(const struct ui_layout *lay, int n, int d, int *row, int *col)
{
    int mr = lay->cell_h < n ? lay->cell_h : n;
    int mc = (n + mr - 1) / mr;
    int i = (d - 1) % mc, j = (d - 1) / mc, ix, iw;

    cell_inner(lay, &ix, &iw);
    if (2 * mc - 1 <= iw) {
        *col = ix + (iw - (2 * mc - 1)) / 2 + 2 * i;
    } else if (mc <= iw) {
        *col = ix + (iw - mc) / 2 + i;
    } else {
        return false;
    }
    *row = (lay->cell_h - mr) / 2 + j;
    return true;
}

static attr_t cursor_attr(attr_t a)
{
    /* The cursor flips reverse video, so it shows on black cells too. */
    return (a & A_REVERSE) ? ((a & ~A_REVERSE) | A_BOLD | A_UNDERLINE) : (a | A_REVERSE);
}

static void fill_cell(const struct ui *ui, int y, int x, attr_t attr, attr_t last_row)
{
    const struct ui_layout *lay = &ui->geo.lay;
    char blank[16];

    memset(blank, ' ', (size_t)lay->cell_w);
    blank[lay->cell_w] = '\0';
    for (int i = 0; i < lay->cell_h; i++)
        ui_view_put(ui, y + i, x, blank, i == lay->cell_h - 1 ? attr | last_row : attr);
}

static void draw_clue(const struct ui *ui, const struct puzzle *p, int cell, int y, int x, attr_t attr)
{
    const struct ui_layout *lay = &ui->geo.lay;
    const char *diag = ui_outline_clue_slash(ui);
    char a[4] = "", d[4] = "", buf[32];

    if (p->across[cell])
        snprintf(a, sizeof a, "%d", p->across[cell]);
    if (p->down[cell])
        snprintf(d, sizeof d, "%d", p->down[cell]);
    if (lay->cell_h >= 2) {
        snprintf(buf, sizeof buf, " %s%3s", diag, a);
        ui_view_put(ui, y, x, buf, attr);
        snprintf(buf, sizeof buf, "%-3s%s ", d, diag);
        ui_view_put(ui, y + 1, x, buf, attr);
    } else {
        snprintf(buf, sizeof buf, "%2s%s%-2s", d, diag, a);
        ui_view_put(ui, y, x, buf, attr);
    }
}

/* Whether the marks are one mark standing where a placed digit goes (the 5 of a 3x3 grid
 * of places, the 3 of two rows of five): it would be told from that digit by colour only. */
static bool lone_mark_at_digit(const struct ui_layout *lay, int n, digitset marks)
{
    int d = 1, row, col;

    if (marks == 0 || (marks & (marks - 1)) != 0)
        return false;
    while (!(marks & (1u << d)))
        d++;
    return mark_position(lay, n, d, &row, &col) && row == (lay->cell_h - 1) / 2 &&
           col == lay->cell_w / 2;
}

/* Without colours a lone mark at or near where a digit goes would look like that digit:
 * the places of the candidates a cell lacks show a dot.  With colours too where the mark
 * stands just where the digit would (a highlighted run or a hint gives both one colour,
 * and a colour is not there for everyone). */
static void draw_mark_places(const struct ui *ui, const struct puzzle *p, digitset present,
                             int y, int x, attr_t attr, attr_t last_row)
{
    const struct ui_layout *lay = &ui->geo.lay;
    int row, col;

    if (ui->color && !lone_mark_at_digit(lay, p->max_digit, present))
        return;
    for (int d = 1; d <= p->max_digit; d++)
        if (!(present & (1u << d)) && mark_position(lay, p->max_digit, d, &row, &col))
            ui_view_put(ui, y + row, x + col, ui->utf8 ? "\xc2\xb7" : ".",     /* U+00B7 */
                row == lay->cell_h - 1 ? attr | last_row : attr);
}

/* Marks in emph (a hint's digits) are drawn with emph_attr instead of attr; those on the
 * cell's last row also with last_row (its underline, where no line parts it from the next). */
static void draw_marks(const struct ui *ui, const struct puzzle *p, digitset marks, int y, int x,
                       attr_t attr, digitset emph, attr_t emph_attr, attr_t last_row)
{
    const struct ui_layout *lay = &ui->geo.lay;
    int digits[PUZZLE_MAX_DIGIT + 1];
    int n = 0, row, col, ix, iw, w, slots;
    bool fixed = mark_position(lay, p->max_digit, p->max_digit, &row, &col);

    for (int d = 1; d <= p->max_digit; d++) {
        if (!(marks & (1u << d)))
            continue;
        digits[n++] = d;
        if (fixed) {
            char s[2] = { sudoku_symbol(d), '\0' };
            mark_position(lay, p->max_digit, d, &row, &col);
            ui_view_put(ui, y + row, x + col, s, ((emph & (1u << d)) ? emph_attr : attr) |
                (row == lay->cell_h - 1 ? last_row : 0));
        }
    }
    if (fixed)
        return;
    /* Too small for fixed places: row by row from the top left, so that a lone mark never
     * stands where a digit would, as many as fit, then '+' (the panel lists them all); in
     * a single column, where any mark would look like a digit, only '+'. */
    cell_inner(lay, &ix, &iw);
    w = iw < 2 ? 1 : iw;
    slots = iw < 2 ? 1 : iw * lay->cell_h;
    if (n > slots || iw < 2) {
        n = slots;
        digits[n - 1] = 0;      /* the '+' */
    }
    for (int i = 0; i < n; i++) {
        int d = digits[i];
        char s[2] = { d == 0 ? '+' : sudoku_symbol(d), '\0' };
        row = i / w;
        ui_view_put(ui, y + row, x + ix + i % w, s, (d != 0 && (emph & (1u << d)) ? emph_attr : attr) |
            (row == lay->cell_h - 1 ? last_row : 0));
    }
    /* Without colours the rest of the row is dotted, as the places of absent marks are. */
    for (int i = n; !ui->color && i % w != 0; i++)
        ui_view_put(ui, y + i / w, x + ix + i % w, ui->utf8 ? "\xc2\xb7" : ".",
            attr | (i / w == lay->cell_h - 1 ? last_row : 0));
}

bool ui_view_marks_fit(const struct ui *ui)
{
    int n = ui->game->puzzle->max_digit, row, col;

    return mark_position(&ui->geo.lay, n, n, &row, &col);
}

/* A white cell as the watched solver has it (ui_watch.c says what it shows). */
static void draw_look(const struct ui *ui, const struct puzzle *p, int cell, int y, int x,
                      bool cur, attr_t last_row)
{
    const struct ui_layout *lay = &ui->geo.lay;
    struct ui_cell_look look;

    ui_watch_cell_look(ui, cell, &look);
    if (look.digit != 0 || look.glyph != NULL) {
        char s[2] = { sudoku_symbol(look.digit), '\0' };
        int dy = (lay->cell_h - 1) / 2;
        attr_t a = cur ? cursor_attr(look.attr) : look.attr;

        ui_view_put(ui, y + dy, x + lay->cell_w / 2, look.glyph != NULL ? look.glyph : s,
            dy == lay->cell_h - 1 ? a | last_row : a);
    } else if (look.marks != 0) {
        draw_mark_places(ui, p, look.marks, y, x, cur ? cursor_attr(look.mark_attr) : look.mark_attr,
                         last_row);
        draw_marks(ui, p, look.marks & ~look.struck, y, x,
                   cur ? cursor_attr(look.mark_attr) : look.mark_attr, 0, 0, last_row);
        draw_marks(ui, p, look.struck, y, x,
                   cur ? cursor_attr(look.struck_attr) : look.struck_attr, 0, 0, last_row);
    }
}

/* Without colours a highlighted run or cage, or a hint's cells, have no background to
 * show them: they get a glyph on each side of the middle row instead (open and close),
 * where no pencil mark stands.  A cell two columns wide (a 16x16 Killer at 80x24) has its
 * digit in the second: it gets the opening glyph alone, in the first. */
static void draw_edges(const struct ui *ui, const struct puzzle *p, bool has_marks, int y, int x,
                       attr_t attr, const char *open, const char *close)
{
    const struct ui_layout *lay = &ui->geo.lay;
    int dy = (lay->cell_h - 1) / 2, right = lay->cell_w - 1, ix, iw;
    bool both = lay->cell_w >= 3;

    cell_inner(lay, &ix, &iw);
    if (lay->cell_w < 2)
        return;
    for (int d = 1; has_marks && ix == 0 && d <= p->max_digit; d++) {
        int row, col;
        if (!mark_position(lay, p->max_digit, d, &row, &col))
            return;     /* the marks are drawn packed from the left edge */
        if (row == dy && (col == 0 || (both && col == right)))
            return;
    }
    ui_view_put(ui, y + dy, x, open, attr);
    if (both)
        ui_view_put(ui, y + dy, x + right, close, attr);
}

/* A Killer cage's sum, on the top edge of its first cell (the cage's outline: no cell of
 * the cage is above it), else in the cell's corner; highlighted with the cursor's cage. */
static void draw_cage_sum(const struct ui *ui, const struct puzzle *p, int cell, int y, int x,
                          bool selected)
{
    const struct puzzle_group *cage = ui_outline_cage_at(p, cell);
    int r = cell / p->width;
    char sum[16];

    if (cage == NULL)
        return;
    snprintf(sum, sizeof sum, "%d", cage->sum);
    ui_view_put(ui, ui->geo.hline[r] ? ui->geo.ly[r] : y, x, sum,
                ui_attr(ui, selected ? ROLE_CLUE_HI : ROLE_CAGE_SUM));
}

static void draw_cell(const struct ui *ui, int cell)
{
    const struct game *g = ui->game;
    const struct puzzle *p = g->puzzle;
    const struct ui_geometry *geo = &ui->geo;
    int r = cell / p->width, c = cell % p->width;
    int y = geo->rowy[r], x = geo->colx[c];
    bool clue_hi, hi = cell_in_highlight(ui, p, cell, &clue_hi);
    bool cur = cell == ui->cursor;
    enum ui_role hint_role = ui_hint_role(ui, cell);
    attr_t base, last_row = 0;

    /* Without a line under it, a tall cell's last row is underlined to part it from the next. */
    if (geo->lay.cell_h > 1 && r + 1 < p->height && !geo->hline[r + 1])
        last_row = A_UNDERLINE;
    if (p->block[cell]) {
        base = ui_attr(ui, clue_hi || hint_role == ROLE_CLUE_HI ? ROLE_CLUE_HI
                           : (p->down[cell] || p->across[cell]) ? ROLE_CLUE : ROLE_BLOCK);
        if (cur)
            base = cursor_attr(base);
        fill_cell(ui, y, x, base, last_row);
        if (p->down[cell] || p->across[cell])
            draw_clue(ui, p, cell, y, x, base);
        return;
    }
    base = hint_role != ROLE_NORMAL ? ui_attr(ui, hint_role) : hi ? ui_attr(ui, ROLE_RUN_HI) : A_NORMAL;
    if (cur)
        base = cursor_attr(base);
    fill_cell(ui, y, x, base, last_row);
    draw_cage_sum(ui, p, cell, y, x, clue_hi);
    if (ui->watch != NULL) {
        draw_look(ui, p, cell, y, x, cur, last_row);
        return;
    }
    if (g->grid[cell]) {
        enum ui_role role = p->given[cell] ? ROLE_GIVEN : ROLE_USER;
        attr_t a;
        char s[2] = { sudoku_symbol(g->grid[cell]), '\0' };
        int dy = (geo->lay.cell_h - 1) / 2;

        if (ui->show_wrong && ui->wrong != NULL && ui->wrong[cell])
            role = ROLE_WRONG;
        else if (ui->show_conflicts && ui->conflicts[cell])
            role = ROLE_CONFLICT;
        a = ui_attr(ui, role);
        if (hi && ui->color && role != ROLE_CONFLICT && role != ROLE_WRONG)
            a = ui_attr(ui, ROLE_RUN_HI) | (p->given[cell] ? A_BOLD : 0);
        if (role == ROLE_CONFLICT && p->given[cell])
            a |= A_BOLD;    /* told from the user's digits it clashes with */
        if (!ui->color && role == ROLE_USER)
            a = A_NORMAL;
        if (hint_role != ROLE_NORMAL && role != ROLE_CONFLICT && role != ROLE_WRONG)
            a = ui_hint_text_attr(ui, hint_role, a);
        if (cur)
            a = cursor_attr(a);
        if (dy == geo->lay.cell_h - 1)
            a |= last_row;
        ui_view_put(ui, y + dy, x + geo->lay.cell_w / 2, s, a);
    } else if (g->marks[cell]) {
        attr_t a = hi && ui->color ? ui_attr(ui, ROLE_RUN_HI) : ui_attr(ui, ROLE_MARK), emph;
        if (hint_role != ROLE_NORMAL)
            a = ui_hint_text_attr(ui, hint_role, a);
        emph = (a & ~A_DIM) | A_BOLD | A_UNDERLINE;
        if (cur) {
            a = cursor_attr(a);
            emph = cursor_attr(emph);
        }
        draw_mark_places(ui, p, g->marks[cell], y, x, a, last_row);
        draw_marks(ui, p, g->marks[cell], y, x, a, ui_hint_marks(ui, cell), emph, last_row);
    }
    /* The hint's cells point inwards, which also tells an empty reversed one from a
     * black cell; the cursor's runs are bracketed. */
    if (!ui->color && hint_role != ROLE_NORMAL)
        draw_edges(ui, p, g->marks[cell] != 0 && !g->grid[cell], y, x, base, ">", "<");
    else if (hi && !ui->color)
        draw_edges(ui, p, g->marks[cell] != 0 && !g->grid[cell], y, x, base, "[", "]");
}

/* Where the window scrolls, the column or row beside it points, at every row or column
 * shown, to the side where more cells lie. */
static void draw_edge_marks(const struct ui *ui, const struct puzzle *p)
{
    const struct ui_geometry *geo = &ui->geo;
    attr_t a = ui_attr(ui, ROLE_BOX_LINE);

    for (int r = geo->r0; geo->hscroll && r <= geo->r1; r++) {
        int y = geo->top + geo->rowy[r] - geo->sy + (geo->lay.cell_h - 1) / 2;
        if (geo->c0 > 0)
            ui_print(y, geo->left - 1, 1, ui_outline_scroll_arrow(ui, UI_SIDE_LEFT), a);
        if (geo->c1 < p->width - 1)
            ui_print(y, geo->left + geo->view_w, 1, ui_outline_scroll_arrow(ui, UI_SIDE_RIGHT), a);
    }
    for (int c = geo->c0; geo->vscroll && c <= geo->c1; c++) {
        int x = geo->left + geo->colx[c] - geo->sx + geo->lay.cell_w / 2;
        if (geo->r0 > 0)
            ui_print(geo->top - 1, x, 1, ui_outline_scroll_arrow(ui, UI_SIDE_UP), a);
        if (geo->r1 < p->height - 1)
            ui_print(geo->top + geo->view_h, x, 1, ui_outline_scroll_arrow(ui, UI_SIDE_DOWN), a);
    }
}

void ui_view_draw_board(struct ui *ui)
{
    const struct puzzle *p = ui->game->puzzle;

    ui_outline_draw(ui);
    for (int cell = 0; cell < p->ncells; cell++)
        draw_cell(ui, cell);
    draw_edge_marks(ui, p);
}

void ui_view_widen_to_cells(const struct ui *ui, int *x0, int *x1)
{
    const struct ui_geometry *geo = &ui->geo;
    const struct puzzle *p = ui->game->puzzle;
    int start[KAKURO_MAX_SIDE], end[KAKURO_MAX_SIDE], a = *x0, b = *x1;

    if (geo->c1 >= p->width)
        return;     /* laid out for another board, and too small for this one */
    axis_spans(geo->colx, geo->vline, geo->lx, p->width, geo->lay.cell_w, start, end);
    for (int c = geo->c0; c <= geo->c1; c++) {
        int s = geo->left + start[c] - geo->sx, e = geo->left + end[c] - geo->sx;
        if (s < b && e > a) {
            *x0 = s < *x0 ? s : *x0;
            *x1 = e > *x1 ? e : *x1;
        }
    }
}

int ui_view_cell_at(const struct ui *ui, int y, int x)
{
    const struct ui_geometry *geo = &ui->geo;
    const struct puzzle *p = ui->game->puzzle;
    int by = y - geo->top + geo->sy, bx = x - geo->left + geo->sx;
    int row = -1, col = -1;

    if (y < geo->top || y >= geo->top + geo->view_h || x < geo->left || x >= geo->left + geo->view_w)
        return -1;
    for (int r = 0; r < p->height; r++)
        if (by >= geo->rowy[r] && by < geo->rowy[r] + geo->lay.cell_h)
            row = r;
    for (int c = 0; c < p->width; c++)
        if (bx >= geo->colx[c] && bx < geo->colx[c] + geo->lay.cell_w)
            col = c;
    return row < 0 || col < 0 ? -1 : puzzle_index(p, row, col);
}

void ui_format_time(uint64_t ms, char *buf, size_t size)
{
    unsigned long s = (unsigned long)(ms / 1000);

    if (s >= 3600)
        snprintf(buf, size, "%lu:%02lu:%02lu", s / 3600, s / 60 % 60, s % 60);
    else
        snprintf(buf, size, "%lu:%02lu", s / 60, s % 60);
}

/* --- The side panel --- */

/* Lines go down a column w wide from top to bottom; a panel under the board has room
 * for more columns side by side, up to right, and the lines flow on into them.  A dry
 * panel only measures: it moves as a drawn one would and draws nothing. */
struct panel { int y, x, w, top, bottom, right, col_w; bool dry; };

#define PANEL_GAP 2     /* columns between two columns of a panel */
#define PANEL_KEYS_MAX 8    /* the most rows the keys under the panel take */

/* Whether the panel has room for another column after this one. */
static bool panel_has_next_column(const struct panel *pn)
{
    return pn->x + pn->col_w + PANEL_GAP + pn->w <= pn->right;
}

/* Moves to the top of the next column; false if there is none. */
static bool panel_next_column(struct panel *pn)
{
    if (!panel_has_next_column(pn))
        return false;
    pn->x += pn->col_w + PANEL_GAP;
    pn->col_w = pn->w;
    pn->y = pn->top;
    return true;
}

/* Whether n more lines fit, in this column or else at the top of the next one. */
static bool panel_room(struct panel *pn, int n)
{
    if (pn->y + n <= pn->bottom)
        return true;
    return pn->y > pn->top && panel_next_column(pn) && pn->y + n <= pn->bottom;
}

/* A line of the panel, wrapped in display columns onto the next ones where it is longer
 * than the panel is wide (a long name, a long translation): never cut.  Whether all of it
 * found room. */
static bool panel_line(const struct ui *ui, struct panel *pn, const char *s, enum ui_role role)
{
    struct ui_line lines[8];
    int n = ui_wrap_lines(s, pn->w, lines, 8), i;

    if (n == 0) {
        if (!panel_room(pn, 1))
            return false;
        pn->y++;
        return true;
    }
    for (i = 0; i < n && i < 8 && panel_room(pn, 1); i++) {
        if (!pn->dry)
            ui_print_line(pn->y, pn->x, pn->w, s, lines[i], ui_attr(ui, role));
        pn->y++;
    }
    return i == n;
}

/* A Kakuro run without a clue: "Across ? in 2", what is empty, and the digits its
 * digits so far leave possible (any set of different digits will do). */
static bool panel_sumless_run(const struct ui *ui, struct panel *pn, const struct puzzle_group *grp)
{
    const uint8_t *grid = ui->game->grid;
    digitset used = 0;
    int empty = 0;
    char buf[96];
    bool whole;

    for (int i = 0; i < grp->ncells; i++) {
        int d = grid[grp->cells[i]];
        used |= d ? 1u << d : 0;
        empty += d == 0;
    }
    snprintf(buf, sizeof buf, grp->kind == GROUP_ACROSS ? _("Across ? in %d") : _("Down ? in %d"),
             grp->ncells);
    panel_room(pn, 3);
    whole = panel_line(ui, pn, buf, ROLE_TITLE);
    if (empty == 0)
        snprintf(buf, sizeof buf, " %s", _("full, no sum to reach"));
    else
        snprintf(buf, sizeof buf, P_(" no sum, %d cell empty", " no sum, %d cells empty",
                                     (unsigned long)empty), empty);
    whole &= panel_line(ui, pn, buf, ROLE_NORMAL);
    if (empty > 0) {
        char digits[10];
        int nd = 0;

        for (int d = 1; d <= 9; d++)
            if (!(used & (1u << d)))
                digits[nd++] = (char)('0' + d);
        digits[nd] = '\0';
        snprintf(buf, sizeof buf, _(" can use %s"), digits);
        whole &= panel_line(ui, pn, buf, ROLE_NORMAL);
    }
    return whole;
}

/* Adds to sets (n so far, up to max) every set of len distinct digits from..top adding
 * up to sum, with the digits in have; returns the new count. */
static int add_digit_sets(int len, int sum, int from, int top, digitset have, digitset *sets,
                          int n, int max)
{
    if (len == 0) {
        if (sum == 0 && n < max)
            sets[n++] = have;
        return n;
    }
    for (int d = from; d <= top && n < max; d++) {
        /* The smallest and largest the other len - 1 digits after d can add up to. */
        int low = d + (len - 1) * (2 * d + len) / 2;
        int high = d + (len - 1) * (2 * top - len + 2) / 2;
        if (low > sum)
            break;
        if (high >= sum)
            n = add_digit_sets(len - 1, sum - d, d + 1, top, have | 1u << d, sets, n, max);
    }
    return n;
}

/* The most digit sets a cage's panel takes in: more than any cage of a 16x16 has (526, for
 * 68 in 8); a larger grid's cage may have more, which its note still counts. */
#define PANEL_SETS_MAX 1024

/* How many sets of len distinct digits 1-top, none of them in skip, add up to sum: counted,
 * not listed, as a 25x25's cage may have millions. */
static long count_digit_sets(int len, int sum, int top, digitset skip)
{
    enum { SUM_MAX = PUZZLE_MAX_DIGIT * (PUZZLE_MAX_DIGIT + 1) / 2 };
    static long ways[PUZZLE_MAX_DIGIT + 1][SUM_MAX + 1];   /* [digits][their sum] */

    if (len < 0 || sum < 0 || len > PUZZLE_MAX_DIGIT || sum > SUM_MAX)
        return 0;
    memset(ways, 0, sizeof ways);
    ways[0][0] = 1;
    for (int d = 1; d <= top; d++)
        if (!(skip & (1u << d)))
            for (int k = len; k >= 1; k--)
                for (int s = sum; s >= d; s--)
                    ways[k][s] += ways[k - 1][s - d];
    return ways[len][sum];
}

/* Whether the digits placed in a run or cage (used, some twice if repeated) leave set
 * possible. */
static bool set_ruled_out(digitset set, digitset used, bool repeated)
{
    return repeated || (set & used) != used;
}

/* Lays sets[0..n) out in the panel from its row, as many as fit above its bottom, and
 * draws them if draw (else only counts, on a copy of the panel); returns how many fit. */
static int panel_sets(const struct ui *ui, struct panel *pn, const digitset *sets, int n,
                      digitset used, bool repeated, bool draw)
{
    char buf[PUZZLE_MAX_DIGIT + 3];
    int x = 1, i;
    bool cut = false;

    for (i = 0; i < n && pn->y < pn->bottom; i++) {
        bool out = set_ruled_out(sets[i], used, repeated);
        int len = 0;
        buf[len++] = out && !ui->color ? '(' : ' ';
        for (int d = 1; d <= PUZZLE_MAX_DIGIT; d++)
            if (sets[i] & (1u << d))
                buf[len++] = sudoku_symbol(d);
        buf[len++] = out && !ui->color ? ')' : ' ';
        buf[len] = '\0';
        if (x + len > pn->w) {
            pn->y++;
            x = 1;
            if (!panel_room(pn, 1)) {
                cut = true;
                break;
            }
        }
        if (draw && !pn->dry)
            ui_print(pn->y, pn->x + x, len, buf, out ? ui_attr(ui, ROLE_DIM) : A_NORMAL);
        x += len;
    }
    /* Past the last set's row (a cut has gone there already); no row at all when none of
     * n sets fitted, so that the note after them keeps the row there is. */
    if (!cut && (i > 0 || n == 0))
        pn->y++;
    return i;
}

/* A run's or cage's digit sets, in the order of their smallest digits.  When they do not
 * all fit (a 16x16's cage of 6 cells can have hundreds), those still possible go first,
 * so that none is lost past the panel's end while struck-out ones fill it, and a last line
 * says how many more there are and how many of those are possible.  Whether all are shown. */
static bool panel_digit_sets(const struct ui *ui, struct panel *pn, const struct puzzle_group *grp,
                             digitset used, bool repeated, int left, int empty)
{
    static digitset sets[PANEL_SETS_MAX], sorted[PANEL_SETS_MAX];
    int top = ui->game->puzzle->max_digit;
    int n = add_digit_sets(grp->ncells, grp->sum, 1, top, 0, sets, 0, PANEL_SETS_MAX);
    long total = count_digit_sets(grp->ncells, grp->sum, top, 0), possible;
    struct panel trial = *pn;
    struct ui_line lines[8];
    int shown, shown_possible = 0, k = 0, note_rows;
    char buf[96];

    if (total == n && panel_sets(ui, &trial, sets, n, used, repeated, false) == n) {
        panel_sets(ui, pn, sets, n, used, repeated, true);
        return true;
    }
    possible = repeated || left < 0 ? 0 : count_digit_sets(empty, left, top, used);
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < n; i++)
            if (set_ruled_out(sets[i], used, repeated) == (pass == 1))
                sorted[k++] = sets[i];
    /* The note's rows, kept under the list: as many as it wraps onto with the whole
     * counts, the most it can say (a narrow panel takes two rows, and one kept lost the
     * second, "possible"). */
    snprintf(buf, sizeof buf, _(" +%1$ld more, %2$ld possible"), total, possible);
    note_rows = ui_wrap_lines(buf, pn->w, lines, 8);
    pn->bottom -= note_rows;
    shown = panel_sets(ui, pn, sorted, n, used, repeated, true);
    pn->bottom += note_rows;
    for (int i = 0; i < shown; i++)
        shown_possible += !set_ruled_out(sorted[i], used, repeated);
    snprintf(buf, sizeof buf, _(" +%1$ld more, %2$ld possible"), total - shown,
             possible - shown_possible);
    panel_line(ui, pn, buf, ROLE_DIM);
    return false;
}

/* One Kakuro run or Killer cage: its sum, what is left, and the digit sets, those ruled
 * out dimmed (every one when a digit stands twice in it, as no set holds a digit twice).
 * Whether all of it was shown. */
static bool panel_run(const struct ui *ui, struct panel *pn, const struct puzzle_group *grp)
{
    const uint8_t *grid = ui->game->grid;
    digitset used = 0;
    int left = grp->sum, empty = 0;
    bool repeated = false;
    char buf[96];
    bool whole;

    if (!puzzle_group_has_sum(grp))
        return panel_sumless_run(ui, pn, grp);
    for (int i = 0; i < grp->ncells; i++) {
        int d = grid[grp->cells[i]];
        repeated |= d && (used & 1u << d);
        used |= d ? 1u << d : 0;
        left -= d;
        empty += d == 0;
    }
    /* Two short lines, to fit the panel's 24 columns. */
    if (grp->kind == GROUP_CAGE)
        snprintf(buf, sizeof buf, _("Cage %1$d in %2$d"), grp->sum, grp->ncells);
    else
        snprintf(buf, sizeof buf, grp->kind == GROUP_ACROSS ? _("Across %d in %d") : _("Down %d in %d"),
                 grp->sum, grp->ncells);
    panel_room(pn, 3);      /* the run's lines together where a column's end cuts them */
    whole = panel_line(ui, pn, buf, ROLE_TITLE);
    if (empty == 0)
        snprintf(buf, sizeof buf, " %s", left == 0 ? _("full, sum reached") : _("full, wrong sum"));
    else if (left < 0)      /* the digits entered already pass the sum: no amount is left */
        snprintf(buf, sizeof buf, _(" over the sum by %d"), -left);
    else
        snprintf(buf, sizeof buf, P_(" left %d in %d cell", " left %d in %d cells",
                                     (unsigned long)empty), left, empty);
    whole &= panel_line(ui, pn, buf, ROLE_NORMAL);
    /* Counted out to the puzzle's top digit (Kakuro's 1-9 table would give a 4x4 or 6x6
     * Killer's cage sets with digits it has not). */
    return panel_digit_sets(ui, pn, grp, used, repeated, left, empty) && whole;
}

/* Whether the panel lists runs or cages for p (Kakuro, Killer). */
static bool has_runs(const struct puzzle *p)
{
    for (int g = 0; g < p->ngroups; g++)
        if (is_run(&p->groups[g]))
            return true;
    return false;
}

/* The columns the panel has from pn's on (pn's own included). */
static int panel_columns_left(const struct panel *pn)
{
    struct panel probe = *pn;
    int n = 1;

    while (panel_next_column(&probe))
        n++;
    return n;
}

/* The first run's share of the panel when the two do not both fit: its first columns
 * (the first k of those left), or with one column the rows down to its bottom. */
static struct panel first_share(const struct panel *pn, int k, int bottom)
{
    struct panel share = *pn, probe = *pn;

    if (k > 0) {
        for (int i = 0; i < k; i++)
            panel_next_column(&probe);
        share.right = probe.x - 1;      /* column k, the second run's, is past its right */
    } else {
        share.bottom = bottom;
    }
    return share;
}

/* Draws (or, dry, measures) the first run in share, then the second where it ended, with
 * the whole panel's bounds; pn ends where the second ends.  Whether the second is whole. */
static bool two_runs(const struct ui *ui, struct panel *pn, struct panel share,
                     const struct puzzle_group *a, const struct puzzle_group *b)
{
    share.dry = pn->dry;
    panel_run(ui, &share, a);
    if (share.y > share.bottom)
        share.y = share.bottom;     /* a run's combinations end a row past what they fill */
    pn->x = share.x;
    pn->col_w = share.col_w;
    pn->y = share.y;
    if (share.right != pn->right && share.x + share.col_w + PANEL_GAP + pn->w <= pn->right
        && share.y > share.top)
        panel_next_column(pn);      /* the second run's columns begin after the first's */
    return panel_run(ui, pn, b);
}

/* The cursor's Across and Down runs, sharing the panel when both do not fit whole: the
 * first would fill it and leave the second no row (a 15x15 Kakuro at 80x24).  The first
 * keeps as much as still leaves the second whole, or else half, and each says what it
 * cuts ("+N more"). */
static void panel_run_pair(const struct ui *ui, struct panel *pn, const struct puzzle_group *a,
                           const struct puzzle_group *b)
{
    struct panel trial;
    int columns, rows, span, most, least;

    /* From the column the first run's title would start (a column the hint filled, or
     * with fewer rows than a run's first three, is passed by). */
    panel_room(pn, 3);
    trial = *pn;
    columns = panel_columns_left(pn);
    rows = pn->bottom - pn->y;
    span = columns > 1 ? columns : rows;    /* what is shared: columns, or one's rows */
    most = span - 1;
    least = (span + 1) / 2;
    trial.dry = true;
    if (panel_run(ui, &trial, a) && panel_run(ui, &trial, b)) {
        panel_run(ui, pn, a);
        panel_run(ui, pn, b);
        return;
    }
    for (int give = most; give >= least; give--) {
        struct panel share = first_share(pn, columns > 1 ? give : 0, pn->y + give);

        trial = *pn;
        trial.dry = true;
        if (give == least || two_runs(ui, &trial, share, a, b)) {
            two_runs(ui, pn, share, a, b);
            return;
        }
    }
    panel_run(ui, pn, a);       /* no room to share (a row or two): as before */
    panel_run(ui, pn, b);
}

/* The cursor's runs (across, then down) or cage. */
static void panel_runs(const struct ui *ui, struct panel *pn)
{
    static const enum group_kind order[] = { GROUP_ACROSS, GROUP_DOWN, GROUP_CAGE };
    const struct puzzle *p = ui->game->puzzle;
    const struct puzzle_group *chosen[3];
    int cur = ui->cursor, n = 0;

    for (size_t pass = 0; pass < sizeof order / sizeof order[0]; pass++) {
        enum group_kind want = order[pass];
        for (int g = 0; g < p->ngroups && n < 3; g++) {
            const struct puzzle_group *grp = &p->groups[g];
            bool selected = false;
            if (grp->kind != want)
                continue;
            if (p->block[cur])
                selected = clue_selects(grp, cur);
            else
                for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cur][k] >= 0; k++)
                    selected |= p->cell_groups[cur][k] == g;
            if (selected)
                chosen[n++] = grp;
        }
    }
    if (n == 2) {
        panel_run_pair(ui, pn, chosen[0], chosen[1]);
        return;
    }
    for (int i = 0; i < n; i++)
        panel_run(ui, pn, chosen[i]);
}

/* The rows kept for a hint that shares its column with the status lines and runs: its
 * fewest (title, a line, the next key), so that at the smallest sizes the hint asked for
 * is seen, the status lines giving way, while a long one still leaves the runs their
 * room and pages. */
static int hint_reserve(const struct ui *ui, const struct panel *pn)
{
    int want = ui_hint_rows(ui, pn->w);

    if (ui->hint == NULL || (ui->geo.panel_below && panel_has_next_column(pn)))
        return 0;   /* none, or a column of its own */
    return want < UI_HINT_MIN_ROWS ? want : UI_HINT_MIN_ROWS;
}

/* Lowers the panel's bottom to leave reserve rows and the keys' row free (never above the
 * row it is on); with no reserve, the whole panel. */
static void panel_keep(struct panel *pn, int bottom, int reserve)
{
    pn->bottom = reserve == 0 ? bottom : bottom - 1 - reserve;
    if (pn->bottom < pn->y)
        pn->bottom = pn->y;
}

void ui_view_draw_panel(struct ui *ui, int top, int left, int h, int w)
{
    const struct game *g = ui->game;
    const struct puzzle *p = g->puzzle;
    int col_w = ui->geo.panel_below && w > UI_PANEL_W ? UI_PANEL_W : w;
    struct panel pn = { .y = top, .x = left, .w = col_w, .top = top, .bottom = top + h,
                        .right = left + w, .col_w = col_w };
    char buf[256], name[PUZZLE_CELL_NAME_MAX];
    int row, col, reserve = hint_reserve(ui, &pn);

    panel_line(ui, &pn, ui->title != NULL ? ui->title : "kakudo", ROLE_TITLE);
    panel_keep(&pn, top + h, reserve);
    if (!ui_name_tells_size(ui->title, p)) {    /* said once */
        snprintf(buf, sizeof buf, "%s %dx%d", ui_kind_name(p), p->width, p->height);
        panel_line(ui, &pn, buf, ROLE_NORMAL);
    }
    if (ui->show_timer) {
        char t[32];
        ui_format_time(game_elapsed_ms(g), t, sizeof t);
        snprintf(buf, sizeof buf, game_is_paused(g) && !g->completed ? _("Time %s (paused)")
                 : _("Time %s"), t);
        panel_line(ui, &pn, buf, ROLE_NORMAL);
    }
    snprintf(buf, sizeof buf, "%s%s", ui->pencil ? _("Mode: pencil marks") : _("Mode: digits"),
             ui->mark_next ? _(" (mark: digit?)") : "");
    panel_line(ui, &pn, buf, ui->pencil ? ROLE_MESSAGE : ROLE_NORMAL);
    {
        int filled = 0;
        for (int c = 0; c < p->ncells; c++)
            filled += !p->block[c] && g->grid[c];
        snprintf(buf, sizeof buf, _("Filled %d/%d%s"), filled, p->nwhite,
                 g->solved ? _("  SOLVED") : g->completed ? _("  by solver") : "");
        panel_line(ui, &pn, buf, g->completed ? ROLE_MESSAGE : ROLE_NORMAL);
    }
    snprintf(buf, sizeof buf, _("Cell %s"), puzzle_cell_name(p, ui->cursor, name));
    if (!p->block[ui->cursor] && !g->grid[ui->cursor] && g->marks[ui->cursor] &&
        !mark_position(&ui->geo.lay, p->max_digit, p->max_digit, &row, &col)) {
        /* The cell shows only part of its marks: list them all here. */
        size_t n = strlen(buf);
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%s", _(" marks "));
        for (int d = 1; d <= p->max_digit && n + 2 < sizeof buf; d++)
            if (g->marks[ui->cursor] & (1u << d))
                buf[n++] = sudoku_symbol(d);
        buf[n] = '\0';
    }
    panel_line(ui, &pn, buf, ROLE_NORMAL);
    if (pn.y < pn.bottom)
        pn.y++;
    /* The last row is kept for how to get help and how to leave: runs and a hint that
     * fill the panel (a small Kakuro at its smallest size) must not push them off. */
    pn.bottom = top + h - 1;
    if (ui->hint != NULL && ui->geo.panel_below && panel_has_next_column(&pn)) {
        /* Under the board the hint has a column of its own, up to twice as wide.  The
         * cursor's runs stay under the status lines where that column has rows for a run
         * (its title, what is left, a row of sets), as with no hint: they were to follow
         * the hint, and a panel with no column after it lost them. */
        bool runs_first = has_runs(p) && pn.y + 3 <= pn.bottom;
        int room;

        if (runs_first) {
            struct panel first = pn;
            first.right = first.x + first.w;    /* this column only: the hint's is next */
            panel_runs(ui, &first);
        }
        panel_next_column(&pn);
        room = pn.right - pn.x - (!has_runs(p) || runs_first ? 0 : pn.w + PANEL_GAP);
        pn.col_w = room < pn.w ? pn.w : room > 2 * pn.w + PANEL_GAP ? 2 * pn.w + PANEL_GAP : room;
        pn.y = ui_hint_draw_panel(ui, pn.y, pn.x, pn.col_w, pn.bottom);
        pn.y = pn.bottom;
        if (has_runs(p) && !runs_first)
            panel_runs(ui, &pn);
    } else {
        /* The cursor's runs before the hint: a long hint pages ("i: read on") rather
         * than push the combinations off the screen, and the runs leave it its rows. */
        if (has_runs(p)) {
            panel_keep(&pn, top + h, reserve);
            /* The runs keep off the last row too, the keys' (below): a run's lines that
             * reached it were overwritten there, leaving the ends of the longer ones.  Not
             * held at the row the status lines ended on: runs that do not fit under them
             * start the next column. */
            if (reserve == 0)
                pn.bottom = top + h - 1;
            panel_runs(ui, &pn);
            if (pn.y > pn.bottom)
                pn.y = pn.bottom;     /* a run's combinations end a row past what they fill */
            pn.bottom = top + h - 1;
        }
        pn.y = ui_hint_draw_panel(ui, pn.y, pn.x, pn.w, pn.bottom);
    }
    if (pn.y > pn.bottom)
        pn.y = pn.bottom;     /* a run's combinations end a row past what they fill */
    pn.bottom++;
    if (panel_room(&pn, 4)) {
        /* The keys in force on this board (ui_keys.c), in the four rows above the bottom,
         * or more where they take more and the panel has them (a 16x16's ":p pencil" or
         * the Korean words at 24 columns: redo, last, was dropped). */
        char keys[PANEL_KEYS_MAX][UI_KEYS_LINE_MAX];
        int room = pn.bottom - pn.y < PANEL_KEYS_MAX ? pn.bottom - pn.y : PANEL_KEYS_MAX;
        int n = ui_keys_footer(ui, pn.w, keys, room);
        int rows = n > 4 ? n : 4;
        pn.y = pn.bottom - rows > pn.y ? pn.bottom - rows : pn.y;
        for (int i = 0; i < n; i++)
            panel_line(ui, &pn, keys[i], ROLE_DIM);
    } else if (panel_room(&pn, 1)) {
        /* No room for all the keys (a large Kakuro at 80x24): still say how to learn them
         * and how to leave. */
        char quit[24], help[24], line[UI_KEYS_LINE_MAX];
        snprintf(line, sizeof line, _("%s help  %s quit"), ui_keys_name(ui, CMD_HELP, help, sizeof help),
                 ui_keys_name(ui, CMD_QUIT, quit, sizeof quit));
        pn.y = pn.bottom - 1 > pn.y ? pn.bottom - 1 : pn.y;
        panel_line(ui, &pn, line, ROLE_DIM);
    }
}
