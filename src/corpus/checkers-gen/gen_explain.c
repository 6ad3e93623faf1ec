/* gen_explain.c -- what a position's minimax tree holds, in words. */
#include "gen_explain.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

static int root_captures(const tree_facts_t *facts)
{
    int captures = 0;
    for (int i = 0; i < facts->count; i++) {
        captures += action_is_capture(facts->scored[i].action);
    }
    return captures;
}

bool feature_present(feature_t feature, const board_t *board,
                     const tree_facts_t *facts)
{
    int black = towers_of(board, BLACK), white = towers_of(board, WHITE);
    int captures = root_captures(facts);
    switch (feature) {
    case FEATURE_TIE_NOT_FIRST:
        return facts->sharing > 1 && facts->best > 0;
    case FEATURE_TIE_MANY:
        return facts->sharing > 2;
    case FEATURE_WIN_AT_DEPTH_1:
        return facts->stuck[1] > 0;
    case FEATURE_LOSS_AT_DEPTH_2:
        return facts->stuck[2] > 0;
    case FEATURE_LOSS_AT_DEPTH_2_DECISIVE:
        return facts->stuck[2] > 0 &&
               facts->best_if_shallow_stuck_plain != facts->best;
    case FEATURE_STUCK_AT_DEPTH_3:
        return facts->stuck[3] > 0;
    case FEATURE_STUCK_AT_DEPTH_3_DECISIVE:
        return facts->stuck[3] > 0 &&
               facts->best_if_deep_stuck_lose != facts->best;
    case FEATURE_TOWERS_BOTH:
        return black > 0 && white > 0;
    case FEATURE_TOWERS_ONE:
        return (black > 0) != (white > 0);
    case FEATURE_CAPTURE_CHOICE:
        return captures > 0 && captures < facts->count;
    case FEATURE_ONE_ACTION:
        return facts->count == 1;
    default:
        return true;
    }
}

static void cost_text(int cost, char text[16])
{
    if (cost == INT_MIN) {
        snprintf(text, 16, "INT_MIN");
    } else if (cost == INT_MAX) {
        snprintf(text, 16, "INT_MAX");
    } else {
        snprintf(text, 16, "%d", cost);
    }
}

static void root_action(const tree_facts_t *facts, int i, char text[24])
{
    char action[6];
    action_text(facts->scored[i].action, action);
    snprintf(text, 24, "#%d %s", i + 1, action);
}

/* "#2 D6-C5, #5 F6-G5 and #7 H6-G5" for the root actions costing `cost`. */
static void actions_costing(const tree_facts_t *facts, int cost, char *text,
                            size_t size)
{
    int listed = 0, total = 0;
    for (int i = 0; i < facts->count; i++) {
        total += facts->scored[i].cost == cost;
    }
    text[0] = '\0';
    for (int i = 0; i < facts->count && listed < 5; i++) {
        if (facts->scored[i].cost != cost) {
            continue;
        }
        char action[24];
        root_action(facts, i, action);
        size_t used = strlen(text);
        listed++;
        snprintf(text + used, size - used, "%s%s",
                 listed == 1 ? "" : listed == total ? " and " : ", ", action);
    }
    if (total > listed) {
        size_t used = strlen(text);
        snprintf(text + used, size - used, " and %d more", total - listed);
    }
}

/* The sentences about nodes whose side to move cannot act. */
static void explain_stuck(feature_t feature, colour_t side,
                          const tree_facts_t *facts, char *text, size_t size)
{
    char best[24], list[200], other[24], lost[16];
    root_action(facts, facts->best, best);
    const char *us = colour_name(side), *them = colour_name(opponent_of(side));
    if (feature == FEATURE_WIN_AT_DEPTH_1) {
        cost_text(lost_for(opponent_of(side)), lost);
        actions_costing(facts, lost_for(opponent_of(side)), list, sizeof list);
        snprintf(text, size, "root action %s leaves %s no action (%s at "
                 "depth 1); %s is played", list, them, lost, best);
        return;
    }
    if (feature == FEATURE_LOSS_AT_DEPTH_2 ||
        feature == FEATURE_LOSS_AT_DEPTH_2_DECISIVE) {
        cost_text(lost_for(side), lost);
        actions_costing(facts, lost_for(side), list, sizeof list);
        root_action(facts, facts->best_if_shallow_stuck_plain, other);
        snprintf(text, size, "after root action %s, %s can reply leaving %s "
                 "no action (%d node%s costing %s at depth 2); %s is played%s%s",
                 list, them, us, facts->stuck[2],
                 facts->stuck[2] == 1 ? "" : "s", lost, best,
                 feature == FEATURE_LOSS_AT_DEPTH_2_DECISIVE
                     ? "; costing those nodes by their board would play "
                     : "",
                 feature == FEATURE_LOSS_AT_DEPTH_2_DECISIVE ? other : "");
        return;
    }
    cost_text(lost_for(opponent_of(side)), lost);
    root_action(facts, facts->best_if_deep_stuck_lose, other);
    char rule[120] = "";
    if (feature == FEATURE_STUCK_AT_DEPTH_3_DECISIVE) {
        snprintf(rule, sizeof rule, "; costing them %s would play %s", lost,
                 other);
    }
    snprintf(text, size, "%d leaf node%s at depth 3 where %s cannot act "
             "cost their plain board cost; %s is played%s", facts->stuck[3],
             facts->stuck[3] == 1 ? "" : "s", them, best, rule);
}

void explain_feature(feature_t feature, const board_t *board, colour_t side,
                     const tree_facts_t *facts, char *text, size_t size)
{
    char best[24], cost[16], list[200];
    root_action(facts, facts->best, best);
    cost_text(facts->scored[facts->best].cost, cost);
    int captures = root_captures(facts);
    switch (feature) {
    case FEATURE_TIE_NOT_FIRST:
    case FEATURE_TIE_MANY:
        actions_costing(facts, facts->scored[facts->best].cost, list,
                        sizeof list);
        snprintf(text, size, "root actions %s share the best cost %s of %d "
                 "actions; the left-most, %s, is played", list, cost,
                 facts->count, best);
        break;
    case FEATURE_WIN_AT_DEPTH_1:
    case FEATURE_LOSS_AT_DEPTH_2:
    case FEATURE_LOSS_AT_DEPTH_2_DECISIVE:
    case FEATURE_STUCK_AT_DEPTH_3:
    case FEATURE_STUCK_AT_DEPTH_3_DECISIVE:
        explain_stuck(feature, side, facts, text, size);
        break;
    case FEATURE_TOWERS_BOTH:
    case FEATURE_TOWERS_ONE:
        snprintf(text, size, "black has %d tower(s), white %d; %s (cost %s, "
                 "best of %d actions) is played", towers_of(board, BLACK),
                 towers_of(board, WHITE), best, cost, facts->count);
        break;
    case FEATURE_CAPTURE_CHOICE:
        snprintf(text, size, "%d of %d root actions are captures; %s (cost "
                 "%s) is played", captures, facts->count, best, cost);
        break;
    case FEATURE_ONE_ACTION:
        snprintf(text, size, "%s has a single legal action, %s",
                 colour_name(side), best);
        break;
    default:
        snprintf(text, size, "%d root actions; %s (cost %s) is played",
                 facts->count, best, cost);
        break;
    }
}
