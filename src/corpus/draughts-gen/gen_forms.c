/* gen_forms.c -- valid inputs in every form NOTES.md accepts (CRLF, blank
 * lines, white space around lines, no final newline, leading zeros and
 * tabs in headers) and files of several cases. Positions are small so that
 * the files stay small; the point is the reading, not the search. */
#include <stdio.h>
#include <string.h>

#include "gen_board.h"
#include "gen_kinds.h"

enum {
    FORM_CRLF,
    FORM_BLANK_LINES,
    FORM_SURROUNDING,
    FORM_NO_FINAL_NEWLINE,
    FORM_LEADING_ZEROS,
    FORM_HEADER_SPACING,
    FORM_ONLY_BLANK,
    FORM_MIXED,
    FORM_COUNT
};

static const char *const FORM_HINT[FORM_COUNT] = {
    "crlf", "blank-lines", "surrounding-white-space", "no-final-newline",
    "leading-zeros", "header-spacing", "only-blank-lines", "mixed-forms"};

static const char *const FORM_REASON[FORM_COUNT] = {
    "input form: every line ends with CRLF",
    "input form: blank lines before, between and after the lines of cases",
    "input form: spaces, tabs, \\v and \\f around every line",
    "input form: the last board line has no final newline",
    "input form: case numbers with leading zeros (case 007), up to 999999999",
    "input form: tabs and several spaces between 'case' and the number",
    "input form: only blank lines (spaces, tabs, CR) - no case, no output",
    "input form: CRLF, blank lines, surrounding white space, no final EOL"};

/* Some white space that NOTES.md ignores around a line. */
static void add_space(text_t *text, rng_t *rng, bool exotic)
{
    static const char *const SPACE[] = {" ", "\t", "  ", " \t", "\t\t",
                                        "\v", "\f", " \r"};
    int choices = exotic ? 8 : 5;
    for (int n = rng_range(rng, 1, 2); n > 0; n--) {
        text_add(text, SPACE[rng_below(rng, choices)]);
    }
}

/* One line of content in `form`: surrounding space, end of line, and the
 * blank lines of the blank-line forms. */
static void add_line(text_t *text, rng_t *rng, int form, const char *content)
{
    bool mixed = form == FORM_MIXED;
    bool crlf = form == FORM_CRLF || (mixed && rng_below(rng, 2));
    if ((form == FORM_BLANK_LINES || mixed) && rng_below(rng, 3) == 0) {
        text_add(text, rng_below(rng, 2) ? "\n" : " \t\n");
    }
    if ((form == FORM_SURROUNDING || mixed) && rng_below(rng, 4) != 0) {
        add_space(text, rng, true);
    }
    text_add(text, content);
    if ((form == FORM_SURROUNDING || mixed) && rng_below(rng, 4) != 0) {
        add_space(text, rng, false);
    }
    text_add(text, crlf ? "\r\n" : "\n");
}

static void header_text(char *header, int size, rng_t *rng, int form,
                        int number)
{
    static const char *const GAP[] = {"\t", "   ", " \t ", "\t\t", " \t"};
    static const char *const ZEROS[] = {"0", "00", "000000000000"};
    if (form == FORM_LEADING_ZEROS) {
        int pick = rng_below(rng, 5);
        snprintf(header, (size_t)size, "case %s%d",
                 ZEROS[rng_below(rng, 3)],
                 pick == 0 ? 999999999 : pick == 1 ? 0 : number);
    } else if (form == FORM_HEADER_SPACING || form == FORM_MIXED) {
        snprintf(header, (size_t)size, "case%s%d", GAP[rng_below(rng, 5)],
                 number);
    } else {
        snprintf(header, (size_t)size, "case %d", number);
    }
}

static void add_form_case(text_t *text, rng_t *rng, int form, int number)
{
    char header[64];
    header_text(header, (int)sizeof header, rng, form, number);
    add_line(text, rng, form, header);
    board_t board;
    small_board(rng, &board);
    for (int row = 0; row < BOARD_SIZE; row++) {
        char line[9];
        board_row_text(&board, row, line);
        add_line(text, rng, form, line);
    }
}

static void build_form(text_t *text, rng_t *rng, int form)
{
    if (form == FORM_ONLY_BLANK) {
        for (int n = rng_range(rng, 1, 6); n > 0; n--) {
            add_space(text, rng, true);
            text_add(text, rng_below(rng, 2) ? "\n" : "\r\n");
        }
        return;
    }
    for (int n = rng_range(rng, 1, 2); n > 0; n--) {
        add_form_case(text, rng, form, rng_range(rng, 1, 99));
    }
    if (form == FORM_BLANK_LINES || form == FORM_MIXED) {
        text_add(text, "\n\n");
    }
    /* Drop the last line's end (and any blank lines after it). */
    while ((form == FORM_NO_FINAL_NEWLINE || form == FORM_MIXED) &&
           text->length > 0 &&
           strchr("\r\n", text->bytes[text->length - 1]) != NULL) {
        text->length--;
    }
}

void kind_forms(emitter_t *emitter, int count)
{
    for (long i = 0; i < count; i++) {
        rng_t rng;
        rng_init(&rng, emitter->seed, "forms", i);
        int form = (int)(i % FORM_COUNT);
        text_t text;
        text_init(&text);
        build_form(&text, &rng, form);
        emit(emitter, "forms", i, "input-forms", FORM_HINT[form],
             FORM_REASON[form], &text);
        text_free(&text);
    }
}
