/* gen_malformed.h -- the defects of malformed inputs, one builder each
 * (gen_defects.c), and the table gen_malformed.c writes them from. */
#ifndef GEN_MALFORMED_H
#define GEN_MALFORMED_H

#include "../../draughts/draughts.h"
#include "../gen-common/gen_random.h"
#include "../gen-common/gen_text.h"

/* Appends a case carrying the defect, built from `board`; `variant`
 * (0, 1, 2...) picks among the forms of the defect in turn. */
typedef void defect_build_t(text_t *text, rng_t *rng, const board_t *board,
                            int variant);

typedef struct {
    const char *hint;    /* the sub-kind, as the corpus script counts it */
    const char *reason;  /* what is wrong, for the .reason line */
    defect_build_t *build;
    /* Or, when `build` is NULL, a defect of the header alone: the
     * headers, NULL-ended, that a case of the defect starts with; */
    const char *const *headers;
    /* or, when both are NULL, of one square: the bytes put on a dark
     * square, or a light one when `on_light`. */
    const char *square_bytes;
    bool on_light;
} defect_t;

extern const defect_t DEFECTS[];
extern const int DEFECT_COUNT;

/* Appends a case carrying `defect` (as defect_build_t does); `variant`
 * takes its headers or bytes in turn. */
void defect_write(const defect_t *defect, text_t *text, rng_t *rng,
                  const board_t *board, int variant);

#endif
