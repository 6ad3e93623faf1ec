/* gen_features.h -- what a position's depth-4 traversal will show.
 *
 * Some sub-kinds the corpus must hold cannot be read off the engine's trace
 * alone (was the man that reached row 0 a man? does the side left without
 * a move still have pieces? do two A1 moves share the best value when the
 * trace prints only bounds?). The generator walks the same traversal as
 * NOTES.md's pseudocode with the engine's own move generator and notes
 * them; the corpus script still classifies by the trace wherever the trace
 * can tell, and the oracle cross-check stands behind every recorded byte. */
#ifndef GEN_FEATURES_H
#define GEN_FEATURES_H

#include "../../draughts/draughts.h"

enum {
    FEATURE_CROWN_A1 = 1 << 0,     /* a man crowned by an A1 move */
    FEATURE_CROWN_A3 = 1 << 1,     /* a man crowned by an A3 move */
    FEATURE_CROWN_JUMP = 1 << 2,   /* a man crowned by a jump, A1 or A3 */
    FEATURE_CROWN_BACK = 1 << 3,   /* crowned at A1, steps back at A3 */
    FEATURE_NO_PIECE = 1 << 4,     /* a terminal position: no piece left */
    FEATURE_BLOCKED = 1 << 5,      /* a terminal position: pieces, no move */
    FEATURE_ROOT_NO_PIECE = 1 << 6, /* Alice has no piece at all */
    FEATURE_ROOT_BLOCKED = 1 << 7, /* Alice has pieces but no move */
    FEATURE_KING_ONLY_JUMP = 1 << 8, /* root jumps are all kings', Alice
                                      * has men too */
    FEATURE_TIE = 1 << 9,          /* two or more A1 moves share the best
                                    * minimax value */
    FEATURE_ROOT_JUMP = 1 << 10    /* Alice's root moves are jumps */
};

typedef struct {
    unsigned flags;
    long lines;  /* lines of the case's output, header and answer included */
} features_t;

void features_of(const board_t *board, features_t *features);
/* The hint words of `flags`, comma-separated, or "-" when none. */
void features_hints(unsigned flags, char *out, int size);

#endif
