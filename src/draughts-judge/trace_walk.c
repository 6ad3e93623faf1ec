/* trace_walk.c -- JUDGE.md's rules 1 to 4, checked along the program's
 * own order of moves.
 *
 * A node is the position after its path; its listing is the lines at its
 * ply that follow, each move line possibly followed by its child's
 * listing one ply deeper. A line at a shallower ply (or the case's
 * `first move` line, or its end) ends the listing. Values and bounds are
 * NOTES.md's pseudocode: fail-soft, cut when alpha >= beta. A fail-hard
 * program cuts at exactly the same places; only the bounds it prints on a
 * pruning line can differ, and check_bounds allows them. */
#include "trace_walk.h"

#include <string.h>

#include "fault.h"
#include "moves.h"
#include "rules.h"
#include "trace_faults.h"

static bool walk_node(trace_walk_t *walk, trace_node_t *node);

/* The next line of the case, or NULL at its end. */
static const output_line_t *peek(const trace_walk_t *walk)
{
    return walk->next < walk->end ? &walk->output->lines[walk->next] : NULL;
}

/* Where a listing ending now ends: the next line of the case or, at the
 * case's end, the line starting the next case (NULL: none follows). */
static const output_line_t *listing_end(const trace_walk_t *walk)
{
    size_t at = walk->next < walk->end ? walk->next : walk->end;
    return at < walk->output->line_count ? &walk->output->lines[at] : NULL;
}

/* The ply of a move or pruning line; 0 for what ends every listing. */
static int line_ply(const output_line_t *line)
{
    bool traced = line != NULL &&
                  (line->kind == LINE_MOVE || line->kind == LINE_PRUNING);
    return traced ? line->ply : 0;
}

static int larger(int one, int other) { return one > other ? one : other; }
static int smaller(int one, int other) { return one < other ? one : other; }

static void node_start(trace_node_t *node, const board_t *board, int ply,
                       bounds_t bounds)
{
    node->board = *board;
    node->ply = ply;
    node->legal_count =
        rules_legal_moves(board, side_at_ply(ply), node->legal);
    memset(node->printed_at, 0, sizeof node->printed_at);
    node->printed_count = 0;
    node->bounds = bounds;
    node->best = side_at_ply(ply) == ALICE ? MINUS_INFINITY : PLUS_INFINITY;
    node->last_move = (move_t){0, 0};
    node->last_value = 0;
    node->before = bounds;
    node->after_clamped = bounds;
    node->state = NODE_OPEN;
    node->last_line = LAST_NONE;
    node->pruning_line = 0;
}

/* NOTES.md's update after a child worth `value`, and the state it leaves.
 * A fail-hard program sees an inner child's value clamped to the window
 * it was searched with; its bounds are kept too, for the pruning line. */
static void record_child(trace_node_t *node, int value, bool inner)
{
    bounds_t before = node->bounds;
    int seen = inner ? larger(before.alpha, smaller(value, before.beta))
                     : value;
    if (side_at_ply(node->ply) == ALICE) {
        node->best = larger(node->best, value);
        node->bounds.alpha = larger(before.alpha, node->best);
        node->after_clamped =
            (bounds_t){larger(before.alpha, seen), before.beta};
    } else {
        node->best = smaller(node->best, value);
        node->bounds.beta = smaller(before.beta, node->best);
        node->after_clamped =
            (bounds_t){before.alpha, smaller(before.beta, seen)};
    }
    node->before = before;
    node->last_value = value;
    if (node->printed_count == node->legal_count) {
        node->state = NODE_COMPLETE;
    } else if (node->bounds.alpha >= node->bounds.beta) {
        node->state = NODE_CUT_PENDING;
    }
}

/* Rule 3: h only where the search stops, and then the right one. */
static bool check_h(const trace_walk_t *walk, const trace_node_t *node,
                    const output_line_t *line, const board_t *reached,
                    after_move_t after)
{
    bool right;
    if (!after.search_stops) {
        right = !line->has_h;
    } else if (!line->has_h) {
        right = node->ply < LAST_PLY;  /* optional before B4 only */
    } else {
        right = rules_printed_worth(line->h, walk->largest_heuristic) ==
                after.worth;
    }
    if (!right) {
        trace_fault_h(walk, node, line, reached, after);
    }
    return right;
}

/* Searches the child reached by `move`: its listing follows, one ply
 * deeper, with the node's current window. */
static bool walk_child(trace_walk_t *walk, const trace_node_t *node,
                       const board_t *reached, move_t move, int *value)
{
    trace_node_t child;
    node_start(&child, reached, node->ply + 1, node->bounds);
    walk->path.moves[walk->path.length++] = move;
    bool fine = walk_node(walk, &child);
    walk->path.length--;
    *value = child.best;
    return fine;
}

