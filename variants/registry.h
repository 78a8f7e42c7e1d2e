/* Rule Zero: the registered games (the rules layer). Each is a declaration
 * (variants/game_decl.h) pointing at its entry of the core's interface
 * (variants/core/variant.h). */
#ifndef RULEZERO_REGISTRY_H
#define RULEZERO_REGISTRY_H

#include "variants/core/variant.h"
#include "variants/game_decl.h"

/* The registry (variants/registry.c): the built-in games, then those of
 * game files loaded (docs/gamefiles.md), up to REGISTRY_MAX_LOADED. */
#define REGISTRY_MAX_LOADED 64
int variant_count(void);
const struct variant *variant_at(int i);
const struct variant *variant_find(const char *id);
/* The declaration of registered game i (NULL out of range). */
const struct game_decl *game_at(int i);
/* The declaration of entry v; never NULL: an entry that is not registered
 * (a test's copy) gets an empty one (no XBoard set-up, the GUI's defaults). */
const struct game_decl *game_of(const struct variant *v);
/* Reads the game file `path` and registers its games after the others:
 * all of them, or none with the first problem (`FILE:LINE: FIELD: ...`).
 * A game already loaded from the same file is kept as it is; an id that
 * another game has is refused. Returns how many games it added, or -1.
 * Call it only while nothing plays (no search, no position of a game). */
int variant_load_file(const char *path, char *err, size_t errlen);
/* The same for the text of a game file, named `name` in messages (a file
 * the page opens, a test's). */
int variant_load_text(const char *name, const char *text, char *err, size_t errlen);
/* The game file entry v was loaded from (as given to variant_load_file),
 * or NULL for a built-in game. */
const char *variant_file_of(const struct variant *v);
/* Forgets every game loaded from files (tests; nothing may refer to them). */
void variant_unload_files(void);
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
