#!/bin/sh
# Fails when a file of the engine includes a header of a higher layer,
# written "dir/header.h" or <dir/header.h>.
# Usage: tests/layers.sh SOURCE_DIR LAYER_MAP
#   LAYER_MAP: lines "LEVEL FILE" (the build writes it from the CMake layer
#   libraries: build/layers.txt). Every quoted include of a listed file must
#   name a listed header of the same or a lower level; so must every
#   angle-bracket include that names a file of the source tree (the others
#   are the system's and the libraries': <stdio.h>, <cjson/cJSON.h>).
#   A prototype written by hand instead of an include is the link check's
#   (tests/layers_link.sh).
# One awk process reads the map and every file (it once started an awk per
# include, over a thousand processes, which took minutes on a loaded machine).
set -eu
src=$1
map=$2
exec awk -v src="$src" -v map="$map" '
    { level[$2] = $1; order[++n] = $2 }
    # exists(PATH): PATH can be read (a file of the source tree).
    function exists(path,    line, r) {
        r = (getline line < path)
        close(path)
        return r >= 0
    }
    # check(FILE, LINE): LINE of FILE, if an include, names no higher layer.
    function check(file, line,    kind, inc) {
        if (line !~ /^[ \t]*#[ \t]*include[ \t]*["<]/) return
        sub(/^[ \t]*#[ \t]*include[ \t]*/, "", line)
        kind = substr(line, 1, 1)
        inc = substr(line, 2)
        if (kind == "\"") { if (index(inc, "\"") == 0) return; inc = substr(inc, 1, index(inc, "\"") - 1) }
        else { if (index(inc, ">") == 0) return; inc = substr(inc, 1, index(inc, ">") - 1) }
        if (!(inc in level)) {
            if (kind == "\"" || exists(src "/" inc)) { print file ": includes " inc ", which is in no layer"; status = 1 }
        } else if (level[inc] + 0 > level[file] + 0) {
            print file " (layer " level[file] ") includes " inc " (layer " level[inc] ")"; status = 1
        }
    }
    END {
        if (n == 0) { print "empty layer map " map; exit 1 }
        for (i = 1; i <= n; i++) {
            file = order[i]
            path = src "/" file
            r = (getline line < path)
            if (r < 0) { print file ": in the layer map but not in " src; status = 1; continue }
            while (r > 0) { check(file, line); r = (getline line < path) }
            close(path)
        }
        if (status == 0) print n " files, no include goes up a layer"
        exit status
    }
' "$map"
