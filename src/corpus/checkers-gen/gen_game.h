/* gen_game.h -- legal games played by simple machine players.
 *
 * Every action comes from the engine's own rules_legal_actions and is
 * applied with its rules_apply: the generator holds no rules of its own. */
#ifndef GEN_GAME_H
#define GEN_GAME_H

#include <stdbool.h>

#include "../../checkers/checkers.h"
#include "../gen-common/gen_random.h"

enum { GAME_CAPACITY = 400 };

typedef struct {
    board_t board;
    int played;  /* actions so far: action number `played + 1` is next */
    action_t history[GAME_CAPACITY];
} game_t;

/* How a machine player picks its action. */
typedef enum {
    POLICY_RANDOM,   /* uniformly among the legal actions */
    POLICY_GREEDY,   /* a random capture when there is one */
    POLICY_SQUEEZE,  /* what leaves the opponent the fewest actions */
    POLICY_MINIMAX,  /* the engine's own choice (depth 3) */
    POLICY_COUNT
} policy_t;

/* What an action does, told from the board it is played on. */
typedef struct {
    colour_t side;
    bool by_tower;
    bool backward;        /* away from the side's far row */
    bool capture;
    bool captures_tower;
    bool promotes;
} action_facts_t;

void game_start(game_t *game);

colour_t game_side(const game_t *game);

/* Legal actions of the side to move; 0 when it cannot act. */
int game_actions(const game_t *game, action_t actions[MAX_ACTIONS]);

void game_play(game_t *game, action_t action);

/* The first `count` actions of `source`, replayed from the start. */
void game_prefix(const game_t *source, int count, game_t *prefix);

/* Plays one action chosen by `policy`; false when the side cannot act. */
bool game_step(game_t *game, policy_t policy, rng_t *rng);

/* Plays until `length` actions in all or until the side to move cannot
 * act; true when the game ended (the side to move cannot act). */
bool game_play_out(game_t *game, policy_t black, policy_t white, int length,
                   rng_t *rng);

policy_t random_policy(rng_t *rng);

const char *policy_name(policy_t policy);

/* A capture is the one action whose cells are two rows apart. */
bool action_is_capture(action_t action);

action_facts_t action_facts(const board_t *board, action_t action);

/* facts[i]: the facts of action number i + 1 of `game`. */
void game_all_facts(const game_t *game, action_facts_t facts[]);

/* The cells set in `mask`: pieces and towers left, for the reasons. */
int count_cells(uint64_t mask);

int towers_of(const board_t *board, colour_t side);

/* Black's opening move number `index` (0 .. 6, in generation order);
 * false past the last. */
bool opening_action(int index, action_t *action);

/* "G6", "G6-F5", and "g6-f5" for case names. */
void cell_name(int cell, char name[3]);
void action_text(action_t action, char text[6]);
void action_slug(action_t action, char slug[6]);

/* Stops the generator: half a case is no case. */
void fail_out_of_memory(void);

const char *colour_name(colour_t colour);  /* "black", "white" */

#endif
