/* trace_faults.c -- the faults of the trace walk, in the game's terms.
 *
 * Each message names the rule of the handout (JUDGE.md's wording) and
 * then the facts at the node: the legal moves, alpha and beta, the right
 * h, so that a student can find the mistake without rerunning anything. */
#include "trace_faults.h"

#include <stdarg.h>

#include "messages.h"

static const char *side_name(int ply)
{
    return side_at_ply(ply) == ALICE ? "Alice" : "Bill";
}

static bool is_jump(move_t move)
{
    int rows = square_row(move.to) - square_row(move.from);
    return rows == 2 || rows == -2;
}

/* Raises the walk's fault at `line`, with the rule it breaks (JUDGE.md's
 * wording) as what is required. */
static fault_t *raise_at(const trace_walk_t *walk, const output_line_t *line,
                         const char *required, ...) TEXT_PRINTF_LIKE(3, 4);

static fault_t *raise_at(const trace_walk_t *walk, const output_line_t *line,
                         const char *required, ...)
{
    fault_raise(walk->fault, line, &walk->path);
    va_list arguments;
    va_start(arguments, required);
    text_vprintf(&walk->fault->required, required, arguments);
    va_end(arguments);
    return walk->fault;
}

/* The node's legal moves not printed yet, in reading order. */
static int unprinted_moves(const trace_node_t *node,
                           move_t moves[JUDGE_MAX_MOVES])
{
    int count = 0;
    for (int index = 0; index < node->legal_count; index++) {
        if (node->printed_at[index] == 0) {
            moves[count++] = node->legal[index];
        }
    }
    return count;
}

/* "after its last child (5,2)=>(3,0) (value -3): alpha=-3, beta=-3". */
static void last_child_bounds(text_t *text, const trace_node_t *node)
{
    text_printf(text, "after its last child ");
    message_move(text, node->last_move);
    text_printf(text, " (value ");
    message_worth(text, node->last_value);
    text_printf(text, "): ");
    message_bounds(text, node->bounds.alpha, node->bounds.beta);
}

void trace_fault_illegal(const trace_walk_t *walk, const trace_node_t *node,
                         const output_line_t *line)
{
    fault_t *fault = raise_at(
        walk, line,
        "each move line is a legal move of %s in the position its "
        "path reaches (men step or jump diagonally forward, kings "
        "both ways; a single jump at most; jumping is mandatory)",
        side_name(node->ply));
    /* Jumps and steps never mix in a list of legal moves. */
    bool jumps = node->legal_count > 0 && is_jump(node->legal[0]);
    text_printf(&fault->found, "%s's legal moves here%s: ",
                side_name(node->ply),
                jumps ? " (jumps only: jumping is mandatory)" : "");
    message_moves(&fault->found, node->legal, node->legal_count);
    text_printf(&fault->found, "; the line plays ");
    message_printed_move(&fault->found, line->move);
}

void trace_fault_repeated(const trace_walk_t *walk, const trace_node_t *node,
                          const output_line_t *line, int index)
{
    fault_t *fault = raise_at(
        walk, line,
        "under a node each legal move is printed exactly once");
    message_move(&fault->found, node->legal[index]);
    text_printf(&fault->found,
                " was already printed under this node, at output line %zu",
                node->printed_at[index]);
}

void trace_fault_cut_due(const trace_walk_t *walk, const trace_node_t *node,
                         const output_line_t *line, bool ends)
{
    fault_t *fault = raise_at(
        walk, line,
        "after each child, when alpha >= beta and moves remain, the "
        "node prunes them (cut on equality): a pruning line lists "
        "them and nothing more is printed under the node");
    fault->ends_listing = ends;
    last_child_bounds(&fault->found, node);
    move_t remaining[JUDGE_MAX_MOVES];
    int count = unprinted_moves(node, remaining);
    text_printf(&fault->found, ", so alpha >= beta; to be pruned: ");
    message_moves(&fault->found, remaining, count);
    if (ends) {
        text_printf(&fault->found, "; the program printed no pruning line");
    } else {
        text_printf(&fault->found, "; the program searches ");
        message_printed_move(&fault->found, line->move);
        text_printf(&fault->found, " instead");
    }
}

