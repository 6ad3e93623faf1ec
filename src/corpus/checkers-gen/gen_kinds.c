/* gen_kinds.c -- turning candidate searches into named cases. */
#include "gen_kinds.h"

#include <stdio.h>
#include <string.h>

int generate_kind(generator_t *generator, const char *category,
                  const char *kind, int quota, int budget,
                  candidate_t candidate, const void *detail)
{
    char stream[128];
    snprintf(stream, sizeof stream, "%s/%s", category, kind);
    int made = 0, tried = 0;
    for (; tried < budget && made < quota; tried++) {
        rng_t rng;
        rng_init(&rng, generator->seed, stream, tried);
        case_t kase;
        case_begin(&kase, category);
        kase.candidate = tried;
        if (candidate(&kase, &rng, detail)) {
            char prefix[sizeof kase.name];
            snprintf(prefix, sizeof prefix, "%s",
                     kase.name[0] != '\0' ? kase.name : kind);
            case_set_name(&kase, "%s-s%d", prefix, tried);
            made += case_emit(&kase, generator->directory);
        }
        case_end(&kase);
    }
    generator->made += made;
    if (made < quota) {
        generator->shortfalls++;
        fprintf(stderr, "corpus-gen: %s: only %d of %d cases in %d tries\n",
                stream, made, quota, tried);
    } else if (generator->verbose) {
        fprintf(stderr, "corpus-gen: %s: %d cases in %d tries\n", stream,
                made, tried);
    }
    return made;
}

bool random_game(game_t *game, int length, rng_t *rng, char players[64])
{
    policy_t black = random_policy(rng), white = random_policy(rng);
    snprintf(players, 64, "%s black, %s white", policy_name(black),
             policy_name(white));
    game_start(game);
    game_play_out(game, black, white, length, rng);
    return game->played == length;
}

void game_summary(const game_t *game, int count, char *text, size_t size)
{
    action_facts_t facts[GAME_CAPACITY];
    game_all_facts(game, facts);
    int promotions = 0, captures = 0, by_towers = 0, of_towers = 0, back = 0;
    for (int i = 0; i < count; i++) {
        promotions += facts[i].promotes;
        captures += facts[i].capture;
        by_towers += facts[i].capture && facts[i].by_tower;
        of_towers += facts[i].captures_tower;
        back += facts[i].by_tower && facts[i].backward;
    }
    if (promotions + captures + back == 0) {
        snprintf(text, size, "no capture or promotion");
        return;
    }
    snprintf(text, size,
             "%d promotion%s, %d capture%s (%d by towers, %d of towers), "
             "%d backward tower action%s", promotions,
             promotions == 1 ? "" : "s", captures, captures == 1 ? "" : "s",
             by_towers, of_towers, back, back == 1 ? "" : "s");
}
