/* Shards and the match tally (protocol/match/match_shard.c, match_report.c): every
 * game of a match is played by exactly one shard, both colours of an opening
 * by the same shard; faults read back from PGN words are those the runner
 * counts. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/match/match_config.h"
#include "protocol/match/match_report.h"
#include "tests/check_run.h"

static struct match_config shard_config(int games, int index, int count)
{
    struct match_config c;
    memset(&c, 0, sizeof c);
    c.games = games;
    c.shard_index = index;
    c.shard_count = count;
    return c;
}

START_TEST(test_whole_match)
{
    struct match_config c = shard_config(7, 0, 0);
    ck_assert_int_eq(match_game_count(&c), 7);
    for (int k = 0; k < 7; k++)
        ck_assert_int_eq(match_game_index(&c, k), k);
    ck_assert_int_eq(match_game_index(&c, 7), -1);
    ck_assert_int_eq(match_game_index(&c, -1), -1);
}
END_TEST

START_TEST(test_shards_partition_the_games)
{
    for (int games = 1; games <= 41; games++)
        for (int count = 1; count <= 6; count++) {
            int seen[41] = {0}, total = 0;
            for (int i = 1; i <= count; i++) {
                struct match_config c = shard_config(games, i, count);
                int n = match_game_count(&c);
                total += n;
                for (int k = 0; k < n; k++) {
                    int g = match_game_index(&c, k);
                    ck_assert_int_ge(g, 0);
                    ck_assert_int_lt(g, games);
                    seen[g]++;
                    ck_assert_int_eq((g / 2) % count, i - 1); /* its openings */
                    if (k % 2 == 1)                            /* colours of one opening together */
                        ck_assert_int_eq(g, match_game_index(&c, k - 1) + 1);
                }
                ck_assert_int_eq(match_game_index(&c, n), -1);
            }
            ck_assert_int_eq(total, games);
            for (int g = 0; g < games; g++)
                ck_assert_int_eq(seen[g], 1);
        }
}
END_TEST

START_TEST(test_faults_from_pgn)
{
    ck_assert_int_eq(fault_from_pgn("normal", "White mates"), FAULT_NONE);
    ck_assert_int_eq(fault_from_pgn("normal", "Black resigns"), FAULT_NONE);
    ck_assert_int_eq(fault_from_pgn("adjudication", "Draw by adjudication after 300 moves"), FAULT_NONE);
    ck_assert_int_eq(fault_from_pgn("time forfeit", "White loses on time"), FAULT_TIME);
    ck_assert_int_eq(fault_from_pgn("abandoned", "Black loses: engine exited with code 3"), FAULT_CRASH);
    ck_assert_int_eq(fault_from_pgn("rules infraction", "White loses by an illegal move: a1a1"), FAULT_ILLEGAL);
    ck_assert_int_eq(fault_from_pgn("rules infraction", "Black loses by a false claim: 1-0"), FAULT_CLAIM);
    ck_assert_int_eq(fault_from_pgn("rules infraction", "White loses: rejected a legal move"), FAULT_ERROR);
    ck_assert_int_eq(fault_from_pgn(NULL, ""), FAULT_NONE);
}
END_TEST

START_TEST(test_tally)
{
    struct match_tally t;
    memset(&t, 0, sizeof t);
    tally_game(&t, 1, FAULT_NONE, -1);
    tally_game(&t, 0, FAULT_NONE, -1);
    tally_game(&t, -1, FAULT_TIME, 0);
    tally_game(&t, 1, FAULT_ILLEGAL, 1);
    tally_game(&t, 1, FAULT_CRASH, 1);
    tally_game(&t, 1, FAULT_CLAIM, 1);
    tally_game(&t, 1, FAULT_ERROR, 1);
    ck_assert_int_eq(t.score.wins, 5);
    ck_assert_int_eq(t.score.draws, 1);
    ck_assert_int_eq(t.score.losses, 1);
    ck_assert_int_eq(t.faults[0].time_forfeits, 1);
    ck_assert_int_eq(t.faults[1].illegal, 1);
    ck_assert_int_eq(t.faults[1].crashes, 1);
    ck_assert_int_eq(t.faults[1].false_claims, 1);
    ck_assert_int_eq(t.faults[1].errors, 1);
    ck_assert_int_eq(t.faults[0].illegal + t.faults[0].crashes + t.faults[0].errors, 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("shard");
    TCase *tc = tcase_create("shard");
    tcase_add_test(tc, test_whole_match);
    tcase_add_test(tc, test_shards_partition_the_games);
    tcase_add_test(tc, test_faults_from_pgn);
    tcase_add_test(tc, test_tally);
    suite_add_tcase(s, tc);
    return check_run(s);
}
