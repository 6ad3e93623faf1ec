/* gen_offer.c -- writing one single-position candidate. */
#include "gen_offer.h"

#include "gen_board.h"
#include "gen_features.h"

bool offer_board(emitter_t *emitter, const offer_t *offer,
                 const board_t *board, const char *reason)
{
    features_t features;
    features_of(board, &features);
    if ((offer->need != 0 && (features.flags & offer->need) == 0) ||
        features.lines > offer->max_lines || !emitter_fresh(emitter, board)) {
        return false;
    }
    char hints[256], header[32];
    features_hints(features.flags, hints, (int)sizeof hints);
    /* Case numbers vary so that the header is exercised too. */
    snprintf(header, sizeof header, "case %ld", offer->index % 999 + 1);
    text_t input;
    text_init(&input);
    board_add_case(&input, header, board);
    emit(emitter, offer->kind, offer->index, offer->categories, hints, reason,
         &input);
    text_free(&input);
    return true;
}
