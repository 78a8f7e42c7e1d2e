#!/usr/bin/env bash
# `rulezero pgn-check` reads any valid PGN (issue 43): the Termination tag is
# optional and its value read without regard to case, the Variant tag too,
# XBoard's long form of a move (`Sf7f5`: a piece letter with both squares)
# and its SAN of pieces it does not know (`Pcb3`, `Kdxd2-d3`) are read, and
# a game the rules ended must carry their result. The games in tests/pgn/
# were saved by XBoard 4.9.1 as they are.
# Usage: pgn_check.sh path/to/rulezero path/to/tests
set -u
RZ=${1:?usage: pgn_check.sh path/to/rulezero path/to/tests}
TESTS=${2:?usage: pgn_check.sh path/to/rulezero path/to/tests}
. "$(dirname "$0")/lib/scratch.sh"
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

check() { # name, expected exit code, PGN text ("" for none), then pgn-check's arguments (default: the file)
    local name=$1 want=$2 text=$3; shift 3
    printf '%s\n' "$text" > "$tmp/$name.pgn"
    [ $# -gt 0 ] || set -- "$tmp/$name.pgn"
    "$RZ" pgn-check "$@" > "$tmp/out" 2> "$tmp/err"
    local got=$?
    if [ "$got" -eq "$want" ]; then ok; else bad "$name: exit $got, expected $want"; cat "$tmp/out" "$tmp/err"; fi
}
expect() { # name, file, pattern
    if grep -Eq -- "$3" "$2"; then ok; else bad "$1: no /$3/ in $2"; cat "$2"; fi
}

# The result the rules give, with no Termination tag (XBoard writes none) or lichess's "Normal".
check mate-untagged 0 '[Variant "normal"]

1. f3 e5 2. g4 Qh4# 0-1'
expect mate-untagged "$tmp/out" "^Game 1: OK 4 plies 0-1 "
check mate-lichess 0 '[Event "Rated Bullet game"]
[Result "0-1"]
[Variant "Standard"]
[Termination "Normal"]

1. f3 e5 2. g4 Qh4# 0-1'
check mate-wrong-result 1 '1. f3 e5 2. g4 Qh4# 1-0'
expect mate-wrong-result "$tmp/out" "the rules ended the game here with another result"
check time-forfeit 0 '[Termination "Time forfeit"]

1. e4 e5 2. Nf3 1-0'
check normal-not-over 1 '[Termination "NORMAL"]

1. e4 e5 2. Nf3 1-0'
expect normal-not-over "$tmp/out" 'ended "normal" but the rules do not give this result'
check mate-forfeit 1 '[Termination "time forfeit"]

1. f3 e5 2. g4 Qh4# 0-1'

# Variant names in any case, XBoard's long forms (with a promotion), and
# the game XBoard 4.9.1 saved of Interdependent (its ply 16 is Sf7f5).
check variant-case 0 '[Variant "Polypiece"]

1. Pe2e4 Pe7-e5 2. Ng1f3 *'
check long-promotion 0 '[FEN "8/4P2k/8/8/8/8/8/K7 w - - 0 1"]
[SetUp "1"]

1. Pe7-e8=Q Kh7h6 *'
expect long-promotion "$tmp/out" "OK 2 plies \* 4Q3/8/7k/8/8/8/8/K7 w "
check xboard-interdependent 0 "" "$TESTS/pgn/xboard-interdependent.pgn"
expect xboard-interdependent "$tmp/out" "^Game 1: OK 51 plies 1/2-1/2 "
# ... and of Interweave, in XBoard's SAN for pieces it does not know: `Pcb3` (a file
# of origin), `Pg2e4`, and locust captures `Pe4xe5-e6`, `Kdxd2-d3`, `Kxd4-d5`.
check xboard-interweave 0 "" "$TESTS/pgn/xboard-interweave.pgn"
expect xboard-interweave "$tmp/out" "^Game 1: OK 24 plies 0-1 "

# The match runner's reader (match --merge) takes lichess's terminations in their case.
printf '%s\n' '[White "A"]' '[Black "B"]' '[Result "1-0"]' '[Termination "Time forfeit"]' '' '1. e4 e5 2. Nf3 1-0' '' \
    '[White "B"]' '[Black "A"]' '[Result "0-1"]' '[Variant "Normal"]' '[Termination "Rules infraction"]' '' \
    '{Black loses by an illegal move: a1a1} 0-1' > "$tmp/merge.pgn"
"$RZ" match --merge "$tmp/merge.pgn" > "$tmp/merge.out" 2>&1 || bad "merge: exit code"
expect merge-forfeit "$tmp/merge.out" "^B: time forfeits 1, illegal moves 1,"

# The command line.
check help 0 "" --help
expect help "$tmp/out" "^Usage: rulezero pgn-check FILE"
check help-short 0 "" -h
check unknown-option 2 "" --frobnicate
expect unknown-option "$tmp/err" "unknown option '--frobnicate'"
"$RZ" pgn-check > /dev/null 2>&1; [ $? -eq 2 ] && ok || bad "no-file: exit 2 expected"
check two-files 2 "" a b
check missing-file 1 "" "$tmp/nosuch.pgn"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
