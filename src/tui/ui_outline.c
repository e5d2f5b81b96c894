/* ui_outline.c: the board's lines, read from its groups: boxes and Jigsaw regions, Killer cages, the diagonals of Sudoku X. */
#include "config.h"
#include "ui.h"

#include <string.h>

/*
 * Every line piece between two neighbouring cells is drawn from what parts them, so a
 * plain Sudoku, a Jigsaw, a Killer and a Kakuro are drawn by one loop:
 *   - cells of different boxes or regions: a heavy line (the frame too);
 *   - of one box, different cages: a light dashed line, the cage's outline;
 *   - of one box and one cage: nothing, the cage reads as one shape;
 *   - of one box, neither in a cage: the light grid line;
 *   - of different boxes but one cage (a cage across a box edge): the heavy line
 *     broken into dashes, so that the cage is seen to go on.
 * A cage's sum stands on the top edge of its first cell (reading order), which is always
 * part of its outline; a diagonal is marked at the corners of its cells inside the frame,
 * where the lines cross, which needs no colour.
 */

enum seg { SEG_NONE, SEG_LIGHT, SEG_HEAVY, SEG_CAGE, SEG_CROSSED };

/* The cell's group of kind k1 or k2, or -1. */
static int cell_group(const struct puzzle *p, int cell, enum group_kind k1, enum group_kind k2)
{
    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++) {
        int g = p->cell_groups[cell][k];
        if (p->groups[g].kind == k1 || p->groups[g].kind == k2)
            return g;
    }
    return -1;
}

static int box_of(const struct puzzle *p, int cell)
{
    return cell_group(p, cell, GROUP_BOX, GROUP_REGION);
}

static int cage_of(const struct puzzle *p, int cell)
{
    return cell_group(p, cell, GROUP_CAGE, GROUP_CAGE);
}

bool ui_outline_irregular(const struct puzzle *p)
{
    for (int g = 0; g < p->ngroups; g++) {
        enum group_kind k = p->groups[g].kind;
        if (k == GROUP_REGION || k == GROUP_CAGE || k == GROUP_DIAGONAL)
            return true;
    }
    return false;
}

const struct puzzle_group *ui_outline_cage_at(const struct puzzle *p, int cell)
{
    int g = cage_of(p, cell);

    return g >= 0 && p->groups[g].clue == cell ? &p->groups[g] : NULL;
}

/* What parts cells a and b (-1: outside the board); vertical for a line running down. */
static enum seg between(const struct ui *ui, const struct puzzle *p, int a, int b, bool vertical)
{
    int ca, cb;

    if (p->ops->kind != PUZZLE_SUDOKU)      /* Kakuro: ASCII has no light vertical worth using */
        return vertical && ui->glyphs == UI_GLYPHS_ASCII ? SEG_HEAVY : SEG_LIGHT;
    if (a < 0 || b < 0)
        return SEG_HEAVY;
    ca = cage_of(p, a);
    cb = cage_of(p, b);
    if (box_of(p, a) != box_of(p, b))
        return ca >= 0 && ca == cb ? SEG_CROSSED : SEG_HEAVY;
    if (ca != cb)
        return SEG_CAGE;
    return ca >= 0 ? SEG_NONE : SEG_LIGHT;
}

/* The piece of the line down board column line c beside cell row r (r may be -1 or height:
 * none). */
static enum seg vseg(const struct ui *ui, const struct puzzle *p, int r, int c)
{
    if (r < 0 || r >= p->height)
        return SEG_NONE;
    return between(ui, p, c > 0 ? puzzle_index(p, r, c - 1) : -1,
                   c < p->width ? puzzle_index(p, r, c) : -1, true);
}

/* The piece of the line across board row line r above cell column c. */
static enum seg hseg(const struct ui *ui, const struct puzzle *p, int r, int c)
{
    if (c < 0 || c >= p->width)
        return SEG_NONE;
    return between(ui, p, r > 0 ? puzzle_index(p, r - 1, c) : -1,
                   r < p->height ? puzzle_index(p, r, c) : -1, false);
}

static int weight(enum seg s)
{
    static const int w[] = { [SEG_NONE] = 0, [SEG_LIGHT] = 1, [SEG_HEAVY] = 2, [SEG_CAGE] = 1,
                             [SEG_CROSSED] = 2 };
    return w[s];
}

