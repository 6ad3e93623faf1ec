/* gen_categories.h -- the case categories the generator writes.
 *
 * One function per category directory under testdata/; each runs its kinds
 * of case in a fixed order (see gen_kinds.h). To add a category, add a
 * function here, its file, and a line in corpus_gen.c's table. */
#ifndef GEN_CATEGORIES_H
#define GEN_CATEGORIES_H

#include "gen_kinds.h"

void generate_stage0(generator_t *generator);
void generate_errors(generator_t *generator);   /* error1 .. error6 */
void generate_next_action(generator_t *generator);
void generate_play(generator_t *generator);
void generate_wins(generator_t *generator);

#endif
