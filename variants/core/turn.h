/* Rule Zero: whole turns. A turn is the steps one side makes before the other
 * is to move; its text joins the steps' texts with commas. Perft counts
 * turns, the protocols send and receive them. */
#ifndef RULEZERO_TURN_H
#define RULEZERO_TURN_H

#include "variants/core/position.h"

#define MAX_TURN_STEPS 32
#define TURN_TEXT_LEN 256

struct turn {
    int count;
    Move steps[MAX_TURN_STEPS];
    char text[TURN_TEXT_LEN];
};

/* Calls fn once per legal turn, with the position after the turn made (fn
 * must leave it as it found it). Returns the number of turns. */
typedef void (*turn_callback)(struct position *after, const struct turn *t, void *ctx);
int for_each_turn(struct position *pos, turn_callback fn, void *ctx);

/* Number of legal turns (uses the variant's fast count when it has one). */
uint64_t count_turns(struct position *pos);

/* Finds the legal turn whose text is `text` (case-insensitive). 0 on success,
 * -1 when no legal turn has that text. */
int turn_parse(struct position *pos, const char *text, struct turn *out);

void turn_make(struct position *pos, const struct turn *t);
void turn_unmake(struct position *pos, const struct turn *t);

/* Text of one step in the position before it. */
void step_text(const struct position *pos, Move m, char *out, size_t n);

#endif
