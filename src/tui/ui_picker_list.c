/* ui_picker_list.c: the picker's list on the screen: sections under headings, each a
 * window onto its items that scrolls with the selection and marks what lies beyond. */
#include "config.h"
#include "ui.h"

#include <stdio.h>
#include <string.h>

#include "i18n.h"

#define LIST_SECTIONS_MAX 8     /* bundled, recent, new game or file; or a file's puzzles */
#define LIST_ROWS_MAX 1024      /* screen rows remembered for the mouse */
#define LIST_MARKS_MIN_ROWS 3   /* a window this tall has room for both "more" rows;
                                   one of two rows has one (below if there is more there) */

/* Which item the last draw put on each screen row (-1: none), so a click finds it. */
static int row_item[LIST_ROWS_MAX];
/* Where each section's window was scrolled to (its first item in view, counted from the
 * section's first item), by the kind of that item: a section keeps its place while the
 * selection is in another one and when the picker is entered again after a game. */
#define LIST_KINDS_MAX 16
static int kept_top[LIST_KINDS_MAX];

/* A run of items under one heading, and the window of rows it gets on the screen. */
struct list_section {
    int first, end;             /* its items: ui->items[first .. end - 1] */
    int rows;                   /* rows for its items, "more" marks included */
};

/* What the window of a section shows from a given top. */
struct list_window {
    int top, shown;             /* items top .. top + shown - 1 */
    bool above, below;          /* a "more" row before / after them */
};

static const char *section_of(const struct picker_item *it)
{
    switch (it->kind) {
    case ITEM_BUNDLED: return _("Puzzles");
    case ITEM_RECENT: return _("Recent games");
    case ITEM_IN_FILE: return _("Puzzles in the file");
    default: return _("New game or file");
    }
}

/* Splits the items into runs under one heading; their count. */
static int list_sections(const struct ui *ui, struct list_section *sec)
{
    int n = 0;

    for (int i = 0; i < ui->nitems; i++) {
        if (i == 0 || strcmp(section_of(&ui->items[i]), section_of(&ui->items[i - 1])) != 0) {
            if (n == LIST_SECTIONS_MAX)
                break;
            sec[n++] = (struct list_section){ .first = i, .end = i };
        }
        sec[n - 1].end = i + 1;
    }
    return n;
}

/* Shares avail screen rows among the sections: each wants a blank row, a heading and all
 * its items; when they do not fit, the blank rows go if the sections need them, then the
 * longest windows shrink one row at a time, so that a long list (the bundled puzzles, a
 * file's) cannot push the short ones (recent games, "Open a file") off the screen.
 * Whether the blank rows stay. */
static bool list_fit(struct list_section *sec, int n, int avail)
{
    int total = 0, least = 0;
    bool gaps;

    for (int i = 0; i < n; i++) {
        int count = sec[i].end - sec[i].first;
        sec[i].rows = count;
        total += 1 + count;
        least += 1 + (count < LIST_MARKS_MIN_ROWS ? count : LIST_MARKS_MIN_ROWS);
    }
    gaps = least + n <= avail;
    if (gaps)
        total += n;
    while (total > avail) {
        int big = 0;
        for (int i = 1; i < n; i++)
            if (sec[i].rows > sec[big].rows)
                big = i;
        if (sec[big].rows <= 1)
            break;          /* a terminal this short shows the selection's part only */
        sec[big].rows--;
        total--;
    }
    return gaps;
}

/* The window of section s from top: a "more" row takes the place of an item at an end
 * that has items beyond it, while one item stays. */
static struct list_window list_window_at(const struct list_section *s, int top)
{
    struct list_window w = { .top = top };
    int room = s->rows;

    if (s->end - s->first <= s->rows) {
        w.top = s->first;
        w.shown = s->end - s->first;
        return w;
    }
    if (s->rows >= LIST_MARKS_MIN_ROWS) {
        w.above = top > s->first;
        room -= w.above;
        w.below = s->end - top > room;
        room -= w.below;
    } else if (s->rows == 2) {
        w.below = s->end - top > 1;
        w.above = !w.below;
        room = 1;
    }
    w.shown = room < s->end - top ? room : s->end - top;
    return w;
}

/* The largest top whose window is still full: the list's end in view, marked above. */
static int list_last_top(const struct list_section *s)
{
    int top = s->end - (s->rows - (s->rows >= 2));

    return top > s->first ? top : s->first;
}

