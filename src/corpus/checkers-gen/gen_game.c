/* gen_game.c -- legal games played by simple machine players. */
#include "gen_game.h"

#include <stdio.h>
#include <stdlib.h>

#include "../../checkers/board.h"
#include "../../checkers/rules.h"
#include "../../checkers/search.h"

void game_start(game_t *game)
{
    game->board = board_initial();
    game->played = 0;
}

colour_t game_side(const game_t *game)
{
    return game->played % 2 == 0 ? BLACK : WHITE;
}

int game_actions(const game_t *game, action_t actions[MAX_ACTIONS])
{
    return rules_legal_actions(&game->board, game_side(game), actions);
}

void game_play(game_t *game, action_t action)
{
    if (game->played == GAME_CAPACITY) {
        fprintf(stderr, "corpus-gen: a game outgrew %d actions\n",
                GAME_CAPACITY);
        exit(EXIT_FAILURE);
    }
    rules_apply(&game->board, action);
    game->history[game->played++] = action;
}

void game_prefix(const game_t *source, int count, game_t *prefix)
{
    game_start(prefix);
    for (int i = 0; i < count; i++) {
        game_play(prefix, source->history[i]);
    }
}

bool action_is_capture(action_t action)
{
    int distance = abs(cell_row(action.target) - cell_row(action.source));
    return distance == 2;
}

static int pick_capture(const action_t actions[], int count, rng_t *rng)
{
    int captures[MAX_ACTIONS];
    int found = 0;
    for (int i = 0; i < count; i++) {
        if (action_is_capture(actions[i])) {
            captures[found++] = i;
        }
    }
    return found > 0 ? captures[rng_below(rng, found)] : rng_below(rng, count);
}

/* The action after which the opponent has the fewest actions; ties are
 * broken at random so that squeezing games still differ. */
static int pick_squeeze(const game_t *game, const action_t actions[],
                        int count, rng_t *rng)
{
    int best = -1, best_reply_count = MAX_ACTIONS + 1, ties = 0;
    for (int i = 0; i < count; i++) {
        board_t after = game->board;
        rules_apply(&after, actions[i]);
        action_t replies[MAX_ACTIONS];
        int reply_count =
            rules_legal_actions(&after, opponent_of(game_side(game)), replies);
        if (reply_count < best_reply_count) {
            best = i, best_reply_count = reply_count, ties = 1;
        } else if (reply_count == best_reply_count &&
                   rng_below(rng, ++ties) == 0) {
            best = i;
        }
    }
    return best;
}

bool game_step(game_t *game, policy_t policy, rng_t *rng)
{
    action_t actions[MAX_ACTIONS];
    int count = game_actions(game, actions);
    if (count == 0) {
        return false;
    }
    action_t chosen = actions[0];
    switch (policy) {
    case POLICY_GREEDY:
        chosen = actions[pick_capture(actions, count, rng)];
        break;
    case POLICY_SQUEEZE:
        chosen = actions[pick_squeeze(game, actions, count, rng)];
        break;
    case POLICY_MINIMAX:
        if (search_next_action(&game->board, game_side(game),
                               DEFAULT_SEARCH_DEPTH, &chosen) != SEARCH_FOUND) {
            fprintf(stderr, "corpus-gen: the search failed\n");
            exit(EXIT_FAILURE);
        }
        break;
    default:
        chosen = actions[rng_below(rng, count)];
        break;
    }
    game_play(game, chosen);
    return true;
}

bool game_play_out(game_t *game, policy_t black, policy_t white, int length,
                   rng_t *rng)
{
    while (game->played < length) {
        policy_t policy = game_side(game) == BLACK ? black : white;
        if (!game_step(game, policy, rng)) {
            return true;
        }
    }
    action_t actions[MAX_ACTIONS];
    return game_actions(game, actions) == 0;
}

policy_t random_policy(rng_t *rng)
{
    /* The engine's own player is slow in the middle game: used sparingly. */
    static const policy_t MIX[] = {POLICY_RANDOM, POLICY_RANDOM, POLICY_GREEDY,
                                   POLICY_GREEDY, POLICY_SQUEEZE,
                                   POLICY_MINIMAX};
    return MIX[rng_below(rng, (int)(sizeof MIX / sizeof MIX[0]))];
}

const char *policy_name(policy_t policy)
{
    static const char *const NAME[POLICY_COUNT] = {
        "random", "capture-greedy", "squeezing", "minimax"};
    return NAME[policy];
}

action_facts_t action_facts(const board_t *board, action_t action)
{
    uint64_t source = cell_bit(action.source);
    action_facts_t facts;
    facts.side = (board->occupied_by[BLACK] & source) ? BLACK : WHITE;
    facts.by_tower = (board->towers & source) != 0;
    int rows = cell_row(action.target) - cell_row(action.source);
    facts.backward = facts.side == BLACK ? rows > 0 : rows < 0;
    facts.capture = action_is_capture(action);
    int middle = (action.source + action.target) / 2;
    facts.captures_tower =
        facts.capture && (board->towers & cell_bit(middle)) != 0;
    int far_row = facts.side == BLACK ? 0 : BOARD_SIZE - 1;
    facts.promotes = !facts.by_tower && cell_row(action.target) == far_row;
    return facts;
}

void game_all_facts(const game_t *game, action_facts_t facts[])
{
    game_t replay;
    game_start(&replay);
    for (int i = 0; i < game->played; i++) {
        facts[i] = action_facts(&replay.board, game->history[i]);
        game_play(&replay, game->history[i]);
    }
}

int count_cells(uint64_t mask)
{
    int count = 0;
    for (; mask != 0; mask &= mask - 1) {
        count++;
    }
    return count;
}

int towers_of(const board_t *board, colour_t side)
{
    return count_cells(board->occupied_by[side] & board->towers);
}

void cell_name(int cell, char name[3])
{
    name[0] = (char)('A' + cell_col(cell));
    name[1] = (char)('1' + cell_row(cell));
    name[2] = '\0';
}

void action_text(action_t action, char text[6])
{
    cell_name(action.source, text);
    text[2] = '-';
    cell_name(action.target, text + 3);
}

void action_slug(action_t action, char slug[6])
{
    action_text(action, slug);
    slug[0] = (char)(slug[0] - 'A' + 'a');
    slug[3] = (char)(slug[3] - 'A' + 'a');
}

bool opening_action(int index, action_t *action)
{
    game_t game;
    game_start(&game);
    action_t actions[MAX_ACTIONS];
    if (index >= game_actions(&game, actions)) {
        return false;
    }
    *action = actions[index];
    return true;
}

void fail_out_of_memory(void)
{
    fputs("corpus-gen: out of memory\n", stderr);
    exit(EXIT_FAILURE);
}

const char *colour_name(colour_t colour)
{
    return colour == BLACK ? "black" : "white";
}