void trace_fault_cut_forbidden(const trace_walk_t *walk,
                               const trace_node_t *node,
                               const output_line_t *line)
{
    fault_t *fault = raise_at(
        walk, line,
        "a node prunes only when alpha >= beta after a child");
    if (node->printed_count == 0) {
        text_printf(&fault->found, "no child of this node is printed yet; "
                                   "its window is ");
        message_bounds(&fault->found, node->bounds.alpha, node->bounds.beta);
    } else {
        last_child_bounds(&fault->found, node);
    }
    move_t remaining[JUDGE_MAX_MOVES];
    int count = unprinted_moves(node, remaining);
    text_printf(&fault->found, ", so alpha < beta; still to search: ");
    message_moves(&fault->found, remaining, count);
}

void trace_fault_nothing_to_prune(const trace_walk_t *walk,
                                  const trace_node_t *node,
                                  const output_line_t *line)
{
    fault_t *fault = raise_at(
        walk, line,
        "a pruning line lists the moves not yet printed at its "
        "node, so there is none when every move is printed");
    text_printf(&fault->found, "every legal move of this node is printed "
                               "above: ");
    message_moves(&fault->found, node->legal, node->legal_count);
}

void trace_fault_after_pruning(const trace_walk_t *walk,
                               const trace_node_t *node,
                               const output_line_t *line)
{
    fault_t *fault = raise_at(
        walk, line,
        "a pruning line ends its node's listing: nothing more is "
        "printed under that node");
    text_printf(&fault->found,
                "this node's pruning line is output line %zu, which pruned "
                "every move left",
                node->pruning_line);
}

/* One sentence on what is wrong with a pruning line's list. */
static void pruned_problem(text_t *text, const trace_node_t *node,
                           pruned_problem_t problem, int index,
                           printed_move_t printed)
{
    if (problem == PRUNED_NOT_LEGAL) {
        message_printed_move(text, printed);
        text_printf(text, " is not a legal move here");
        return;
    }
    message_move(text, node->legal[index]);
    switch (problem) {
    case PRUNED_ALREADY_SEARCHED:
        text_printf(text, " was already searched at output line %zu",
                    node->printed_at[index]);
        break;
    case PRUNED_TWICE:
        text_printf(text, " is listed twice");
        break;
    case PRUNED_MISSING:
    case PRUNED_NOT_LEGAL:
        text_printf(text, " is missing from the list");
        break;
    }
}

void trace_fault_pruned_list(const trace_walk_t *walk,
                             const trace_node_t *node,
                             const output_line_t *line,
                             pruned_problem_t problem, int index,
                             printed_move_t printed)
{
    fault_t *fault = raise_at(
        walk, line,
        "a pruning line lists exactly the moves not yet printed at "
        "its node, in any order");
    move_t remaining[JUDGE_MAX_MOVES];
    int count = unprinted_moves(node, remaining);
    text_printf(&fault->found, "not yet printed: ");
    message_moves(&fault->found, remaining, count);
    text_printf(&fault->found, "; ");
    pruned_problem(&fault->found, node, problem, index, printed);
}

static bool same_bounds(bounds_t one, bounds_t other)
{
    return one.alpha == other.alpha && one.beta == other.beta;
}

void trace_fault_bounds(const trace_walk_t *walk, const trace_node_t *node,
                        const output_line_t *line)
{
    fault_t *fault = raise_at(
        walk, line,
        "a pruning line prints the node's alpha and beta after the "
        "update with its last child's value, or just before it");
    last_child_bounds(&fault->found, node);
    text_printf(&fault->found, " after the update, ");
    message_bounds(&fault->found, node->before.alpha, node->before.beta);
    text_printf(&fault->found, " before it");
    if (!same_bounds(node->after_clamped, node->bounds) &&
        !same_bounds(node->after_clamped, node->before)) {
        text_printf(&fault->found, ", ");
        message_bounds(&fault->found, node->after_clamped.alpha,
                       node->after_clamped.beta);
        text_printf(&fault->found, " with the child's value clamped to "
                                   "the window (fail-hard)");
    }
    text_printf(&fault->found, "; the program printed alpha=");
    message_printed_number(&fault->found, line->alpha,
                           walk->largest_heuristic);
    text_printf(&fault->found, ", beta=");
    message_printed_number(&fault->found, line->beta,
                           walk->largest_heuristic);
}