/* The window of the selection's section: from top, moved as little as keeps sel in view. */
static struct list_window list_window_around(const struct list_section *s, int top, int sel)
{
    struct list_window w;

    if (top > list_last_top(s))
        top = list_last_top(s);
    if (top < s->first)
        top = s->first;
    /* A mark that appears as the window moves takes a row: a second step makes up for it. */
    for (int step = 0; step < 3; step++) {
        w = list_window_at(s, top);
        if (sel < w.top)
            top = sel;
        else if (sel >= w.top + w.shown)
            top += sel - (w.top + w.shown) + 1;
        else
            break;
    }
    return list_window_at(s, top);
}

/* Section s's window where it was left, moved if it holds the selection as little as
 * keeps that in view; remembered for the next draw. */
static struct list_window list_window_kept(const struct ui *ui, const struct list_section *s,
                                           bool selected)
{
    int kind = (int)ui->items[s->first].kind, none = 0;
    int *kept = kind >= 0 && kind < LIST_KINDS_MAX ? &kept_top[kind] : &none;
    int top = s->first + *kept;
    struct list_window w;

    if (top > list_last_top(s))
        top = list_last_top(s);
    w = selected ? list_window_around(s, top, ui->sel) : list_window_at(s, top);
    *kept = w.top - s->first;
    return w;
}

/* "↓ 12 more" in the place of an item. */
static void draw_more(const struct ui *ui, int y, int count, bool up)
{
    char text[128];
    const char *arrow = ui->utf8 ? (up ? "\xe2\x86\x91" : "\xe2\x86\x93") : (up ? "^" : "v");

    snprintf(text, sizeof text, P_("%1$s %2$d more", "%1$s %2$d more", (unsigned long)count), arrow,
             count);
    ui_print(y, 3, COLS - 3, text, ui_attr(ui, ROLE_DIM));
}

/* Notes that row y shows item i (for the mouse). */
static void note_row(int y, int i)
{
    if (y >= 0 && y < LIST_ROWS_MAX)
        row_item[y] = i;
}

/* Draws section s's heading and window from row y, no further than row limit (exclusive);
 * the row after it.  A "more" row stands for the first item hidden beyond it, so that a
 * click there brings that one into view. */
static int draw_section(const struct ui *ui, const struct list_section *s,
                        const struct list_window *w, int y, int limit)
{
    if (y >= limit)
        return y;
    ui_print(y++, 1, COLS - 1, section_of(&ui->items[s->first]), ui_attr(ui, ROLE_TITLE));
    if (w->above && y < limit) {
        note_row(y, w->top - 1);
        draw_more(ui, y++, w->top - s->first, true);
    }
    for (int i = w->top; i < w->top + w->shown && y < limit; i++, y++) {
        ui_print_cut(ui, y, 3, COLS - 3, ui->items[i].label,
                 i == ui->sel ? ui_attr(ui, ROLE_SELECTED) : A_NORMAL);
        note_row(y, i);
    }
    if (w->below && y < limit) {
        note_row(y, w->top + w->shown);
        draw_more(ui, y++, s->end - (w->top + w->shown), false);
    }
    return y;
}

/* The section holding the selection. */
static int list_selected_section(const struct ui *ui, const struct list_section *sec, int n)
{
    for (int i = 0; i < n; i++)
        if (ui->sel >= sec[i].first && ui->sel < sec[i].end)
            return i;
    return 0;
}

void ui_picker_list_draw(struct ui *ui, int y, int limit)
{
    struct list_section sec[LIST_SECTIONS_MAX];
    struct list_window win[LIST_SECTIONS_MAX];
    int n = list_sections(ui, sec), at, start = 0, need = 0;
    bool gaps;

    for (int r = 0; r < LIST_ROWS_MAX; r++)
        row_item[r] = -1;
    if (n == 0 || limit <= y)
        return;
    gaps = list_fit(sec, n, limit - y);
    at = list_selected_section(ui, sec, n);
    for (int i = 0; i < n; i++)
        win[i] = list_window_kept(ui, &sec[i], i == at);
    /* On a terminal too short for every heading, start at the selection's section. */
    for (int i = 0; i <= at; i++)
        need += 1 + sec[i].rows + gaps;
    if (need > limit - y)
        start = at;
    for (int i = start; i < n && y < limit; i++)
        y = draw_section(ui, &sec[i], &win[i], y + gaps, limit);
}

int ui_picker_item_at(int y)
{
    return y >= 0 && y < LIST_ROWS_MAX ? row_item[y] : -1;
}
