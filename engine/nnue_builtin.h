/* Rule Zero: the built-in networks, one per game at most, compiled into the
 * binary from the repository's networks/ folder (cmake/embed_networks.cmake
 * writes nnue_builtin_table at build time; docs/networks.md, "Networks in
 * the binary"). An engine reads them when it is made and evaluates a game
 * with its own unless told otherwise; where the game's settings differ from
 * those the network was trained under, the hand-set evaluation is used and
 * the reason is given. */
#ifndef RULEZERO_NNUE_BUILTIN_H
#define RULEZERO_NNUE_BUILTIN_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/nnue.h"

/* One network as compiled in. */
struct nnue_builtin {
    const char *variant;          /* the game's id (the file's name) */
    const unsigned char *data;    /* the network file's bytes */
    size_t size;
    const char *settings;         /* the game's settings it was trained under
                                     (settings_text's form); NULL: the defaults */
};

/* Generated; ends with an entry whose variant is NULL. A build's own table
 * (a test's, with test networks) replaces this one when it is linked in
 * its place. */
extern const struct nnue_builtin nnue_builtin_table[];

#define NNUE_BUILTIN_WHY_LEN 512

/* A built-in network read for a game. */
struct nnue_builtin_net {
    const struct variant *variant;
    struct nnue_net *net;         /* NULL: refused; error says why */
    char *settings;               /* the settings it expects, settings_text's form */
    bool defaults;                /* those are the game's default settings */
    char error[NNUE_BUILTIN_WHY_LEN];
};

/* Every built-in network, read. */
struct nnue_builtins {
    int count;
    struct nnue_builtin_net *nets;
};

/* Reads `table` (each entry for a game this build knows): 0, or -1 when out
 * of memory. A network that does not read is kept with its error. */
int nnue_builtins_read(struct nnue_builtins *b, const struct nnue_builtin *table);
void nnue_builtins_free(struct nnue_builtins *b);
/* The built-in network of game v (NULL: none). */
const struct nnue_builtin_net *nnue_builtins_find(const struct nnue_builtins *b, const struct variant *v);
/* The network a position of v under `rules` (a settings value's rules;
 * NULL: v's defaults) evaluates with: NULL when v has none, or its network
 * is refused, or the settings differ; `why` (may be NULL) then says which
 * of these, or names the network used. */
const struct nnue_net *nnue_builtins_pick(const struct nnue_builtins *b, const struct variant *v, const void *rules,
                                          char *why, size_t n);

#endif
