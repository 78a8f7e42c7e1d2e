#include "protocol/match/openings.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/adjudicate.h"
#include "engine/baseline.h"
#include "variants/core/text.h"
#include "variants/registry.h"

/* Reads FEN or EPD lines: the longest prefix of the line's fields (up to any
 * ';') that reads as a position of the variant. */
int load_openings(struct match_config *c, struct position *pos)
{
    FILE *f = fopen(c->openings_path, "r");
    if (!f) {
        fprintf(stderr, "rulezero match: cannot read '%s'\n", c->openings_path);
        return -1;
    }
    char line[FEN_MAX_LEN * 2];
    int lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, ";\r\n")] = '\0';
        char *s = line;
        while (isspace((unsigned char)*s))
            s++;
        if (!*s || *s == '#')
            continue;
        char *fields[32];
        int nf = 0;
        char copy[sizeof line];
        strcpy(copy, s);
        char *rest = copy;
        for (char *t = text_token(&rest, " \t"); t && nf < 32; t = text_token(&rest, " \t"))
            fields[nf++] = t;
        bool ok = false;
        for (int k = nf; k >= 1 && !ok; k--) {
            char fen[sizeof line] = "", err[VARIANT_ERR_LEN];
            for (int i = 0; i < k; i++) {
                strcat(fen, fields[i]);
                if (i + 1 < k)
                    strcat(fen, " ");
            }
            if (fen_read_with(pos, &c->rules, fen, err, sizeof err) == 0) {
                char canon[FEN_MAX_LEN];
                fen_write(pos, canon, sizeof canon);
                char **grown = realloc(c->fens, (size_t)(c->fen_count + 1) * sizeof *grown);
                if (!grown)
                    break;
                c->fens = grown;
                c->fens[c->fen_count++] = strdup(canon);
                ok = true;
            }
        }
        if (!ok) {
            fprintf(stderr, "rulezero match: %s:%d: not a %s position\n", c->openings_path, lineno, c->variant->id);
            fclose(f);
            return -1;
        }
    }
    fclose(f);
    if (c->fen_count == 0) {
        fprintf(stderr, "rulezero match: no positions in '%s'\n", c->openings_path);
        return -1;
    }
    return 0;
}

/* Opening `k`: a FEN from the file, K random turns from the start (seeded by
 * seed and k only, so every run and every worker agrees), or the start. */
void make_opening(const struct match_config *c, int k, struct position *pos, struct opening *o)
{
    o->nmoves = 0;
    if (c->fen_count) {
        snprintf(o->fen, sizeof o->fen, "%s", c->fens[k % c->fen_count]);
        return;
    }
    snprintf(o->fen, sizeof o->fen, "%s", c->variant->start_fen);
    if (!c->random_plies)
        return;
    uint64_t rng = c->seed * 0x9E3779B97F4A7C15ull + (uint64_t)k * 0xD1B54A32D192ED03ull + 1;
    for (int attempt = 0; attempt < 1000; attempt++) {
        char err[VARIANT_ERR_LEN];
        fen_read_with(pos, &c->rules, o->fen, err, sizeof err);
        o->nmoves = 0;
        while (o->nmoves < c->random_plies) {
            if (game_adjudicate(pos).result != RESULT_NONE)
                break;
            struct turn t;
            if (!baseline_choose(pos, BASELINE_RANDOM, &rng, &t))
                break;
            turn_make(pos, &t);
            snprintf(o->moves[o->nmoves++], TURN_TEXT_LEN, "%s", t.text);
        }
        if (o->nmoves == c->random_plies && game_adjudicate(pos).result == RESULT_NONE)
            return;
    }
    o->nmoves = 0; /* every attempt ended the game: play from the start */
}