static attr_t seg_attr(const struct ui *ui, enum seg s)
{
    return ui_attr(ui, weight(s) == 2 ? ROLE_BOX_LINE : s == SEG_CAGE ? ROLE_CAGE : ROLE_LINE);
}

/*
 * The pieces of line of one glyph set: across, for even and odd columns (a dash drawn
 * with gaps), down, the diagonals' marks (main, other, both; the main one also slashes a
 * Kakuro clue) and the arrows beside a scrolled board.  The Linux console's fonts have
 * light and double lines, the shade blocks and CP437's arrows, not heavy, dashed or
 * diagonal lines nor U+25C0 and U+25B6: its heavy lines are double, its cages dotted, its
 * diagonals ASCII, its arrows CP437's.
 */
struct line_set {
    const char *across[SEG_CROSSED + 1][2];
    const char *down[SEG_CROSSED + 1];
    const char *diagonal[4];
    const char *arrow[UI_SIDE_DOWN + 1];
};

static const struct line_set line_sets[] = {
    [UI_GLYPHS_UNICODE] = {
        .across = { [SEG_NONE] = { " ", " " }, [SEG_LIGHT] = { "\xe2\x94\x80", "\xe2\x94\x80" },
                    [SEG_HEAVY] = { "\xe2\x94\x81", "\xe2\x94\x81" },
                    [SEG_CAGE] = { "\xe2\x94\x84", "\xe2\x94\x84" },           /* U+2504 */
                    [SEG_CROSSED] = { "\xe2\x95\x8d", "\xe2\x95\x8d" } },      /* U+254D */
        .down = { [SEG_NONE] = " ", [SEG_LIGHT] = "\xe2\x94\x82", [SEG_HEAVY] = "\xe2\x94\x83",
                  [SEG_CAGE] = "\xe2\x94\x86", [SEG_CROSSED] = "\xe2\x95\x8f" }, /* U+2506, U+254F */
        .diagonal = { "", "\xe2\x95\xb2", "\xe2\x95\xb1", "\xe2\x95\xb3" },
        .arrow = { "\xe2\x97\x80", "\xe2\x96\xb6", "\xe2\x96\xb2", "\xe2\x96\xbc" }, /* U+25C0 ... */
    },
    [UI_GLYPHS_CONSOLE] = {
        .across = { [SEG_NONE] = { " ", " " }, [SEG_LIGHT] = { "\xe2\x94\x80", "\xe2\x94\x80" },
                    [SEG_HEAVY] = { "\xe2\x95\x90", "\xe2\x95\x90" },          /* U+2550 */
                    [SEG_CAGE] = { "\xc2\xb7", "\xc2\xb7" },                     /* U+00B7 */
                    [SEG_CROSSED] = { "\xe2\x95\x90", " " } },
        .down = { [SEG_NONE] = " ", [SEG_LIGHT] = "\xe2\x94\x82", [SEG_HEAVY] = "\xe2\x95\x91",
                  [SEG_CAGE] = ":", [SEG_CROSSED] = "\xe2\x96\x91" },              /* U+2551, U+2591 */
        .diagonal = { "", "\\", "/", "X" },
        .arrow = { "\xe2\x97\x84", "\xe2\x96\xba", "\xe2\x96\xb2", "\xe2\x96\xbc" }, /* U+25C4 ... */
    },
    [UI_GLYPHS_ASCII] = {
        .across = { [SEG_NONE] = { " ", " " }, [SEG_LIGHT] = { "-", "-" }, [SEG_HEAVY] = { "=", "=" },
                    [SEG_CAGE] = { "-", " " }, [SEG_CROSSED] = { "=", " " } },
        .down = { [SEG_NONE] = " ", [SEG_LIGHT] = ":", [SEG_HEAVY] = "|", [SEG_CAGE] = ":",
                  [SEG_CROSSED] = "!" },
        .diagonal = { "", "\\", "/", "X" },
        .arrow = { "<", ">", "^", "v" },
    },
};

const char *ui_outline_clue_slash(const struct ui *ui)
{
    return line_sets[ui->glyphs].diagonal[1];
}

const char *ui_outline_scroll_arrow(const struct ui *ui, enum ui_side side)
{
    return line_sets[ui->glyphs].arrow[side];
}

/* A piece of a line across; i counts its columns, for dashes drawn with gaps. */
static const char *hglyph(const struct ui *ui, enum seg s, int i)
{
    return line_sets[ui->glyphs].across[s][i % 2];
}

