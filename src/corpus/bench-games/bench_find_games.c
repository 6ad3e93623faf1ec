/* bench_find_games.c -- finds the P games with the largest search trees,
 * for the benchmark set (scripts/bench-find-games builds and runs it).
 *
 *   bench-find-games SEED GAMES KEEP [MAX_ACTIONS]
 *
 * Plays GAMES random legal games of at most MAX_ACTIONS (default and at
 * most 160) actions from SEED with the engine's own rules
 * (rules_legal_actions, rules_apply) and the engine's own search for the
 * ten P actions, so it cannot disagree with the engine about what is legal
 * or what P plays. The games mostly move rather than capture, so material
 * stays on the board while pieces reach the far row and become towers:
 * the tower-heavy middle games whose trees are the largest.
 *
 * Every position of every game is scored by the size of the depth-3 tree
 * at that position; the KEEP best positions of each game are then scored
 * by what a P there costs: the nodes of all ten trees P builds. Prints one
 * line per game, its best position:
 *
 *   GAME P_NODES FIRST_TREE ACTIONS BLACK_TOWERS WHITE_TOWERS PIECES G6-H5 ...
 *
 * GAME numbers the games of a seed from 1.
 *
 * The same SEED prints the same lines on every machine. */
#include <stdio.h>
#include <stdlib.h>

#include "../../checkers/board.h"
#include "../../checkers/checkers.h"
#include "../../checkers/rules.h"
#include "../../checkers/search.h"

enum {
    MAX_GAME_ACTIONS = 160,
    SEARCH_DEPTH = 3,
    PLAY_ACTIONS = 10,
    CAPTURE_PERCENT = 15  /* how often a capture is taken when one exists */
};

typedef struct {
    action_t actions[MAX_GAME_ACTIONS];
    long tree_at[MAX_GAME_ACTIONS + 1];  /* tree size after i actions */
    int length;
} game_t;

