/* gen_offer.h -- the one way a single-position candidate is written: new
 * board, short enough trace, the wanted features, a reason. */
#ifndef GEN_OFFER_H
#define GEN_OFFER_H

#include <stdbool.h>

#include "../../draughts/draughts.h"
#include "gen_emit.h"

typedef struct {
    const char *kind;
    long index;
    const char *categories;
    unsigned need;   /* at least one of these features, or 0 */
    long max_lines;  /* longer traces make the corpus heavy */
} offer_t;

/* Writes `board` as "case N" (N from 1 to 999, from the index) when it
 * qualifies; `reason` is the first part of the reason line. */
bool offer_board(emitter_t *emitter, const offer_t *offer,
                 const board_t *board, const char *reason);

#endif
