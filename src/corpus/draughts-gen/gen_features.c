/* gen_features.c -- the pseudocode of NOTES.md, walked to note features.
 *
 * It mirrors the engine's traversal move for move (same order, same
 * pruning), so a feature noted here is one the recorded trace shows. */
#include "gen_features.h"

#include <stdio.h>
#include <string.h>

#include "../../draughts/moves.h"
#include "gen_board.h"

typedef struct {
    features_t *features;
    int crowned_at_a1;  /* square a man was crowned on at A1, or -1 */
} walk_t;

static int heuristic(const board_t *board)
{
    return board_count_piece(board, ALICE_MAN) -
           board_count_piece(board, BILL_MAN) +
           KING_WORTH * (board_count_piece(board, ALICE_KING) -
                         board_count_piece(board, BILL_KING));
}

/* Notes what move `move` of ply `ply` does before it is played. */
static void note_move(walk_t *walk, const board_t *board, int ply,
                      move_t move)
{
    unsigned *flags = &walk->features->flags;
    bool man = board->square[move.from] == ALICE_MAN;
    int rows = square_row(move.to) - square_row(move.from);
    if (man && square_row(move.to) == 0) {
        *flags |= ply == 1 ? FEATURE_CROWN_A1 : FEATURE_CROWN_A3;
        *flags |= (rows == -2) ? FEATURE_CROWN_JUMP : 0;
    }
    if (ply == 3 && move.from == walk->crowned_at_a1 && rows > 0) {
        *flags |= FEATURE_CROWN_BACK;
    }
}

/* The moves of the side to move at `ply`, in the engine's order, and the
 * position after each; returns how many. */
static int children(const board_t *board, int ply, move_t moves[MOVES_MAX],
                    board_t after[MOVES_MAX])
{
    int count = moves_list(board, side_at_ply(ply), moves);
    for (int i = 0; i < count; i++) {
        after[i] = *board;
        moves_apply(&after[i], moves[i]);
    }
    return count;
}

/* Where the search stops after a move of ply `ply`: the side to move next
 * has no move (the game is over), or `ply` is the horizon. */
typedef enum { SEARCH_GOES_ON, GAME_OVER, HORIZON } leaf_t;

/* Whether the search stops at `after`, the position after a move of ply
 * `ply`, and then what it is worth (`*value`). */
static leaf_t leaf_value(const board_t *after, int ply, int *value)
{
    side_t next = side_at_ply(ply + 1);
    if (moves_list(after, next, NULL) == 0) {
        *value = next == ALICE ? MINUS_INFINITY : PLUS_INFINITY;
        return GAME_OVER;
    }
    if (ply == LAST_PLY) {
        *value = heuristic(after);
        return HORIZON;
    }
    return SEARCH_GOES_ON;
}

static int better(bool alice, int value, int best)
{
    return alice ? (value > best ? value : best)
                 : (value < best ? value : best);
}

static int walk_value(walk_t *walk, const board_t *board, int ply, int alpha,
                      int beta)
{
    bool alice = side_at_ply(ply) == ALICE;
    move_t moves[MOVES_MAX];
    board_t after[MOVES_MAX];
    int count = children(board, ply, moves, after);
    int best = alice ? MINUS_INFINITY : PLUS_INFINITY;
    for (int i = 0; i < count; i++) {
        note_move(walk, board, ply, moves[i]);
        bool crowned = ply == 1 && board->square[moves[i].from] == ALICE_MAN &&
                       square_row(moves[i].to) == 0;
        walk->features->lines++;
        int value;
        leaf_t leaf = leaf_value(&after[i], ply, &value);
        if (leaf == GAME_OVER) {
            walk->features->flags |=
                board_count(&after[i], side_at_ply(ply + 1)) == 0
                    ? FEATURE_NO_PIECE
                    : FEATURE_BLOCKED;
        } else if (leaf == SEARCH_GOES_ON) {
            int saved = walk->crowned_at_a1;
            walk->crowned_at_a1 = ply == 1 ? (crowned ? moves[i].to : -1)
                                           : saved;
            value = walk_value(walk, &after[i], ply + 1, alpha, beta);
            walk->crowned_at_a1 = saved;
        }
        best = better(alice, value, best);
        alpha = alice && best > alpha ? best : alpha;
        beta = !alice && best < beta ? best : beta;
        if (alpha >= beta && i < count - 1) {
            walk->features->lines++;  /* the pruning line */
            break;
        }
    }
    return best;
}

/* Plain minimax, no pruning: the exact value of `board`, the position
 * right after a move of ply `ply`. */
static int exact_value(const board_t *board, int ply)
{
    int value;
    if (leaf_value(board, ply, &value) != SEARCH_GOES_ON) {
        return value;
    }
    bool alice = side_at_ply(ply + 1) == ALICE;
    move_t moves[MOVES_MAX];
    board_t after[MOVES_MAX];
    int count = children(board, ply + 1, moves, after);
    int best = alice ? MINUS_INFINITY : PLUS_INFINITY;
    for (int i = 0; i < count; i++) {
        best = better(alice, exact_value(&after[i], ply + 1), best);
    }
    return best;
}

/* Root facts: ties among A1 moves, and who can jump. */
static void note_root(const board_t *board, features_t *features)
{
    move_t moves[MOVES_MAX];
    board_t after[MOVES_MAX];
    int count = children(board, 1, moves, after);
    int best = MINUS_INFINITY, sharing = 0;
    bool kings_only = true;
    for (int i = 0; i < count; i++) {
        int value = exact_value(&after[i], 1);
        sharing = value > best ? 1 : sharing + (value == best);
        best = value > best ? value : best;
        kings_only = kings_only && board->square[moves[i].from] == ALICE_KING;
    }
    int rows = count > 0 ? square_row(moves[0].to) - square_row(moves[0].from)
                         : 0;
    bool jumps = rows == 2 || rows == -2;
    features->flags |= sharing >= 2 ? FEATURE_TIE : 0;
    features->flags |= jumps ? FEATURE_ROOT_JUMP : 0;
    if (jumps && kings_only && board_count_piece(board, ALICE_MAN) > 0) {
        features->flags |= FEATURE_KING_ONLY_JUMP;
    }
    if (count == 0) {
        features->flags |= board_count(board, ALICE) == 0
                               ? FEATURE_ROOT_NO_PIECE
                               : FEATURE_ROOT_BLOCKED;
    }
}

void features_of(const board_t *board, features_t *features)
{
    *features = (features_t){0, 2};  /* "case N" and "first move:" */
    walk_t walk = {features, -1};
    walk_value(&walk, board, 1, MINUS_INFINITY, PLUS_INFINITY);
    note_root(board, features);
}

void features_hints(unsigned flags, char *out, int size)
{
    static const char *const WORD[] = {
        "crown-a1", "crown-a3", "crown-jump", "crown-back",
        "nopiece", "blocked", "root-nopiece", "root-blocked",
        "king-only-jump", "tie", "root-jump"};
    int used = 0;
    out[0] = '\0';
    for (int bit = 0; bit < (int)(sizeof WORD / sizeof *WORD); bit++) {
        if ((flags & (1u << bit)) != 0 && used < size) {
            used += snprintf(out + used, (size_t)(size - used), "%s%s",
                             used > 0 ? "," : "", WORD[bit]);
        }
    }
    if (used == 0) {
        snprintf(out, (size_t)size, "-");
    }
}
