#!/bin/sh
# Fails when the core (layer 0 of the layer map) declares what a front end
# needs: XBoard's set-up and turn forms, the GUI's view, names or rules card.
# Those belong to each game's declaration in the rules layer
# (variants/game_decl.h), which protocol/ reads.
# Usage: tests/core_frontend_free.sh SOURCE_DIR LAYER_MAP (build/layers.txt)
set -eu
src=$1
map=$2
pattern='struct xboard_setup|struct variant_view|xboard_move|xboard_parse|rules_card|rules_doc|piece_names|piece_glyphs'
files=$(awk '$1 == 0 { print $2 }' "$map")
[ -n "$files" ] || { echo "no core files in $map"; exit 1; }
status=0
for f in $files; do
    # Comments may name XBoard; declarations may not: strip /* ... */ first.
    if sed 's#/\*.*\*/##; /\/\*/,/\*\//d' "$src/$f" | grep -E -n "$pattern"; then
        echo "$f (core) declares front-end knowledge"
        status=1
    fi
done
[ "$status" -eq 0 ] && echo "$(echo "$files" | wc -w) core files, none knows a front end"
exit "$status"
