/* draughts-order.c -- a test-only hook: the draughts search's children
 * in another program's order (see src/draughts/order.h). Not one of the
 * engine's files, nor in its folder (a copy of which mark's tests hand
 * in as a student's program, every .c file of it built): only the
 * faulted references of the diagnosis are built with it, and with
 * -DDRAUGHTS_MOVE_ORDER_HOOK (src/harness/diagnose/faultbuild.py, which
 * compiles it beside a fault's tree, never copied into it: that tree is
 * a program as a student could hand it in); a normal build has order.h's
 * empty inline functions instead, and src/draughts/ the files it had
 * before the hook (a copy of them, as mark's recorded tests hand in, is
 * the same program). */
#include "order.h"

#ifndef DRAUGHTS_MOVE_ORDER_HOOK
#error "draughts-order.c is built only with -DDRAUGHTS_MOVE_ORDER_HOOK (faultbuild.py)"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memory.h"

/* A node's key: its depth (0 for the root), then the path's squares. */
enum {
    KEY_SIZE = 1 + 2 * (LAST_PLY - 1),
    NODE_MOVES = 4 * (SQUARE_COUNT / 2),
    LINE_SIZE = 4096
};

typedef struct {
    unsigned char key[KEY_SIZE];
    int count;
    move_t moves[NODE_MOVES];
} order_node_t;

/* The hook's state, for one case at a time: which case, its nodes
 * (sorted by key), and the path to the node being searched. */
static long case_position;
static order_node_t *nodes;
static size_t node_count;
static move_t path[LAST_PLY];

static int compare_nodes(const void *one, const void *other)
{
    return memcmp(((const order_node_t *)one)->key,
                  ((const order_node_t *)other)->key, KEY_SIZE);
}

/* Four digits 0..7 at *at, r1 c1 r2 c2, after blanks; false otherwise. */
static bool read_move(const char **at, move_t *move)
{
    const char *text = *at + strspn(*at, " \t");
    for (int i = 0; i < 4; i++) {
        if (text[i] < '0' || text[i] > '7') {
            return false;
        }
    }
    *move = (move_t){(unsigned char)square_at(text[0] - '0', text[1] - '0'),
                     (unsigned char)square_at(text[2] - '0', text[3] - '0')};
    *at = text + 4;
    return true;
}

/* `line` as a node of case `wanted`: false for another case's line and
 * for a line that is not one. */
static bool read_node(const char *line, long wanted, order_node_t *node)
{
    char *end;
    if (strtol(line, &end, 10) != wanted || end == line) {
        return false;
    }
    const char *at = end;
    memset(node, 0, sizeof *node);
    move_t move;
    while (node->key[0] < LAST_PLY - 1 && read_move(&at, &move)) {
        node->key[1 + 2 * node->key[0]] = move.from;
        node->key[2 + 2 * node->key[0]] = move.to;
        node->key[0]++;
    }
    at += strspn(at, " \t");
    if (*at++ != '/') {
        return false;
    }
    while (node->count < NODE_MOVES && read_move(&at, &move)) {
        node->moves[node->count++] = move;
    }
    return at[strspn(at, " \t\r\n")] == '\0';
}

/* Room for one more node; false when memory is exhausted. */
static bool make_room(size_t *capacity)
{
    if (node_count < *capacity) {
        return true;
    }
    size_t wanted = *capacity == 0 ? 64 : 2 * *capacity;
    order_node_t *grown = memory_resize(nodes, wanted * sizeof *nodes);
    if (grown == NULL) {
        return false;
    }
    nodes = grown;
    *capacity = wanted;
    return true;
}

static void read_case_nodes(FILE *stream)
{
    char line[LINE_SIZE];
    size_t capacity = 0;
    while (fgets(line, sizeof line, stream) != NULL) {
        if (!make_room(&capacity)) {
            order_end_case();
            return;
        }
        node_count += read_node(line, case_position, &nodes[node_count]);
    }
    qsort(nodes, node_count, sizeof *nodes, compare_nodes);
}

/* `moves` in the order of the node of `key`, when the file has it. */
static void arrange(const unsigned char key[KEY_SIZE], move_list_t *moves)
{
    order_node_t probe;
    memcpy(probe.key, key, KEY_SIZE);
    const order_node_t *node =
        node_count == 0 ? NULL
                        : bsearch(&probe, nodes, node_count, sizeof *nodes,
                                  compare_nodes);
    if (node == NULL || moves->count > NODE_MOVES) {
        return;
    }
    move_t arranged[NODE_MOVES];
    bool taken[NODE_MOVES] = {false};
    int count = 0;
    for (int wanted = 0; wanted < node->count; wanted++) {
        for (int i = 0; i < moves->count; i++) {
            move_t move = moves->moves[i];
            if (!taken[i] && move.from == node->moves[wanted].from &&
                move.to == node->moves[wanted].to) {
                taken[i] = true;
                arranged[count++] = move;
                break;
            }
        }
    }
    for (int i = 0; i < moves->count; i++) {
        if (!taken[i]) {
            arranged[count++] = moves->moves[i];
        }
    }
    memcpy(moves->moves, arranged, (size_t)count * sizeof *arranged);
}

void order_start_case(move_list_t *root_moves)
{
    case_position++;
    const char *name = getenv("DRAUGHTS_MOVE_ORDER");
    FILE *stream = name != NULL ? fopen(name, "r") : NULL;
    if (stream == NULL) {
        return;
    }
    read_case_nodes(stream);
    fclose(stream);  /* read-only: closing it cannot lose data */
    unsigned char key[KEY_SIZE] = {0};
    arrange(key, root_moves);
}

void order_arrange_below(int ply, move_t move, move_list_t *moves)
{
    path[ply - 1] = move;
    unsigned char key[KEY_SIZE] = {(unsigned char)ply};
    for (int i = 0; i < ply; i++) {
        key[1 + 2 * i] = path[i].from;
        key[2 + 2 * i] = path[i].to;
    }
    arrange(key, moves);
}

void order_end_case(void)
{
    memory_release(nodes);
    nodes = NULL;
    node_count = 0;
}
