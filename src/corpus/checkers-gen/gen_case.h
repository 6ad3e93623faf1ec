/* gen_case.h -- one generated case: its input, and what the engine must do.
 *
 * A case is built line by line the way the engine reads it. Alongside the
 * input the builder keeps its own expectation of the run, from the
 * specification: every action line and cost line, the error or win line,
 * and the exit status. scripts/generate-corpus refuses a recorded golden
 * that disagrees with it. */
#ifndef GEN_CASE_H
#define GEN_CASE_H

#include <stdbool.h>
#include <stddef.h>

#include "../../checkers/checkers.h"
#include "gen_game.h"

typedef struct {
    char *data;
    size_t length, capacity;
} text_t;

void text_add(text_t *text, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* The text so far; "" before anything was added. */
const char *text_bytes(const text_t *text);

/* What an A or P command did, as the specification's minimax plays it. */
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
    char name[96];
    char reason[640];
    text_t input;
    text_t events;     /* the expected action, cost, error and win lines */
    int status;        /* the expected exit status */
    bool reading;      /* the engine still reads lines */
    game_t game;       /* the game as the engine has it so far */
} case_t;

void case_begin(case_t *kase, const char *category);
void case_end(case_t *kase);

/* Input lines for the first `count` actions of `source` (all legal). */
void case_input_game(case_t *kase, const game_t *source, int count);
void case_input_action(case_t *kase, action_t action);

/* A line that must fail with `error`; the engine stops reading there. */
void case_input_error(case_t *kase, const char *line, action_error_t error);

/* 'A' or 'P'; the engine stops reading there. */
command_report_t case_input_command(case_t *kase, char command);

/* A line after the engine stopped reading (it must not be read). */
void case_input_unread(case_t *kase, const char *line);

void case_set_name(case_t *kase, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
void case_set_reason(case_t *kase, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* Writes DIR/<category>/<name>.in, .reason and .expect (the exit status,
 * then the expected lines). Returns false, writing nothing, when another
 * case of this run already has the same input. */
bool case_emit(case_t *kase, const char *directory);

#endif
