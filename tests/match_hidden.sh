# Sourced by tests/match.sh (its part `hidden`, ctest match_hidden), whose
# helpers it uses (ok, bad, expect, same_finals, $RZ, $PY, $TESTS, $tmp).
# The match runner as the referee of Partial-Information Single Shifted
# Square Chess (issue 45, docs/rules/partial-shifted-square.md):
#  1. two Rule Zero engines over CECP, told only Shift=hidden, play two
#     node-limited games to their end; the PGN gives the drawn shift, and
#     pgn-check replays every turn under it; the draw is fixed by --seed;
#  2. two scripted engines that try a1a1 first, then turns of the default
#     board: each refusal reaches the engine that tried the turn, and only
#     it (the script exits, a crash, when told of a turn it did not try);
#  3. an engine that tries a refused turn again loses, with the reason;
#  4. players that cannot be told of a refusal (UCI, built-in) and an
#     opening that could tell the shift are refused before any game.
refute() { # name, file, pattern
    if grep -Eq -- "$3" "$2"; then bad "$1: /$3/ in output"; grep -E -- "$3" "$2" | head -5; else ok; fi
}
FAKE_SSQ="$PY $TESTS/fake_cecp.py --rz $RZ --variant shifted-square"
HIDDEN=(--variant shifted-square --option Shift=hidden)

# 1. Rule Zero against Rule Zero, to the end of each game.
"$RZ" match "${HIDDEN[@]}" --engine "$RZ --seed 1" --protocol cecp --engine "$RZ --seed 2" --protocol cecp \
    --nodes 2000 --games 2 --seed 3 --verbose --pgn "$tmp/rz.pgn" > "$tmp/rz.out" 2>&1 || bad "rz match exit code"
expect rz-games "$tmp/rz.out" "^Game 2/2 "
expect rz-clean "$tmp/rz.out" "time forfeits 0, illegal moves 0, crashes 0, false claims 0, other errors 0"
refute rz-adjudicated "$tmp/rz.pgn" 'Termination "(adjudication|rules infraction|abandoned)"'
if [ "$(grep -Ec '^\[VariantOptions "Shift=[a-h][3-6]=[xz][1-8]"\]' "$tmp/rz.pgn")" = 2 ]; then ok; else
    bad "rz-shift: the PGN does not give two drawn shifts"; grep VariantOptions "$tmp/rz.pgn"; fi
same_finals rz "$tmp/rz.out" "$tmp/rz.pgn" # pgn-check replays every turn under the drawn shift
# The same --seed draws the same shift for game 1 (one turn each is enough to see it).
"$RZ" match "${HIDDEN[@]}" --engine "$RZ" --protocol cecp --engine "$RZ" --protocol cecp \
    --nodes 500 --games 1 --max-moves 1 --seed 3 --pgn "$tmp/again.pgn" > /dev/null 2>&1 || bad "again exit code"
first=$(grep -m1 VariantOptions "$tmp/rz.pgn")
again=$(grep -m1 VariantOptions "$tmp/again.pgn")
if [ -n "$first" ] && [ "$first" = "$again" ]; then ok; else bad "seed: '$first' then '$again'"; fi

# 2. Refusals go to the engine that tried the turn, which tries again.
"$RZ" match "${HIDDEN[@]}" --engine "$FAKE_SSQ --mode hidden --log $tmp/white.log" --protocol cecp \
    --engine "$FAKE_SSQ --mode hidden --log $tmp/black.log" --protocol cecp --games 1 --max-moves 6 --seed 5 \
    --st 30 --pgn "$tmp/fake.pgn" > "$tmp/fake.out" 2>&1 || bad "fake match exit code"
expect fake-clean "$tmp/fake.out" "time forfeits 0, illegal moves 0, crashes 0, false claims 0, other errors 0"
expect fake-length "$tmp/fake.out" "Draw by adjudication after 6 moves"
expect fake-refused-white "$tmp/white.log" "^Illegal move \(no such turn\): a1a1$"
expect fake-refused-black "$tmp/black.log" "^Illegal move \(no such turn\): a1a1$"
refute fake-no-a1a1 "$tmp/fake.pgn" "a1a1"

# 3. A refused turn tried again loses.
"$RZ" match "${HIDDEN[@]}" --engine "$FAKE_SSQ --mode repeat" --protocol cecp --engine "$RZ" --protocol cecp \
    --games 1 --nodes 500 --seed 5 --pgn "$tmp/rep.pgn" > "$tmp/rep.out" 2>&1 || bad "repeat match exit code"
expect repeat-loses "$tmp/rep.out" "White loses by an illegal move: a1a1 \(refused before\)"
expect repeat-pgn "$tmp/rep.pgn" "^\[Result \"0-1\"\]"

# 4. Refused before any game.
if "$RZ" match "${HIDDEN[@]}" --engine builtin:random --engine "$RZ" --protocol cecp --games 1 --nodes 100 \
    > "$tmp/builtin.out" 2>&1; then bad "builtin player accepted"; else ok; fi
expect builtin-why "$tmp/builtin.out" "needs CECP engines"
if "$RZ" match "${HIDDEN[@]}" --engine "$RZ" --protocol uci --engine "$RZ" --protocol cecp --games 1 --nodes 100 \
    > "$tmp/uci.out" 2>&1; then bad "UCI engine accepted"; else ok; fi
expect uci-why "$tmp/uci.out" "needs CECP engines"
"$RZ" match "${HIDDEN[@]}" --engine "$RZ" --engine "$RZ" --random-plies 4 > "$tmp/plies.out" 2>&1
[ $? -eq 2 ] && ok || bad "random plies: not a usage error"
expect plies-why "$tmp/plies.out" "starts from the start position"

