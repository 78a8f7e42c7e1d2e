/* Rule Zero: the built-in game file (the rules layer).
 *
 * games/core.ini, the built-in games that are entries of a game file
 * (docs/gamefiles.md: orthodox chess, Polypiece, ...), compiled into the
 * binary as text: CMake writes it as a C string at build time
 * (cmake/embed_games.cmake), so every build carries it without reading a
 * file at run time. The registry (variants/registry.c) loads it at first use. */
#ifndef RULEZERO_CORE_GAMES_H
#define RULEZERO_CORE_GAMES_H

/* The name the built-in file's messages give it. */
#define CORE_GAMES_NAME "games/core.ini"

extern const char core_games_text[];

#endif