/* A piece of a line down. */
static const char *vglyph(const struct ui *ui, enum seg s)
{
    return line_sets[ui->glyphs].down[s];
}

/* Where lines cross: a line going straight through keeps its own piece (a dash stays a
 * dash), else the junction of the arms' weights. */
static void draw_junction(const struct ui *ui, int y, int x, enum seg up, enum seg down,
                          enum seg left, enum seg right, int cell_w)
{
    enum seg strongest = SEG_NONE;
    enum seg arms[4] = { up, down, left, right };
    const char *g;

    for (int i = 0; i < 4; i++)
        if (weight(arms[i]) > weight(strongest) || (arms[i] == SEG_LIGHT && strongest == SEG_CAGE))
            strongest = arms[i];
    if (up == SEG_NONE && down == SEG_NONE && left == right)
        g = hglyph(ui, left, cell_w);
    else if (left == SEG_NONE && right == SEG_NONE && up == down)
        g = vglyph(ui, up);
    else
        g = ui_glyph(ui, weight(up), weight(down), weight(left), weight(right));
    ui_view_put(ui, y, x, g, seg_attr(ui, strongest));
}

/* Marks a diagonal at the corners of its cells: main runs down to the right. */
static void mark_diagonal(const struct puzzle *p, const struct puzzle_group *grp, uint8_t *corner)
{
    int n = p->width + 1;

    for (int i = 0; i < grp->ncells; i++) {
        int r = grp->cells[i] / p->width, c = grp->cells[i] % p->width;
        int next = grp->cells[i + (i + 1 < grp->ncells ? 1 : -1)];
        int dc = next % p->width - c;
        bool main = (i + 1 < grp->ncells) == (dc > 0);

        if (main) {
            corner[r * n + c] |= 1;
            corner[(r + 1) * n + c + 1] |= 1;
        } else {
            corner[r * n + c + 1] |= 2;
            corner[(r + 1) * n + c] |= 2;
        }
    }
}

static void draw_diagonals(const struct ui *ui, const struct puzzle *p)
{
    const struct ui_geometry *geo = &ui->geo;
    uint8_t corner[(SUDOKU_MAX_SIZE + 1) * (SUDOKU_MAX_SIZE + 1)];
    int n = p->width + 1;

    if (p->width > SUDOKU_MAX_SIZE || p->height > SUDOKU_MAX_SIZE)
        return;
    memset(corner, 0, sizeof corner);
    for (int g = 0; g < p->ngroups; g++)
        if (p->groups[g].kind == GROUP_DIAGONAL && p->groups[g].ncells > 1)
            mark_diagonal(p, &p->groups[g], corner);
    /* Inside the frame only: its corners stay whole. */
    for (int r = 1; r < p->height; r++)
        for (int c = 1; c < p->width; c++)
            if (corner[r * n + c] && geo->hline[r] && geo->vline[c])
                ui_view_put(ui, geo->ly[r], geo->lx[c],
                            line_sets[ui->glyphs].diagonal[corner[r * n + c]], ui_attr(ui, ROLE_DIAGONAL));
}

void ui_outline_draw(const struct ui *ui)
{
    const struct puzzle *p = ui->game->puzzle;
    const struct ui_geometry *geo = &ui->geo;
    int cw = geo->lay.cell_w;

    for (int r = 0; r <= p->height; r++) {
        if (!geo->hline[r])
            continue;
        for (int c = 0; c <= p->width; c++) {
            enum seg right = hseg(ui, p, r, c);
            if (geo->vline[c])
                draw_junction(ui, geo->ly[r], geo->lx[c], vseg(ui, p, r - 1, c),
                              vseg(ui, p, r, c), hseg(ui, p, r, c - 1), right, cw);
            for (int i = 0; c < p->width && i < cw; i++)
                ui_view_put(ui, geo->ly[r], geo->colx[c] + i, hglyph(ui, right, i),
                            seg_attr(ui, right));
        }
    }
    for (int c = 0; c <= p->width; c++) {
        if (!geo->vline[c])
            continue;
        for (int r = 0; r < p->height; r++) {
            enum seg s = vseg(ui, p, r, c);
            for (int i = 0; i < geo->lay.cell_h; i++)
                ui_view_put(ui, geo->rowy[r] + i, geo->lx[c], vglyph(ui, s), seg_attr(ui, s));
        }
    }
    draw_diagonals(ui, p);
}