/* A move line at the node: rules 1, 2 and 3, then its child, if any. */
static bool take_move(trace_walk_t *walk, trace_node_t *node,
                      const output_line_t *line)
{
    int index = rules_find_move(node->legal, node->legal_count, line->move);
    if (index < 0) {
        trace_fault_illegal(walk, node, line);
        return false;
    }
    if (node->printed_at[index] != 0) {
        trace_fault_repeated(walk, node, line, index);
        return false;
    }
    node->printed_at[index] = line->number;
    node->printed_count++;
    walk->next++;
    move_t move = node->legal[index];
    board_t reached = node->board;
    moves_apply(&reached, move);
    after_move_t after = rules_after_move(&reached, node->ply);
    if (!check_h(walk, node, line, &reached, after)) {
        return false;
    }
    int value = after.worth;
    if (!after.search_stops &&
        !walk_child(walk, node, &reached, move, &value)) {
        return false;
    }
    node->last_move = move;
    node->last_line = after.search_stops ? LAST_LEAF : LAST_INNER;
    record_child(node, value, !after.search_stops);
    return true;
}

/* Rule 2 for a pruning line: exactly the moves not printed yet. */
static bool check_pruned_moves(const trace_walk_t *walk,
                               const trace_node_t *node,
                               const output_line_t *line)
{
    bool listed[JUDGE_MAX_MOVES] = {false};
    const printed_move_t *pruned =
        &walk->output->pool.moves[line->pruned_first];
    for (size_t at = 0; at < line->pruned_count; at++) {
        int index = rules_find_move(node->legal, node->legal_count,
                                    pruned[at]);
        pruned_problem_t problem;
        if (index < 0) {
            problem = PRUNED_NOT_LEGAL;
        } else if (node->printed_at[index] != 0) {
            problem = PRUNED_ALREADY_SEARCHED;
        } else if (listed[index]) {
            problem = PRUNED_TWICE;
        } else {
            listed[index] = true;
            continue;
        }
        trace_fault_pruned_list(walk, node, line, problem, index, pruned[at]);
        return false;
    }
    for (int index = 0; index < node->legal_count; index++) {
        if (node->printed_at[index] == 0 && !listed[index]) {
            trace_fault_pruned_list(walk, node, line, PRUNED_MISSING, index,
                                    pruned[0]);
            return false;
        }
    }
    return true;
}

static bool same_bounds(bounds_t one, int alpha, int beta)
{
    return one.alpha == alpha && one.beta == beta;
}

/* Rule 4 for a pruning line's bounds: after the last child's update, or
 * just before it (a fail-hard program's after counts as after). */
static bool check_bounds(const trace_walk_t *walk, const trace_node_t *node,
                         const output_line_t *line)
{
    int alpha = rules_printed_worth(line->alpha, walk->largest_heuristic);
    int beta = rules_printed_worth(line->beta, walk->largest_heuristic);
    bool right = same_bounds(node->bounds, alpha, beta) ||
                 same_bounds(node->before, alpha, beta) ||
                 same_bounds(node->after_clamped, alpha, beta);
    if (!right) {
        trace_fault_bounds(walk, node, line);
    }
    return right;
}

static bool take_pruning(trace_walk_t *walk, trace_node_t *node,
                         const output_line_t *line)
{
    switch (node->state) {
    case NODE_OPEN:  /* no cut is due */
        trace_fault_cut_forbidden(walk, node, line);
        return false;
    case NODE_COMPLETE:  /* nothing is left to prune */
        trace_fault_nothing_to_prune(walk, node, line);
        return false;
    default:
        break;
    }
    if (!check_pruned_moves(walk, node, line) ||
        !check_bounds(walk, node, line)) {
        return false;
    }
    node->state = NODE_PRUNED;
    node->pruning_line = line->number;
    node->last_line = LAST_PRUNING;
    walk->next++;
    return true;
}

/* A line at the node's own ply. */
static bool take_line(trace_walk_t *walk, trace_node_t *node,
                      const output_line_t *line)
{
    if (node->state == NODE_PRUNED) {
        trace_fault_after_pruning(walk, node, line);
        return false;
    }
    if (line->kind == LINE_PRUNING) {
        return take_pruning(walk, node, line);
    }
    if (node->state == NODE_CUT_PENDING) {
        trace_fault_cut_due(walk, node, line, false);
        return false;
    }
    return take_move(walk, node, line);
}

/* The node's listing ends: every move printed or pruned, as due. */
static bool end_listing(const trace_walk_t *walk, const trace_node_t *node)
{
    if (node->state == NODE_CUT_PENDING) {
        trace_fault_cut_due(walk, node, listing_end(walk), true);
        return false;
    }
    if (node->state == NODE_OPEN) {
        trace_fault_missing_moves(walk, node, listing_end(walk));
        return false;
    }
    return true;
}

static bool walk_node(trace_walk_t *walk, trace_node_t *node)
{
    for (;;) {
        const output_line_t *line = peek(walk);
        if (line != NULL && line->kind == LINE_MALFORMED) {
            fault_raise_format(walk->fault, line, &walk->path);
            return false;
        }
        int ply = line_ply(line);
        if (line == NULL || ply < node->ply) {
            return end_listing(walk, node);
        }
        if (ply > node->ply) {
            trace_fault_deeper(walk, node, line);
            return false;
        }
        if (!take_line(walk, node, line)) {
            return false;
        }
    }
}

bool trace_walk_root(trace_walk_t *walk, const board_t *root)
{
    trace_node_t node;
    node_start(&node, root, 1,
               (bounds_t){MINUS_INFINITY, PLUS_INFINITY});
    walk->path.length = 0;
    return walk_node(walk, &node);
}
