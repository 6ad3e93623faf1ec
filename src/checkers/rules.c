/* rules.c -- which actions are legal, and what an action does.
 *
 * Actions are found for all pieces at once with shifts of the board masks
 * (see checkers.h): a cell index plus OFFSET[d] is its neighbour in
 * direction d. Only then are the pieces walked, in row-major order, to list
 * their actions in the order the specification prescribes. */
#include "rules.h"

#include <stdbool.h>

/* North-east, south-east, south-west, north-west: the specification's
 * order. North is towards row 1, i.e. towards bit 0. */
static const int OFFSET[] = {-7, +9, +7, -9};
enum { DIRECTION_COUNT = sizeof OFFSET / sizeof *OFFSET };

#define COLUMN_A UINT64_C(0x0101010101010101)
#define COLUMN_H (COLUMN_A << 7)
#define ROW_1 UINT64_C(0xff)
#define ROW_8 (ROW_1 << 56)

/* Cells from which a step in each direction stays on the board. Only the
 * side edges need a mask: there a shift would wrap into the next row. A
 * step north of row 1 or south of row 8 shifts the cell past bit 0 or bit
 * 63, which drops it by itself. */
static const uint64_t CAN_STEP[DIRECTION_COUNT] = {
    ~COLUMN_H, ~COLUMN_H, ~COLUMN_A, ~COLUMN_A};

/* Whether a piece (not a tower) of each colour may use each direction:
 * black pieces go north, white pieces south. */
static const bool FORWARD[2][DIRECTION_COUNT] = {{true, false, false, true},
                                                 {false, true, true, false}};
static const uint64_t FAR_ROW[2] = {ROW_1, ROW_8};

/* The cells whose neighbour in the direction of `offset` is in `mask`. */
static uint64_t cells_before(uint64_t mask, int offset)
{
    return offset > 0 ? mask >> offset : mask << -offset;
}

static int lowest_cell(uint64_t mask)
{
#if defined(__GNUC__)
    return __builtin_ctzll(mask);
#else
    int cell = 0;
    for (; (mask & 1) == 0; mask >>= 1) {
        cell++;
    }
    return cell;
#endif
}

int rules_legal_actions(const board_t *board, colour_t side,
                        action_t actions[MAX_ACTIONS])
{
    uint64_t own = board->occupied_by[side];
    uint64_t opponents = board->occupied_by[opponent_of(side)];
    uint64_t empty = ~(own | opponents);
    uint64_t steppers[DIRECTION_COUNT], jumpers[DIRECTION_COUNT];
    uint64_t actors = 0;
    for (int d = 0; d < DIRECTION_COUNT; d++) {
        uint64_t movers = (FORWARD[side][d] ? own : own & board->towers) &
                          CAN_STEP[d];
        steppers[d] = movers & cells_before(empty, OFFSET[d]);
        /* A jump needs an opponent that could itself step on. */
        jumpers[d] = movers &
                     cells_before(opponents & CAN_STEP[d], OFFSET[d]) &
                     cells_before(empty, 2 * OFFSET[d]);
        actors |= steppers[d] | jumpers[d];
    }
    int count = 0;
    for (; actors != 0; actors &= actors - 1) {
        int cell = lowest_cell(actors);
        uint64_t bit = cell_bit(cell);
        for (int d = 0; d < DIRECTION_COUNT; d++) {
            int distance = (steppers[d] & bit) ? 1 : (jumpers[d] & bit) ? 2 : 0;
            if (distance != 0) {
                actions[count].source = (uint8_t)cell;
                actions[count].target = (uint8_t)(cell + distance * OFFSET[d]);
                count++;
            }
        }
    }
    return count;
}

int rules_apply(board_t *board, action_t action)
{
    static const int GAIN_SIGN[2] = {+1, -1};  /* cost is black minus white */
    uint64_t source = cell_bit(action.source);
    uint64_t target = cell_bit(action.target);
    colour_t side = (board->occupied_by[BLACK] & source) ? BLACK : WHITE;
    int gain = 0;

    board->occupied_by[side] ^= source | target;
    if (board->towers & source) {
        board->towers ^= source | target;
    } else if (target & FAR_ROW[side]) {
        board->towers |= target;
        gain += TOWER_VALUE - PIECE_VALUE;
    }
    int rows = cell_row(action.target) - cell_row(action.source);
    if (rows == 2 || rows == -2) {  /* a jump, not a step */
        uint64_t captured = cell_bit((action.source + action.target) / 2);
        board->occupied_by[opponent_of(side)] &= ~captured;
        gain += (board->towers & captured) ? TOWER_VALUE : PIECE_VALUE;
        board->towers &= ~captured;
    }
    return GAIN_SIGN[side] * gain;
}
