/* gen_kinds.h -- the kinds of candidates, one function each: `count`
 * candidates (fewer when a try finds no fitting position). */
#ifndef GEN_KINDS_H
#define GEN_KINDS_H

#include "../../draughts/draughts.h"
#include "gen_emit.h"
#include "../gen-common/gen_random.h"

/* gen_positions.c: one position per file, from play or construction. */
void kind_opening(emitter_t *emitter, int count);
void kind_midgame(emitter_t *emitter, int count);
void kind_lategame(emitter_t *emitter, int count);
void kind_kings(emitter_t *emitter, int count);
void kind_sparse(emitter_t *emitter, int count);

/* gen_constructed.c: positions built for one feature. */
void kind_jumps(emitter_t *emitter, int count);
void kind_king_jump(emitter_t *emitter, int count);
void kind_crowning(emitter_t *emitter, int count);
void kind_no_move(emitter_t *emitter, int count);
/* A small position with a short trace, for files of many cases. */
void small_board(rng_t *rng, board_t *board);

/* gen_forms.c: small positions written in every accepted form. */
void kind_forms(emitter_t *emitter, int count);
/* gen_several.c: files of three cases or more. */
void kind_several(emitter_t *emitter, int count);

/* gen_malformed.c, with the defects of gen_defects.c: one per file. */
void kind_malformed(emitter_t *emitter, int count);

#endif
