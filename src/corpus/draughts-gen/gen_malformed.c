/* gen_malformed.c -- malformed inputs: zero to two complete cases, then a
 * case with one defect of NOTES.md's list, so that each defect is seen
 * both first in a file and after output that must stay complete. */
#include <stdio.h>

#include "gen_board.h"
#include "gen_kinds.h"
#include "gen_malformed.h"

void kind_malformed(emitter_t *emitter, int count)
{
    for (long i = 0; i < count; i++) {
        rng_t rng;
        rng_init(&rng, emitter->seed, "malformed", i);
        const defect_t *defect = &DEFECTS[i % DEFECT_COUNT];
        text_t text;
        text_init(&text);
        int before = rng_range(&rng, 0, 2);
        for (int n = 0; n < before; n++) {
            char header[32];
            snprintf(header, sizeof header, "case %d", n + 1);
            board_t board;
            small_board(&rng, &board);
            board_add_case(&text, header, &board);
        }
        board_t board;
        small_board(&rng, &board);
        defect_write(defect, &text, &rng, &board, (int)(i / DEFECT_COUNT));
        char reason[256];
        snprintf(reason, sizeof reason, "malformed (%s): %s%s", defect->hint,
                 defect->reason,
                 before > 0 ? ", after complete cases" : "");
        emit(emitter, "malformed", i, "malformed", defect->hint, reason,
             &text);
        text_free(&text);
    }
}
