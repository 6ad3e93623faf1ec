/* corpus_gen.c -- draughts-corpus-gen: candidate inputs for the draughts
 * golden corpus.
 *
 *     draughts-corpus-gen [--seed N] OUTDIR
 *
 * Writes OUTDIR/NAME.in for every candidate and OUTDIR/manifest.tsv (see
 * gen_emit.h). The same seed gives the same bytes. Expected outputs are not
 * written here: src/corpus/draughts-pipeline runs the engine and the
 * independent oracle, and keeps a case only when the two agree. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_emit.h"
#include "gen_kinds.h"

/* Candidates per kind: several times what the corpus keeps, because the
 * script keeps a kind's candidates only while their categories need them. */
static const struct {
    void (*run)(emitter_t *emitter, int count);
    int count;
} KINDS[] = {
    {kind_opening, 300},  {kind_midgame, 300},   {kind_lategame, 300},
    {kind_kings, 300},    {kind_jumps, 200},     {kind_king_jump, 40},
    {kind_crowning, 200}, {kind_no_move, 45},    {kind_sparse, 1500},
    {kind_forms, 64},     {kind_several, 50},    {kind_malformed, 108},
};

static int usage(void)
{
    fputs("usage: draughts-corpus-gen [--seed N] OUTDIR\n"
          "Writes candidate draughts inputs OUTDIR/*.in and "
          "OUTDIR/manifest.tsv.\n",
          stderr);
    return 2;
}

static bool parse_seed(const char *text, uint64_t *seed)
{
    char *end;
    errno = 0;
    unsigned long long value = strtoull(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || text[0] == '-') {
        return false;
    }
    *seed = value;
    return true;
}

int main(int argc, char **argv)
{
    uint64_t seed = 1;
    const char *folder = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
            if (!parse_seed(argv[++i], &seed)) {
                return usage();
            }
        } else if (folder == NULL && argv[i][0] != '-') {
            folder = argv[i];
        } else {
            return usage();
        }
    }
    emitter_t emitter;
    if (folder == NULL) {
        return usage();
    }
    if (!emitter_open(&emitter, folder, seed)) {
        return 4;
    }
    for (size_t k = 0; k < sizeof KINDS / sizeof *KINDS; k++) {
        KINDS[k].run(&emitter, KINDS[k].count);
    }
    emitter_close(&emitter);
    return 0;
}
