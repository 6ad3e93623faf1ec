/* gen_case.h -- one generated case: its input and its reason.
 *
 * A case is built line by line the way the engine reads it, with the game
 * as it stands after each line, so that the next line can be chosen from
 * the board. What the run must print is not decided here: the corpus
 * pipeline (src/corpus/checkers-pipeline) records a case only when the
 * engine and the independent oracle (src/corpus/checkers-oracle) print
 * the same bytes for it. */
#ifndef GEN_CASE_H
#define GEN_CASE_H

#include <stdbool.h>
#include <stddef.h>

#include "../../checkers/checkers.h"
#include "../gen-common/gen_text.h"
#include "gen_game.h"

/* What an A or P command did, as the engine's search plays it: words for
 * the case's reason and facts for choosing cases, not an expectation. */
typedef struct {
    int steps;             /* steps taken (actions computed + a final win) */
    int computed;          /* actions computed */
    int first_number;      /* number of the first action the command plays */
    bool win;              /* a step found no action for the side to move */
    colour_t winner;
    bool loser_has_pieces; /* the loser was blocked, not captured out */
    bool next_side_stuck;  /* all steps acted, and the side to move next
                              could not act (nothing is printed for it) */
    int promotions, captures, tower_captures, backward_tower_actions;
    int ties;              /* steps where several root actions shared the
                              best cost */
    int ties_not_first;    /* ... and the left-most of them was not the
                              first root action */
} command_report_t;

typedef struct {
    const char *category;
    int candidate;     /* its number among its kind's candidates: the
                          -s<N> of its name */
    char name[96];
    char reason[640];
    text_t input;
    game_t game;       /* the game as the engine has it so far */
} case_t;

void case_begin(case_t *kase, const char *category);
void case_end(case_t *kase);

/* Input lines for the first `count` actions of `source` (all legal). */
void case_input_game(case_t *kase, const game_t *source, int count);
void case_input_action(case_t *kase, action_t action);

/* A line built to fail with one of the six errors; the engine stops
 * reading there. */
void case_input_error(case_t *kase, const char *line);

/* 'A' or 'P'; the engine stops reading there. */
command_report_t case_input_command(case_t *kase, char command);

/* A line after the engine stopped reading (it must not be read). */
void case_input_unread(case_t *kase, const char *line);

void case_set_name(case_t *kase, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
void case_set_reason(case_t *kase, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* Writes DIR/<category>/<name>.in and .reason. Returns false, writing
 * nothing, when another case of this run already has the same input. */
bool case_emit(case_t *kase, const char *directory);

/* Forgets the inputs emitted so far (and frees their record). */
void cases_forget(void);

#endif
