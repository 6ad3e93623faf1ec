/* gen_emit.c -- writing candidates and the manifest. */
#include "gen_emit.h"

#include <stdlib.h>
#include <string.h>

bool emitter_open(emitter_t *emitter, const char *folder, uint64_t seed)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/manifest.tsv", folder);
    *emitter = (emitter_t){folder, seed, fopen(path, "w"), NULL, 0, 0};
    if (emitter->manifest == NULL) {
        fprintf(stderr, "draughts-corpus-gen: cannot write %s\n", path);
        return false;
    }
    return true;
}

void emitter_close(emitter_t *emitter)
{
    if (emitter->manifest != NULL && fclose(emitter->manifest) != 0) {
        fputs("draughts-corpus-gen: cannot write the manifest\n", stderr);
        exit(4);
    }
    free(emitter->seen);
    emitter->seen = NULL;
}

bool emitter_fresh(emitter_t *emitter, const board_t *board)
{
    /* A few thousand boards at most: a linear scan is plenty. */
    for (int i = 0; i < emitter->seen_count; i++) {
        if (memcmp(&emitter->seen[i], board, sizeof *board) == 0) {
            return false;
        }
    }
    if (emitter->seen_count == emitter->seen_capacity) {
        int capacity = emitter->seen_capacity * 2 + 256;
        board_t *grown =
            realloc(emitter->seen, (size_t)capacity * sizeof *grown);
        if (grown == NULL) {
            fputs("draughts-corpus-gen: out of memory\n", stderr);
            exit(3);
        }
        emitter->seen = grown;
        emitter->seen_capacity = capacity;
    }
    emitter->seen[emitter->seen_count++] = *board;
    return true;
}

void emit(emitter_t *emitter, const char *kind, long index,
          const char *categories, const char *hints, const char *reason,
          const text_t *input)
{
    char name[256], path[4096];
    snprintf(name, sizeof name, "%s-%ld-s%llu", kind, index,
             (unsigned long long)emitter->seed);
    snprintf(path, sizeof path, "%s/%s.in", emitter->folder, name);
    text_write(input, path);
    fprintf(emitter->manifest, "%s\t%s\t%s\t%s\n", name, categories, hints,
            reason);
}
