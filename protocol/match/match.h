/* Rule Zero: the match runner (`rulezero match`). It plays games between two
 * players (engine processes speaking CECP or UCI, or built-in baselines),
 * acting as the arbiter with its own rules: every turn is checked through the
 * variant table, results are adjudicated by the rules, clocks are kept by the
 * runner. See docs/match.md. */
#ifndef RULEZERO_MATCH_H
#define RULEZERO_MATCH_H

int match_main(int argc, char **argv);

#endif
