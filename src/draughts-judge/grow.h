/* grow.h -- the judge's growable arrays: room for one more element.
 *
 * The judge keeps three lists whose length it learns only by reading (the
 * INPUT's cases, the output's lines and cases, the moves of its pruning
 * lines). Each grows the same way: doubled when full, through the
 * engine's allocator, so that a fault-injection build can fail it. */
#ifndef DRAUGHTS_JUDGE_GROW_H
#define DRAUGHTS_JUDGE_GROW_H

#include <stdbool.h>
#include <stddef.h>

/* Makes room in `*array` (of `count` elements of `element_size` bytes,
 * room for `*capacity`) for one more: `first_capacity` elements at the
 * first growth, twice as many as before at each later one. False when
 * memory is exhausted or the size would overflow; `*array` and
 * `*capacity` are then unchanged. */
bool grow_for_one_more(void **array, size_t count, size_t *capacity,
                       size_t element_size, size_t first_capacity);

#endif
