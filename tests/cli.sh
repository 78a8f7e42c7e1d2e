#!/usr/bin/env bash
# Command-line behaviour: exit codes, error messages and output shape.
set -u
RZ=${1:?usage: cli.sh path/to/rulezero}
pass=0 fail=0
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
out=$scratch/out err=$scratch/err suite=$scratch/suite.epd

check() { # name, expected exit code, command...
    local name=$1 want=$2; shift 2
    "$@" >"$out" 2>"$err"
    local got=$?
    if [ "$got" -eq "$want" ]; then pass=$((pass + 1)); else
        fail=$((fail + 1)); echo "FAIL $name: exit $got, expected $want"; cat "$err"; fi
}
expect_out() { # name, pattern (grep -E) that the last stdout must contain
    if grep -Eq -- "$2" "$out"; then pass=$((pass + 1)); else
        fail=$((fail + 1)); echo "FAIL $1: stdout lacks /$2/"; head -5 "$out"; fi
}
expect_err() {
    if grep -Eq -- "$2" "$err"; then pass=$((pass + 1)); else
        fail=$((fail + 1)); echo "FAIL $1: stderr lacks /$2/"; cat "$err"; fi
}
last_line_is() {
    if [ "$(tail -n 1 "$out")" = "$2" ]; then pass=$((pass + 1)); else
        fail=$((fail + 1)); echo "FAIL $1: last line '$(tail -n 1 "$out")', expected '$2'"; fi
}

check help 0 "$RZ" --help;                       expect_out help "Usage: rulezero"; expect_out help-variants "normal"
check version 0 "$RZ" --version;                 expect_out version "^rulezero [0-9]+\.[0-9]+"
check short-version 0 "$RZ" -V
check unknown-option 2 "$RZ" perft --frobnicate; expect_err unknown-option "unknown option"
check unknown-subcommand 2 "$RZ" frobnicate;     expect_err unknown-subcommand "unknown subcommand"
check missing-depth 2 "$RZ" perft -v normal;     expect_err missing-depth "depth"
check bad-depth 2 "$RZ" perft -v normal -d x;    expect_err bad-depth "bad depth"
check negative-depth 2 "$RZ" perft -v normal -d -3
check huge-depth 2 "$RZ" perft -v normal -d 99999999999
check missing-value 2 "$RZ" perft -v normal --depth; expect_err missing-value "needs a value"
check unknown-variant 2 "$RZ" perft -v nosuch -d 1; expect_err unknown-variant "unknown variant"
check bad-fen 1 "$RZ" perft -v normal -f 'not a fen' -d 1; expect_err bad-fen "invalid FEN: field 1"
check empty-fen 1 "$RZ" perft -v normal -f '' -d 1; expect_err empty-fen "invalid FEN"
check extra-arg 2 "$RZ" perft -v normal -d 1 extra