/* splitmix64: small, fast and the same everywhere. */
static unsigned long long next_random(unsigned long long *state)
{
    unsigned long long z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Nodes of the tree the engine builds: the root and one node per board
 * reachable in `levels` actions. */
static long tree_size(const board_t *board, colour_t side, int levels)
{
    if (levels == 0) {
        return 1;
    }
    action_t actions[MAX_ACTIONS];
    int count = rules_legal_actions(board, side, actions);
    long nodes = 1;
    for (int i = 0; i < count; i++) {
        board_t child = *board;
        rules_apply(&child, actions[i]);
        nodes += tree_size(&child, opponent_of(side), levels - 1);
    }
    return nodes;
}

static int is_capture(action_t action)
{
    int distance = action.target - action.source;
    return distance > 9 || distance < -9;
}

/* A random legal action, a move more often than a capture; 0 when the
 * side to move cannot act. */
static int random_action(const board_t *board, colour_t side,
                         unsigned long long *state, action_t *chosen)
{
    action_t actions[MAX_ACTIONS], moves[MAX_ACTIONS];
    int count = rules_legal_actions(board, side, actions);
    int move_count = 0;
    for (int i = 0; i < count; i++) {
        if (!is_capture(actions[i])) {
            moves[move_count++] = actions[i];
        }
    }
    if (count == 0) {
        return 0;
    }
    int take_capture = (int)(next_random(state) % 100) < CAPTURE_PERCENT;
    if (move_count > 0 && !take_capture) {
        *chosen = moves[next_random(state) % (unsigned)move_count];
    } else {
        *chosen = actions[next_random(state) % (unsigned)count];
    }
    return 1;
}

static void play_random_game(unsigned long long *state, int max_length,
                             game_t *game)
{
    board_t board = board_initial();
    game->length = 0;
    game->tree_at[0] = tree_size(&board, BLACK, SEARCH_DEPTH);
    while (game->length < max_length) {
        colour_t side = game->length % 2 == 0 ? BLACK : WHITE;
        action_t action;
        if (!random_action(&board, side, state, &action)) {
            break;
        }
        rules_apply(&board, action);
        game->actions[game->length++] = action;
        game->tree_at[game->length] =
            tree_size(&board, opponent_of(side), SEARCH_DEPTH);
    }
}

static board_t board_after(const game_t *game, int length)
{
    board_t board = board_initial();
    for (int i = 0; i < length; i++) {
        rules_apply(&board, game->actions[i]);
    }
    return board;
}

/* The nodes of every tree a P after `length` actions builds; 0 when P
 * would end in a win before its tenth action (not a full benchmark). */
static long play_nodes(const game_t *game, int length)
{
    board_t board = board_after(game, length);
    colour_t side = length % 2 == 0 ? BLACK : WHITE;
    long nodes = 0;
    for (int step = 0; step < PLAY_ACTIONS; step++) {
        action_t best;
        if (search_next_action(&board, side, SEARCH_DEPTH, &best) !=
            SEARCH_FOUND) {
            return 0;
        }
        nodes += tree_size(&board, side, SEARCH_DEPTH);
        rules_apply(&board, best);
        side = opponent_of(side);
    }
    return nodes;
}

/* The position among the game's `keep` largest first trees whose P
 * builds the most nodes. */
static int best_position(const game_t *game, int keep, long *nodes)
{
    int best = -1;
    *nodes = 0;
    long ceiling = -1;  /* candidates in decreasing tree size */
    for (int kept = 0; kept < keep; kept++) {
        int candidate = -1;
        for (int i = 0; i <= game->length; i++) {
            long tree = game->tree_at[i];
            if ((ceiling < 0 || tree < ceiling) &&
                (candidate < 0 || tree > game->tree_at[candidate])) {
                candidate = i;
            }
        }
        if (candidate < 0) {
            break;
        }
        ceiling = game->tree_at[candidate];
        long here = play_nodes(game, candidate);
        if (here > *nodes) {
            *nodes = here;
            best = candidate;
        }
    }
    return best;
}

static int count_bits(uint64_t mask)
{
    int count = 0;
    for (; mask != 0; mask &= mask - 1) {
        count++;
    }
    return count;
}

static void print_game(long number, const game_t *game, int length,
                       long nodes)
{
    board_t board = board_after(game, length);
    printf("%ld %ld %ld %d %d %d %d", number, nodes, game->tree_at[length], length,
           count_bits(board.occupied_by[BLACK] & board.towers),
           count_bits(board.occupied_by[WHITE] & board.towers),
           count_bits(board.occupied_by[BLACK] | board.occupied_by[WHITE]));
    for (int i = 0; i < length; i++) {
        action_t action = game->actions[i];
        printf(" %c%d-%c%d", 'A' + cell_col(action.source),
               cell_row(action.source) + 1, 'A' + cell_col(action.target),
               cell_row(action.target) + 1);
    }
    putchar('\n');
}

int main(int argc, char **argv)
{
    if (argc != 4 && argc != 5) {
        fputs("usage: bench-find-games SEED GAMES KEEP [MAX_ACTIONS]\n", stderr);
        return 2;
    }
    unsigned long long state = strtoull(argv[1], NULL, 10);
    long games = strtol(argv[2], NULL, 10);
    int keep = atoi(argv[3]);
    int max_length = argc == 5 ? atoi(argv[4]) : MAX_GAME_ACTIONS;
    if (max_length < 0 || max_length > MAX_GAME_ACTIONS) {
        max_length = MAX_GAME_ACTIONS;
    }
    static game_t game;
    for (long g = 0; g < games; g++) {
        play_random_game(&state, max_length, &game);
        long nodes;
        int length = best_position(&game, keep, &nodes);
        if (length >= 0) {
            print_game(g + 1, &game, length, nodes);
        }
    }
    return fflush(stdout) == 0 ? 0 : 1;
}
