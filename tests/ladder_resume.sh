#!/usr/bin/env bash
# scripts/ladder.sh --resume: half of a 4-game ladder against Fairy-Max
# (--shard 1/2), then the whole ladder resumed in the same directory. The
# second run plays only the two missing games, keeps the first two, and its
# table row counts all four. Exit 77 (skip) without Fairy-Max.
# Every move at depth 3 (--depth), not on a clock: what is tested is the
# resuming, and a clock (it was 3+0.05) can be lost on a loaded machine.
set -u
RZ=${1:?usage: ladder_resume.sh path/to/rulezero}
root=$(cd "$(dirname "$0")/.." && pwd)
[ -x /usr/games/fairymax ] || { echo "SKIPPED: Fairy-Max not installed (Debian package fairymax)"; exit 77; }
. "$(dirname "$0")/lib/scratch.sh"
fail=0
bad() { fail=1; echo "FAIL $*"; }
ladder() { "$root/scripts/ladder.sh" --games 4 --depth 3 --engines fairymax --dir "$tmp" --rz "$RZ" "$@"; }
pgn=$tmp/ladder-fairymax.pgn
rounds() { sed -n 's/^\[Round "\([0-9]*\)"\]$/\1/p' "$pgn" | sort -n | tr '\n' ' '; }

ladder -- --shard 1/2 > "$tmp/first.out" 2> "$tmp/first.err" || bad "first half: exit code $? ($(tail -n 3 "$tmp/first.err"))"
first=$(rounds)
[ "$(wc -w <<< "$first")" -eq 2 ] || bad "first half: expected 2 games, the PGN has rounds: $first"
ladder --resume > "$tmp/second.out" 2> "$tmp/second.err" || bad "resumed: exit code $? ($(tail -n 3 "$tmp/second.err"))"
[ "$(rounds)" = "1 2 3 4 " ] || bad "resumed: expected rounds 1 2 3 4 once each, got: $(rounds)"
grep -q "^Resuming: 2 of the 4 games" "$tmp/ladder-fairymax.out" || bad "resumed: the match did not resume from the PGN"
# The row is found by the engine's id, not by the name it gives itself: on a
# loaded machine Fairy-Max may be slower to send its features than the 2 s
# CECP allows, and is then named by its command (/usr/games/fairymax).
grep -q '^| [^|]* (`fairymax`) | 4 |' "$tmp/second.out" || bad "resumed: the table row should count 4 games: $(grep fairymax "$tmp/second.out")"
[ $fail -eq 0 ] && echo "OK: ladder.sh --resume plays only the missing games and counts them all"
exit $fail