check perft 0 "$RZ" perft --variant normal --depth 3
last_line_is perft "Nodes searched: 8902"
expect_out perft-speed "nodes per second"
check perft-short 0 "$RZ" perft -v normal -d 2 -n;  last_line_is perft-nobulk "Nodes searched: 400"
check divide 0 "$RZ" perft -v normal -d 2 --divide
expect_out divide "^e2e4: 20$"; last_line_is divide "Nodes searched: 400"
[ "$(grep -c ': 20$' "$out")" -eq 20 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL divide lines"; }
check divide-blank 0 "$RZ" perft -v normal -d 1 -D
grep -qx '' "$out" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL divide blank line"; }
check perft-fen 0 "$RZ" perft -v normal -f 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' -d 2
last_line_is perft-fen "Nodes searched: 2039"

check moves 0 "$RZ" moves -v normal
[ "$(wc -l < "$out")" -eq 20 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL moves count"; }
expect_out moves "^e2e4 rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1$"
check moves-bad-fen 1 "$RZ" moves -f 'rnbqkbnr w'

check bench 0 "$RZ" bench -v normal -d 2
expect_out bench "^Nodes searched: [0-9]+$"
[ "$(tail -n 2 "$out" | head -n 1 | grep -c 'Nodes/second')" -eq 1 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL bench nps line"; }
check bench-bad-variant 2 "$RZ" bench -v nosuch
# Every variant has bench positions (issue 43: pickle and shifted-square searched 0 nodes).
for id in $("$RZ" --help | sed -n 's/^Variants://p'); do
    check "bench-$id" 0 "$RZ" bench -v "$id" -d 1
    grep -Eq '^Nodes searched: [1-9][0-9]*$' "$out" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL bench-$id: no nodes"; }
done

check suite-missing-file 1 "$RZ" perft-suite /nonexistent.epd
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 401\n' > "$suite"
check suite-mismatch 1 "$RZ" perft-suite "$suite" --variant normal
expect_out suite-mismatch "MISMATCH line 1 depth 2: expected 401, got 400"
expect_out suite-mismatch-fen "FEN rnbqkbnr"

# A suite run that compares no count fails: an empty file, or --max-depth below every line's depths.
: > "$suite"
check suite-empty 1 "$RZ" perft-suite "$suite" --variant normal; expect_out suite-empty "^no count checked"
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D2 400 ;D3 8902\n' > "$suite"
check suite-below-depth 1 "$RZ" perft-suite "$suite" --variant normal --max-depth 1
expect_out suite-below-depth "^no count checked"
check suite-at-depth 0 "$RZ" perft-suite "$suite" --variant normal --max-depth 2; expect_out suite-at-depth "^1 passed, 0 failed$"

# Game settings: --powers / --option, and ;option on a suite line.
check powers 0 "$RZ" perft -v polypiece --powers 'N:N,AD' -d 3; last_line_is powers "Nodes searched: 8886"
check powers-option 0 "$RZ" perft -v polypiece -o 'Powers=N:N,AD' -d 3; last_line_is powers-option "Nodes searched: 8886"
check powers-bad 2 "$RZ" perft -v polypiece --powers 'Q:Q,WX' -d 1
expect_err powers-bad "Powers: invalid Betza \"WX\": unexpected 'X' at position 2"
check powers-normal 2 "$RZ" perft -v normal --powers 'N:N,AD' -d 1; expect_err powers-normal "no option 'Powers'"
check option-bad-form 2 "$RZ" perft -v polypiece -o Powers -d 1; expect_err option-bad-form "NAME=VALUE"
check session-powers-bad 2 sh -c "echo quit | '$RZ' --powers 'Q:Q,WX'"; expect_err session-powers-bad "Powers: invalid Betza"
check session-option-unknown 2 sh -c "echo quit | '$RZ' -o Foo=1"; expect_err session-option-unknown "no variant has an option 'Foo'"
# Issue 43: a value an option refuses is a usage error (2) everywhere, as the man page says;
# the engine options the README lists are taken, Hash among them.
check link-bad 2 "$RZ" moves -v pickle -o Link=zz;  expect_err link-bad "Link: 'zz'"
check suite-powers-bad 2 "$RZ" perft-suite /dev/null -v polypiece -o 'Powers=Q:Q,WX'
check match-powers-bad 2 "$RZ" match -v polypiece --engine builtin:random --engine builtin:random --option 'Powers=Q:Q,WX'
expect_err match-powers-bad "invalid Betza"
check threads-bad 2 sh -c "echo quit | '$RZ' -o Threads=999"; expect_err threads-bad "Threads must be 1..64"
check skill-bad 2 sh -c "echo quit | '$RZ' -o Skill=abc"
check hash-bad 2 sh -c "echo quit | '$RZ' -o Hash=0";    expect_err hash-bad "Hash must be 1..4096"
for opt in Hash=64 Threads=2 MultiPV=3 Ponder=true UCI_LimitStrength=true UCI_Elo=1500 Skill=5 'Move Overhead=100'; do
    check "engine-option $opt" 0 sh -c "echo quit | '$RZ' -o '$opt'"
done
check hash-uci 0 sh -c "printf 'uci\nisready\nposition startpos\ngo depth 2\nisready\nquit\n' | '$RZ' -o Hash=64"
expect_out hash-uci "^bestmove "
check uci-variant 2 sh -c "echo quit | '$RZ' -o UCI_Variant=polypiece"; expect_err uci-variant "the GUI's choice"
check bench-depth-0 2 "$RZ" bench -v normal -d 0;   expect_err bench-depth-0 "depth 0"
# Every subcommand `rulezero --help` lists has a --help of its own: its usage on
# standard output, exit 0; and an unknown option is one line naming the
# subcommand and "Try 'rulezero SUBCOMMAND --help'." on standard error, exit 2.
subcommands=$("$RZ" --help | sed -n '/^Subcommands:/,/^Options:/s/^  \([a-z][a-z-]*\).*/\1/p')
[ "$(wc -w <<<"$subcommands")" -ge 13 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL subcommand list: $subcommands"; }
for sub in $subcommands; do
    check "help-$sub" 0 "$RZ" "$sub" --help
    [ "$(head -n 1 "$out" | cut -d' ' -f1-3)" = "Usage: rulezero $sub" ] && pass=$((pass + 1)) ||
        { fail=$((fail + 1)); echo "FAIL help-$sub: first line '$(head -n 1 "$out")'"; }
    check "short-help-$sub" 0 "$RZ" "$sub" -h
    [ "$(head -n 1 "$out" | cut -d' ' -f1-3)" = "Usage: rulezero $sub" ] && pass=$((pass + 1)) ||
        { fail=$((fail + 1)); echo "FAIL short-help-$sub: first line '$(head -n 1 "$out")'"; }
    check "bad-option-$sub" 2 "$RZ" "$sub" --no-such-option
    [ "$(cat "$err")" = "rulezero $sub: unknown option '--no-such-option'"$'\n'"Try 'rulezero $sub --help'." ] &&
        pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL bad-option-$sub: stderr:"; cat "$err"; }
done
# A bad value is a usage error like an unknown option: the Try line too.
check gui-bad-port 2 "$RZ" gui --port http
[ "$(cat "$err")" = "rulezero gui: bad port 'http' (0 to 65535)"$'\n'"Try 'rulezero gui --help'." ] &&
    pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL gui-bad-port: stderr:"; cat "$err"; }
nine_engines=(); for i in 1 2 3 4 5 6 7 8 9; do nine_engines+=(--engine "e$i"); done
check gui-nine-engines 2 "$RZ" gui "${nine_engines[@]}"
[ "$(cat "$err")" = "rulezero gui: at most 8 --engine ('e9' is one more)"$'\n'"Try 'rulezero gui --help'." ] &&
    pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL gui-nine-engines: stderr:"; cat "$err"; }
check poly-perft 0 "$RZ" perft -v polypiece -d 2; last_line_is poly-perft "Nodes searched: 392"
check phased-perft 0 "$RZ" perft -v polypiece-phased -d 2; last_line_is phased-perft "Nodes searched: 586"
check poly-moves 0 "$RZ" moves -v polypiece
expect_out poly-moves "^g1f3 rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1 00001$"
printf '%s\n' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 00000 ;option Powers=N:N,AD ;D3 8886' \
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 00000 ;D3 8614' \
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 00000 ;option Powers=N:N,AX ;D1 20' \
    > "$suite"
check suite-option 1 "$RZ" perft-suite "$suite" --variant polypiece
expect_out suite-option "^2 passed, 1 failed$"
expect_out suite-option-error "line 3: option Powers refused: Powers: invalid Betza"

# Baseline players: --play random|greedy, seeded; a bad kind is a usage error.
check play-bad 2 "$RZ" --play bogus;            expect_err play-bad "bad player"
check seed-bad 2 "$RZ" --play random --seed x;  expect_err seed-bad "bad seed"
a=$(printf 'uci\nposition startpos\ngo depth 3\n' | "$RZ" --play random --seed 11 | grep bestmove)
b=$(printf 'uci\nposition startpos\ngo depth 3\n' | "$RZ" --play random --seed 11 | grep bestmove)
[ -n "$a" ] && [ "$a" = "$b" ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL play-random-seeded: '$a' '$b'"; }
check play-match 0 "$RZ" match --variant normal --engine "$RZ --play greedy" --engine "$RZ --play random" --games 2 --tc 1+0.01
expect_out play-match "time forfeits 0, illegal moves 0, crashes 0"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
