/* gen_tree.c -- what the depth-3 minimax tree of a position contains. */
#include "gen_tree.h"

#include <limits.h>

#include "../../checkers/board.h"
#include "../../checkers/rules.h"
#include "gen_game.h"

enum {
    RULE_SPECIFICATION = 0,
    RULE_DEEP_STUCK_LOSE = 1,
    RULE_SHALLOW_STUCK_PLAIN = 2
};

int lost_for(colour_t side)
{
    return side == BLACK ? INT_MIN : INT_MAX;
}

static bool better_for(colour_t side, int cost, int best)
{
    return side == BLACK ? cost > best : cost < best;
}

/* The minimax cost of a node at `depth` under `rule`; counts stuck nodes
 * into `stuck` when it is not NULL. */
static int node_cost(const board_t *board, colour_t side, int depth, int rule,
                     int stuck[])
{
    action_t actions[MAX_ACTIONS];
    int count = rules_legal_actions(board, side, actions);
    if (count == 0 && stuck != NULL) {
        stuck[depth]++;
    }
    if (depth == DEFAULT_SEARCH_DEPTH) {
        bool lose = count == 0 && (rule & RULE_DEEP_STUCK_LOSE);
        return lose ? lost_for(side) : board_cost(board);
    }
    if (count == 0) {
        return (rule & RULE_SHALLOW_STUCK_PLAIN) ? board_cost(board)
                                                 : lost_for(side);
    }
    int best = lost_for(side);
    for (int i = 0; i < count; i++) {
        board_t child = *board;
        rules_apply(&child, actions[i]);
        int cost = node_cost(&child, opponent_of(side), depth + 1, rule, stuck);
        if (better_for(side, cost, best)) {
            best = cost;
        }
    }
    return best;
}

int leftmost_best(const int costs[], int count, colour_t side, int *sharing)
{
    int best = 0;
    for (int i = 1; i < count; i++) {
        if (better_for(side, costs[i], costs[best])) {
            best = i;
        }
    }
    for (int i = 0; sharing != NULL && i < count; i++) {
        *sharing += costs[i] == costs[best];
    }
    return best;
}

/* The left-most best root action under `rule`; `sharing` as in
 * leftmost_best. */
static int decision(const board_t *board, colour_t side,
                    const scored_action_t scored[], int count, int rule,
                    int costs[], int stuck[], int *sharing)
{
    for (int i = 0; i < count; i++) {
        board_t child = *board;
        rules_apply(&child, scored[i].action);
        costs[i] = node_cost(&child, opponent_of(side), 1, rule, stuck);
    }
    return leftmost_best(costs, count, side, sharing);
}

bool tree_root_costs(const board_t *board, colour_t side,
                     scored_action_t scored[MAX_ACTIONS], int *count)
{
    search_outcome_t outcome =
        search_score_actions(board, side, DEFAULT_SEARCH_DEPTH, scored, count);
    if (outcome == SEARCH_OUT_OF_MEMORY) {
        fail_out_of_memory();
    }
    return outcome == SEARCH_FOUND;
}

bool tree_facts(const board_t *board, colour_t side, tree_facts_t *facts)
{
    *facts = (tree_facts_t){0};
    if (!tree_root_costs(board, side, facts->scored, &facts->count)) {
        return false;
    }
    int costs[MAX_ACTIONS];
    facts->best = decision(board, side, facts->scored, facts->count,
                           RULE_SPECIFICATION, costs, facts->stuck,
                           &facts->sharing);
    facts->best_if_deep_stuck_lose = facts->best;
    facts->best_if_shallow_stuck_plain = facts->best;
    if (facts->stuck[DEFAULT_SEARCH_DEPTH] > 0) {
        facts->best_if_deep_stuck_lose =
            decision(board, side, facts->scored, facts->count,
                     RULE_DEEP_STUCK_LOSE, costs, NULL, NULL);
    }
    if (facts->stuck[1] + facts->stuck[2] > 0) {
        facts->best_if_shallow_stuck_plain =
            decision(board, side, facts->scored, facts->count,
                     RULE_SHALLOW_STUCK_PLAIN, costs, NULL, NULL);
    }
    return true;
}
