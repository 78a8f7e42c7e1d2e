/* Rule Zero: the registered games (the rules layer). Each is a declaration
 * (variants/game_decl.h) pointing at its entry of the core's interface
 * (variants/core/variant.h). */
#ifndef RULEZERO_REGISTRY_H
#define RULEZERO_REGISTRY_H

#include "variants/core/variant.h"
#include "variants/game_decl.h"

/* The registry (variants/registry.c). */
int variant_count(void);
const struct variant *variant_at(int i);
const struct variant *variant_find(const char *id);
/* The declaration of registered game i (NULL out of range). */
const struct game_decl *game_at(int i);
/* The declaration of entry v; never NULL: an entry that is not registered
 * (a test's copy) gets an empty one (no XBoard set-up, the GUI's defaults). */
const struct game_decl *game_of(const struct variant *v);
/* Checks one declaration and its entry: the pieces match the entry's letters
 * and their Betza powers compile, promotion names pieces, castling is four
 * squares of the board per right exactly when the entry has castling,
 * XBoard's board is the game's, a rules card and document are named.
 * Returns 0, or -1 with the problem. */
int game_decl_check(const struct game_decl *g, char *err, size_t errlen);
/* Checks every entry and declaration for consistency; returns 0 or -1 with
 * the first problem. */
int variant_check_all(char *err, size_t errlen);

#endif
