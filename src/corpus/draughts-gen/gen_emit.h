/* gen_emit.h -- writing candidates: NAME.in in the output folder and one
 * line of the manifest (OUTDIR/manifest.tsv):
 *
 *     NAME <tab> CATEGORIES <tab> HINTS <tab> REASON
 *
 * CATEGORIES is the comma-separated list of categories the candidate may
 * fill, in order of preference; HINTS the comma-separated features the
 * generator knows (gen_features.h, or a construction's sub-kind), "-" for
 * none. NAME is KIND-INDEX-sSEED. The script decides what to keep. */
#ifndef GEN_EMIT_H
#define GEN_EMIT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../../draughts/draughts.h"
#include "../gen-common/gen_text.h"

typedef struct {
    const char *folder;
    uint64_t seed;
    FILE *manifest;
    board_t *seen;  /* boards of single-case candidates already written */
    int seen_count;
    int seen_capacity;
} emitter_t;

bool emitter_open(emitter_t *emitter, const char *folder, uint64_t seed);
void emitter_close(emitter_t *emitter);
/* True the first time a board is offered: single-position kinds skip a
 * board they already wrote, so the corpus holds no repeated position. */
bool emitter_fresh(emitter_t *emitter, const board_t *board);
void emit(emitter_t *emitter, const char *kind, long index,
          const char *categories, const char *hints, const char *reason,
          const text_t *input);

#endif
