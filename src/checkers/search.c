/* search.c -- the next action by the minimax rule over a malloc'd tree.
 *
 * The tree is built in full and costed bottom-up as it grows, the root's
 * children are listed with their costs, the tree is freed, and the
 * decision is read off that list (search_decide: the record the engine
 * plays and --explain prints). Nothing is pruned or shared, so the tree,
 * and its allocation count, is the one the specification draws: one
 * malloc'd node per reachable board. */
#include "search.h"

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "board.h"
#include "memory.h"
#include "rules.h"

typedef struct tree_node {
    board_t board;
    action_t action;  /* the action that led here from the parent */
    int cost;         /* propagated minimax cost */
    struct tree_node *first_child;
    struct tree_node *next_sibling;
} tree_node_t;

static void tree_free(tree_node_t *node)
{
    while (node != NULL) {
        tree_node_t *next = node->next_sibling;
        tree_free(node->first_child);
        memory_release(node);
        node = next;
    }
}

static bool better_for(colour_t side, int cost, int best)
{
    return side == BLACK ? cost > best : cost < best;
}

/* Gives `node`, whose side to move is `side`, one child per legal action,
 * left to right in generation order, grows each child `levels` - 1 levels
 * further, and sets the node's minimax cost on the way back up: black
 * maximises, white minimises. A node on the bottom level costs its board,
 * even when its side to move could not act; a node above it whose side to
 * move cannot act costs INT_MIN (black) or INT_MAX (white). The cost of a
 * node's board is passed down, updated by each action, instead of being
 * counted afresh at every leaf.
 * On running out of memory it returns false with the partial tree still
 * linked, so the caller's single tree_free releases every node. */
static bool tree_grow(tree_node_t *node, colour_t side, int levels,
                      int board_cost_here)
{
    if (levels == 0) {
        node->cost = board_cost_here;
        return true;
    }
    action_t actions[MAX_ACTIONS];
    int count = rules_legal_actions(&node->board, side, actions);
    tree_node_t **link = &node->first_child;
    node->cost = side == BLACK ? INT_MIN : INT_MAX;
    for (int i = 0; i < count; i++) {
        tree_node_t *child = memory_allocate(sizeof *child);
        if (child == NULL) {
            return false;
        }
        child->board = node->board;
        int child_board_cost =
            board_cost_here + rules_apply(&child->board, actions[i]);
        child->action = actions[i];
        child->first_child = NULL;
        child->next_sibling = NULL;
        *link = child;
        link = &child->next_sibling;
        if (!tree_grow(child, opponent_of(side), levels - 1,
                       child_board_cost)) {
            return false;
        }
        if (better_for(side, child->cost, node->cost)) {
            node->cost = child->cost;
        }
    }
    return true;
}

search_outcome_t search_score_actions(const board_t *board, colour_t side,
                                      int depth,
                                      scored_action_t scored[MAX_ACTIONS],
                                      int *count)
{
    tree_node_t *root = memory_allocate(sizeof *root);
    if (root == NULL) {
        return SEARCH_OUT_OF_MEMORY;
    }
    *root = (tree_node_t){*board, {0, 0}, 0, NULL, NULL};
    search_outcome_t outcome = SEARCH_OUT_OF_MEMORY;
    *count = 0;
    if (tree_grow(root, side, depth, board_cost(board))) {
        for (const tree_node_t *child = root->first_child; child != NULL;
             child = child->next_sibling) {
            scored[*count].action = child->action;
            scored[*count].cost = child->cost;
            (*count)++;
        }
        outcome = *count > 0 ? SEARCH_FOUND : SEARCH_NO_ACTION;
    }
    tree_free(root);
    return outcome;
}

/* The index of the root's left-most child with the best cost: only a
 * strictly better cost replaces the current choice. */
static int best_child(const scored_action_t children[], int count,
                      colour_t side)
{
    int best = 0;
    for (int i = 1; i < count; i++) {
        if (better_for(side, children[i].cost, children[best].cost)) {
            best = i;
        }
    }
    return best;
}

search_outcome_t search_decide(const board_t *board, colour_t side,
                               int depth, search_decision_t *decision)
{
    search_outcome_t outcome = search_score_actions(
        board, side, depth, decision->children, &decision->count);
    decision->chosen = outcome == SEARCH_FOUND
                           ? best_child(decision->children, decision->count,
                                        side)
                           : 0;
    return outcome;
}
