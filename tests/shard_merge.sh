#!/usr/bin/env bash
# A match split into shards that GNU parallel runs at once (--shard I/N), the
# shards' PGN files merged (match --merge), compared with the same match
# played whole: the same games with the same results, and the same summary
# (score, Elo, LOS, SPRT, faults). (A match resumed from its PGN:
# tests/match_resume.sh, which needs no GNU parallel.) The players are deterministic: Rule Zero
# at a fixed depth (its hash is cleared by `new`) against the built-in random
# player, seeded by --seed and the game's number. Exit 77 (skip) without parallel.
set -u
RZ=${1:?usage: shard_merge.sh path/to/rulezero}
command -v parallel > /dev/null || { echo "SKIPPED: GNU parallel not installed (Debian package parallel)"; exit 77; }
. "$(dirname "$0")/lib/scratch.sh"
fail=0
bad() { fail=1; echo "FAIL $*"; }

ARGS=(--engine "$RZ" --protocol cecp --engine builtin:random --games 10 --depth 2 --random-plies 4
      --seed 11 --max-moves 12)
"$RZ" match "${ARGS[@]}" --pgn "$tmp/whole.pgn" > "$tmp/whole.out" 2>&1 || bad "whole match exit code"

# Three shards, two at a time, as one would over hosts with --sshlogin.
parallel --will-cite -j 2 --halt now,fail=1 \
    "'$RZ' match ${ARGS[*]@Q} --shard {}/3 --pgn '$tmp/shard{}.pgn' > '$tmp/shard{}.out' 2>&1" ::: 1 2 3 ||
    bad "parallel shards exit code"
"$RZ" match --merge "$tmp"/shard{1,2,3}.pgn --sprt elo0=0,elo1=50 > "$tmp/merged.out" 2>&1 ||
    bad "merge exit code"
"$RZ" match --merge "$tmp/whole.pgn" --sprt elo0=0,elo1=50 > "$tmp/whole-merged.out" 2>&1 ||
    bad "merge of the whole match exit code"

# Every game once, each with the result it had in the whole match.
games() { sed -n 's/^\(Game [0-9]*\/[0-9]* [^|]*\) | .*/\1/p' "$@" | sort; }
[ "$(games "$tmp/whole.out" | wc -l)" -eq 10 ] || bad "the whole match should have 10 games"
diff <(games "$tmp/whole.out") <(games "$tmp"/shard?.out) || bad "sharded games differ from the whole match's"
summary() { sed -n '/^Match:/,$p' "$1"; }
diff <(summary "$tmp/whole.out") <(summary "$tmp/merged.out" | grep -v '^SPRT:') ||
    bad "merged summary differs from the whole match's"
diff <(summary "$tmp/whole-merged.out") <(summary "$tmp/merged.out") || bad "merging the whole PGN differs"
grep -q '^Merged: 10 games from 3 files$' "$tmp/merged.out" || bad "merge: game count"
grep -q '^SPRT: elo0=0 elo1=50 .*LLR' "$tmp/merged.out" || bad "merge: SPRT line"
"$RZ" pgn-check "$tmp/shard2.pgn" > /dev/null || bad "pgn-check of a shard"

# Errors: a game of another variant, a file that is not there, shards past the openings.
"$RZ" match --engine builtin:random --engine builtin:random --variant interweave --games 2 \
    --pgn "$tmp/other.pgn" > /dev/null 2>&1
"$RZ" match --merge "$tmp/shard1.pgn" "$tmp/other.pgn" > /dev/null 2>&1 && bad "mixed variants merged"
"$RZ" match --merge "$tmp/none.pgn" > /dev/null 2>&1 && bad "missing file merged"
"$RZ" match --engine builtin:random --engine builtin:random --games 4 --shard 3/3 > /dev/null 2>&1
[ $? -eq 2 ] || bad "a shard without games should be a usage error"
[ $fail -eq 0 ] && { cat "$tmp/merged.out"; echo "shard_merge: OK"; }
exit $fail