void trace_fault_missing_moves(const trace_walk_t *walk,
                               const trace_node_t *node,
                               const output_line_t *line)
{
    fault_t *fault = raise_at(
        walk, line,
        "under a node, the move lines printed at its ply, then at "
        "most one pruning line, list each of its legal moves "
        "exactly once");
    fault->ends_listing = true;
    text_printf(&fault->found, "%s's legal moves here: ",
                side_name(node->ply));
    message_moves(&fault->found, node->legal, node->legal_count);
    move_t remaining[JUDGE_MAX_MOVES];
    int count = unprinted_moves(node, remaining);
    text_printf(&fault->found, "; neither printed nor pruned: ");
    message_moves(&fault->found, remaining, count);
    if (node->printed_count > 0) {
        text_printf(&fault->found, " (");
        last_child_bounds(&fault->found, node);
        text_printf(&fault->found, ", no cut)");
    }
}

void trace_fault_deeper(const trace_walk_t *walk, const trace_node_t *node,
                        const output_line_t *line)
{
    if (node->last_line == LAST_PRUNING) {
        trace_fault_after_pruning(walk, node, line);
        return;
    }
    if (node->last_line != LAST_LEAF) {
        fault_t *fault = raise_at(
            walk, line,
            "a node's moves are printed at its ply, with one `|-` more "
            "than its parent's move");
        text_printf(&fault->found,
                    "a line at %s (or the end of this node's listing) is "
                    "due here; this line is at %s",
                    ply_label(node->ply), ply_label(line->ply));
        return;
    }
    fault_t *fault = raise_at(
        walk, line,
        "the search goes no deeper after a B4 move, nor after a move that "
        "leaves the side to move without a legal move");
    text_printf(&fault->found, "after %s ", ply_label(node->ply));
    message_move(&fault->found, node->last_move);
    if (node->ply == LAST_PLY) {
        text_printf(&fault->found, " the search has looked four moves "
                                   "ahead");
    } else {
        text_printf(&fault->found, " %s has no legal move (the game is "
                                   "over)",
                    side_name(node->ply + 1));
    }
    text_printf(&fault->found, "; this line is at %s, below it",
                ply_label(line->ply));
}

static const char *men(int count) { return count == 1 ? "man" : "men"; }
static const char *kings(int count) { return count == 1 ? "king" : "kings"; }

/* What the position reached is worth, and why. */
static void explain_worth(text_t *text, int ply, const board_t *reached,
                          after_move_t after)
{
    if (after.game_over) {
        text_printf(text, "%s has no legal move after it, so h=",
                    side_name(ply + 1));
        message_worth(text, after.worth);
        return;
    }
    piece_count_t count = rules_count_pieces(reached);
    text_printf(text, "h=%d (Alice: %d %s, %d %s; Bill: %d %s, %d %s)",
                after.worth, count.alice_men, men(count.alice_men),
                count.alice_kings, kings(count.alice_kings), count.bill_men,
                men(count.bill_men), count.bill_kings,
                kings(count.bill_kings));
}

/* The rule an h= on this move line breaks. */
static const char *h_rule(const trace_node_t *node, after_move_t after)
{
    if (!after.search_stops) {
        return "before B4, only a move that ends the game may carry h= "
               "(+inf or -inf); below any other the search goes on";
    }
    if (node->ply == LAST_PLY) {
        return "a B4 line carries `; h=V`: Alice's men + 2 x her kings - "
               "Bill's men - 2 x his kings, or -inf when Alice then has no "
               "legal move";
    }
    return "a move before B4 that ends the game may carry h=+inf (Alice "
           "wins) or h=-inf (Alice loses), or no value";
}

void trace_fault_h(const trace_walk_t *walk, const trace_node_t *node,
                   const output_line_t *line, const board_t *reached,
                   after_move_t after)
{
    fault_t *fault = raise_at(walk, line, "%s", h_rule(node, after));
    if (!after.search_stops) {
        text_printf(&fault->found, "%s can still move after it, so the "
                                   "search goes on to %s",
                    side_name(node->ply + 1), ply_label(node->ply + 1));
    } else {
        explain_worth(&fault->found, node->ply, reached, after);
    }
    if (line->has_h) {
        text_printf(&fault->found, "; the program printed h=");
        message_printed_number(&fault->found, line->h,
                               walk->largest_heuristic);
    } else {
        text_printf(&fault->found, "; the program printed no h");
    }
}
