/* search.c -- alpha-beta over plies A1..B4, printing the trace as it goes.
 *
 * node_value is NOTES.md's value(P, ply, alpha, beta) line for line. Each
 * position's move list is generated once, by the parent, because the
 * parent needs it first: an empty list makes the position terminal, and
 * that decides how the parent prints the move leading there. After B4 no
 * list is kept, only whether Alice could move. */
#include "search.h"

#include <stddef.h>

#include "moves.h"
#include "order.h"
#include "trace.h"

/* Alice's men + 2 x her kings - Bill's men - 2 x his kings. */
static int heuristic(const board_t *board)
{
    static const int WORTH[] = {
        [EMPTY] = 0,
        [ALICE_MAN] = MAN_WORTH,
        [ALICE_KING] = KING_WORTH,
        [BILL_MAN] = -MAN_WORTH,
        [BILL_KING] = -KING_WORTH,
    };
    int sum = 0;
    for (int square = 0; square < SQUARE_COUNT; square++) {
        sum += WORTH[board->square[square]];
    }
    return sum;
}

/* A side that cannot move has lost: the worth of its position. */
static int worth_when_stuck(side_t to_move)
{
    return to_move == ALICE ? MINUS_INFINITY : PLUS_INFINITY;
}

typedef struct {
    int value;
    int best_index;  /* the first move of that value */
} node_result_t;

static bool node_value(output_t *output, const board_t *board,
                       const move_list_t *moves, int ply, int alpha,
                       int beta, search_root_t *root, node_result_t *result);

/* The value of `move`, played at `ply` from `board`, with its move line
 * printed: with its worth when the position reached is terminal or comes
 * after B4, else before the search below it. False when memory ran out. */
static bool move_value(output_t *output, const board_t *board, move_t move,
                       int ply, int alpha, int beta, int *value)
{
    board_t next = *board;
    moves_apply(&next, move);
    side_t to_move = side_at_ply(ply + 1);
    if (ply == LAST_PLY) {
        *value = moves_list(&next, to_move, NULL) > 0
                     ? heuristic(&next)
                     : worth_when_stuck(to_move);
        trace_move(output, ply, move, true, *value);
        return true;
    }
    move_list_t replies;
    if (!moves_generate(&next, to_move, &replies)) {
        return false;
    }
    order_arrange_below(ply, move, &replies);
    bool enough_memory = true;
    if (replies.count == 0) {
        *value = worth_when_stuck(to_move);
        trace_move(output, ply, move, true, *value);
    } else {
        trace_move(output, ply, move, false, 0);
        node_result_t below;
        enough_memory = node_value(output, &next, &replies, ply + 1, alpha,
                                   beta, NULL, &below);
        *value = enough_memory ? below.value : 0;
    }
    moves_release(&replies);
    return enough_memory;
}

/* Move `index` of the root, searched with `alpha`, returned `value`; see
 * root_move_t for when that is a bound. */
static void record_root_move(search_root_t *root, int index, int value,
                             int alpha)
{
    root->moves[index].value = value;
    root->moves[index].bound = value > MINUS_INFINITY && value <= alpha;
    root->searched = index + 1;
}

/* `moves` is not empty: a position without moves is terminal and never
 * searched. Alice maximises, Bill minimises. `root` is NULL below A1; at
 * A1 the loop records each move's value in it. */
static bool node_value(output_t *output, const board_t *board,
                       const move_list_t *moves, int ply, int alpha,
                       int beta, search_root_t *root, node_result_t *result)
{
    bool alice = side_at_ply(ply) == ALICE;
    int best = alice ? MINUS_INFINITY : PLUS_INFINITY;
    int best_index = 0;
    for (int i = 0; i < moves->count; i++) {
        int value;
        if (!move_value(output, board, moves->moves[i], ply, alpha, beta,
                        &value)) {
            return false;
        }
        if (root != NULL) {
            record_root_move(root, i, value, alpha);
        }
        /* Only a strictly better value moves the choice off a tie. */
        if (alice ? value > best : value < best) {
            best = value;
            best_index = i;
        }
        if (alice && best > alpha) {
            alpha = best;
        } else if (!alice && best < beta) {
            beta = best;
        }
        if (alpha >= beta && i + 1 < moves->count) {
            trace_pruning(output, ply, moves->moves + i + 1,
                          moves->count - (i + 1), alpha, beta);
            break;
        }
    }
    *result = (node_result_t){best, best_index};
    return true;
}

search_outcome_t search_first_move(const board_t *board, output_t *output,
                                   search_root_t *root)
{
    move_list_t moves;
    *root = (search_root_t){.count = 0};
    if (!moves_generate(board, ALICE, &moves)) {
        return SEARCH_OUT_OF_MEMORY;
    }
    order_start_case(&moves);
    if (moves.count == 0) {
        order_end_case();
        return SEARCH_NO_MOVE;
    }
    root->count = moves.count;
    for (int i = 0; i < moves.count; i++) {
        root->moves[i].move = moves.moves[i];
    }
    node_result_t result;
    search_outcome_t outcome = SEARCH_OUT_OF_MEMORY;
    if (node_value(output, board, &moves, 1, MINUS_INFINITY, PLUS_INFINITY,
                   root, &result)) {
        root->chosen = result.best_index;
        outcome = SEARCH_FOUND;
    }
    order_end_case();
    moves_release(&moves);
    return outcome;
}
