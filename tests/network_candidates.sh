#!/usr/bin/env bash
# networks/candidates/ (docs/networks.md, "Candidate networks"): every file
# there is listed in its SHA256SUMS and matches it; each network loads with
# --eval-file and is not compiled in (its game's bench is the hand-set
# evaluation's by default); each SPRT's gzipped PGN reads whole, so that
# `match --resume` can go on from it.
# Usage: tests/network_candidates.sh path/to/rulezero
set -uo pipefail
rz=$(cd "$(dirname "${1:?usage: network_candidates.sh RULEZERO}")" && pwd)/$(basename "$1")
dir=$(cd "$(dirname "$0")/../networks/candidates" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/lib/checks.sh"
cd "$dir" || exit 1

(sha256sum --quiet -c SHA256SUMS) && ok || problem "SHA256SUMS does not match the files"
for f in *; do
    case $f in README.md | SHA256SUMS) continue ;; esac
    grep -q "  $f\$" SHA256SUMS && ok || problem "$f is not in SHA256SUMS"
done
for net in *.nnue; do
    [ -e "$net" ] || continue
    out=$(printf 'uci\nquit\n' | "$rz" --eval-file "$net" 2>&1)
    game=$(sed -n 's/^info string evaluation: .*network loaded is for \([a-z0-9-]*\).*/\1/p;
                  s/^info string evaluation: .*network (\([a-z0-9-]*\),.*/\1/p' <<<"$out" | head -1)
    [ -n "$game" ] && ok || { problem "$net does not load: $out"; continue; }
    nodes() { "$rz" bench --variant "$game" --depth 3 "$@" | sed -n 's/^Nodes searched: //p'; }
    classic=$(nodes --eval classic)
    [ -n "$classic" ] && [ "$(nodes)" = "$classic" ] && ok || problem "$net's game $game has a built-in network"
    [ "$(nodes --eval-file "$net")" != "$classic" ] && ok || problem "$net does not change $game's search"
done
for pgn in *.pgn.gz; do
    [ -e "$pgn" ] || continue
    gzip -dc "$pgn" >"$tmp/sprt.pgn" && "$rz" match --merge "$tmp/sprt.pgn" >"$tmp/merge.out" 2>&1 &&
        grep -q '^Merged: [1-9][0-9]* games from 1 files' "$tmp/merge.out" && ok ||
        problem "$pgn does not read: $(head -5 "$tmp/merge.out")"
done

echo "$pass checks passed, $fail failed"
[ "$fail" -eq 0 ]
