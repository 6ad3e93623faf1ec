/* rules.c -- what the handout's rules say of a position. */
#include "rules.h"

#include "moves.h"

int rules_legal_moves(const board_t *board, side_t side,
                      move_t moves[JUDGE_MAX_MOVES])
{
    return moves_list(board, side, moves);
}

after_move_t rules_after_move(const board_t *reached, int ply)
{
    side_t next = side_at_ply(ply + 1);
    if (moves_list(reached, next, NULL) == 0) {
        return (after_move_t){
            true, true, next == ALICE ? MINUS_INFINITY : PLUS_INFINITY};
    }
    if (ply >= LAST_PLY) {
        return (after_move_t){true, false, rules_heuristic(reached)};
    }
    return (after_move_t){false, false, 0};
}

piece_count_t rules_count_pieces(const board_t *board)
{
    piece_count_t count = {0, 0, 0, 0};
    for (int square = 0; square < SQUARE_COUNT; square++) {
        switch ((piece_t)board->square[square]) {
        case ALICE_MAN: count.alice_men++; break;
        case ALICE_KING: count.alice_kings++; break;
        case BILL_MAN: count.bill_men++; break;
        case BILL_KING: count.bill_kings++; break;
        case EMPTY: break;
        }
    }
    return count;
}

int rules_heuristic(const board_t *board)
{
    piece_count_t count = rules_count_pieces(board);
    return MAN_WORTH * count.alice_men + KING_WORTH * count.alice_kings -
           MAN_WORTH * count.bill_men - KING_WORTH * count.bill_kings;
}

int rules_largest_heuristic(const board_t *root)
{
    /* Pieces are never added, so the root's counts bound every position. */
    piece_count_t count = rules_count_pieces(root);
    int alice = count.alice_men + count.alice_kings;
    int bill = count.bill_men + count.bill_kings;
    int larger_side = alice > bill ? alice : bill;
    int largest = KING_WORTH * larger_side;
    return largest > HANDOUT_LARGEST_HEURISTIC ? largest
                                               : HANDOUT_LARGEST_HEURISTIC;
}

int rules_printed_worth(printed_number_t number, int largest_heuristic)
{
    switch (number.kind) {
    case NUMBER_PLUS_INFINITY:
        return PLUS_INFINITY;
    case NUMBER_MINUS_INFINITY:
        return MINUS_INFINITY;
    case NUMBER_INTEGER:
        break;
    }
    if (number.integer > largest_heuristic) {
        return PLUS_INFINITY;
    }
    if (number.integer < -largest_heuristic) {
        return MINUS_INFINITY;
    }
    return (int)number.integer;
}

int rules_find_move(const move_t *moves, int count, printed_move_t printed)
{
    long squares[] = {printed.from_row, printed.from_col, printed.to_row,
                      printed.to_col};
    for (int at = 0; at < 4; at++) {
        if (squares[at] < 0 || squares[at] >= BOARD_SIZE) {
            return -1;
        }
    }
    int from = square_at((int)printed.from_row, (int)printed.from_col);
    int to = square_at((int)printed.to_row, (int)printed.to_col);
    for (int index = 0; index < count; index++) {
        if (moves[index].from == from && moves[index].to == to) {
            return index;
        }
    }
    return -1;
}
