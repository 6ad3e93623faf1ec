/* gen_endings.c -- finished games for the wins category, and how their
 * end is told in a case's reason. */
#include "gen_endings.h"

#include <stdio.h>

const char *const METHOD_SLUG[] = {"by-capture", "by-block"};

enum { FINISHING_LENGTH = 300 };

bool finishing_game(game_t *game, rng_t *rng, char players[64])
{
    static const policy_t PLAYERS[] = {POLICY_MINIMAX, POLICY_GREEDY,
                                       POLICY_SQUEEZE, POLICY_RANDOM};
    policy_t black = PLAYERS[rng_below(rng, 4)];
    policy_t white = PLAYERS[rng_below(rng, 4)];
    snprintf(players, 64, "%s black, %s white", policy_name(black),
             policy_name(white));
    game_start(game);
    return game_play_out(game, black, white, FINISHING_LENGTH, rng);
}

method_t ending_method(const game_t *game)
{
    return game->board.occupied_by[game_side(game)] != 0 ? BY_BLOCK
                                                          : BY_CAPTURE;
}

bool finished_game_won(game_t *game, rng_t *rng, char players[64],
                       colour_t winner, method_t method)
{
    return finishing_game(game, rng, players) &&
           opponent_of(game_side(game)) == winner &&
           ending_method(game) == method;
}

void ending_text(const game_t *game, char *text, size_t size)
{
    colour_t loser = game_side(game);
    char action[6];
    action_text(game->history[game->played - 1], action);
    if (ending_method(game) == BY_CAPTURE) {
        snprintf(text, size, "action #%d (%s) captures %s's last piece",
                 game->played, action, colour_name(loser));
        return;
    }
    int left = count_cells(game->board.occupied_by[loser]);
    snprintf(text, size, "action #%d (%s) leaves %s, with %d piece%s or "
             "tower%s, no legal action", game->played, action,
             colour_name(loser), left, left == 1 ? "" : "s",
             left == 1 ? "" : "s");
}
