#!/usr/bin/env bash
# The built-in networks (engine/nnue_builtin.h), through a build with the
# test networks of tests/networks/ compiled in (rulezero_testnet: orthodox
# chess's, and Pickle's trained under Link=d4=x5) beside the ordinary build
# (networks/, none yet): a game with one evaluates with it at start (bench
# differs from --eval classic, which equals the ordinary build's bench), is
# named over UCI and CECP, and EvalFile chooses the hand-set evaluation or
# the built-in ones again; where the game's settings differ from those its
# network was trained under the engine says so and searches exactly as the
# hand-set evaluation does, and uses the network once they agree.
# Usage: tests/builtin_networks.sh path/to/rulezero_testnet path/to/rulezero
set -uo pipefail
tn=${1:?usage: builtin_networks.sh RULEZERO_TESTNET RULEZERO}
rz=${2:?usage: builtin_networks.sh RULEZERO_TESTNET RULEZERO}
. "$(dirname "$0")/lib/checks.sh"
nodes() { "$@" | sed -n 's/^Nodes searched: //p'; }
# The node count of a UCI session's `info depth 5` line ("no depth 5" when none).
uci_nodes() {
    local n
    n=$(grep '^info depth 5 ' | tail -1 | sed -n 's/.* nodes \([0-9]*\).*/\1/p')
    echo "${n:-no depth 5}"
}
# uci ENGINE [ARG...]: sends the UCI commands of stdin (\n-separated, one
# printf string), waits for the search's bestmove (the input stays open until
# then: at its end the engine would stop searching), then quits; prints
# what the engine said.
uci() {
    local commands
    commands=$(cat)
    coproc ENGINE { "$@" 2>&1; }
    printf '%s\n' "$commands" >&"${ENGINE[1]}"
    local line
    while IFS= read -r -t 300 line <&"${ENGINE[0]}"; do
        printf '%s\n' "$line"
        [[ $line == bestmove* ]] && break
    done
    echo quit >&"${ENGINE[1]}"
    wait "$ENGINE_PID"
}

builtin=$(nodes "$tn" bench --variant normal --depth 5)
classic=$(nodes "$tn" bench --variant normal --depth 5 --eval classic)
plain=$(nodes "$rz" bench --variant normal --depth 5)
[ -n "$builtin" ] && [ -n "$classic" ] && [ "$builtin" != "$classic" ] && ok ||
    problem "bench with the built-in network: $builtin, --eval classic: $classic"
[ "$classic" = "$plain" ] && [ "$plain" = "$(nodes "$rz" bench --variant normal --depth 5 --eval classic)" ] && ok ||
    problem "--eval classic $classic is not the build without networks' bench $plain"
[ "$builtin" = "$(nodes "$tn" bench --variant normal --depth 5 --eval default)" ] && ok ||
    problem "--eval default is not the default"
# Pickle's network waits for its settings: at the defaults, bench is the hand-set evaluation's.
[ "$(nodes "$tn" bench --variant pickle --depth 4)" = "$(nodes "$rz" bench --variant pickle --depth 4)" ] && ok ||
    problem "Pickle under other settings than its network's does not search as the hand-set evaluation"

out=$(printf 'uci\nquit\n' | "$tn")
grep -q "^option name EvalFile type string default default$" <<<"$out" &&
    grep -q "^info string evaluation: built-in network of normal (768 inputs, 2x16 hidden, a residual added to classic)$" <<<"$out" &&
    ok || problem "UCI does not name the built-in network: $out"
out=$(printf 'uci\nquit\n' | "$rz")
! grep -q "^info string evaluation" <<<"$out" && ok || problem "a game without a built-in network is named: $out"
out=$(printf 'uci\nquit\n' | "$tn" --eval classic)
! grep -q "^info string evaluation" <<<"$out" && ok || problem "--eval classic still names a network: $out"

go='position startpos\ngo depth 5\n'
with_net=$(printf "uci\n$go" | uci "$tn" | uci_nodes)
plain=$(printf "uci\n$go" | uci "$rz" | uci_nodes)
out=$(printf "uci\nsetoption name EvalFile value classic\n$go" | uci "$tn")
grep -q "^info string evaluation: classic (the hand-set weights)$" <<<"$out" && ok ||
    problem "EvalFile classic is not said: $out"
classic=$(uci_nodes <<<"$out")
[[ $classic == [0-9]* ]] && [ "$classic" = "$plain" ] && [[ $with_net == [0-9]* ]] && [ "$with_net" != "$classic" ] &&
    ok || problem "EvalFile classic: $classic nodes, the build without networks $plain, with the network $with_net"
out=$(printf "uci\nsetoption name EvalFile value classic\nsetoption name EvalFile value default\n$go" | uci "$tn")
grep -q "^info string evaluation: built-in network of normal" <<<"$out" && [ "$(uci_nodes <<<"$out")" = "$with_net" ] &&
    ok || problem "EvalFile default does not bring the built-in network back: $out"

pickle='setoption name UCI_Variant value pickle\n'
link='setoption name Link value d4=x5\n'
out=$(printf "uci\n$pickle$go" | uci "$tn")
grep -q "^info string evaluation: classic in pickle: its settings differ from those its built-in network was trained under (Link=d4=x5)$" <<<"$out" &&
    ok || problem "UCI does not say why Pickle is evaluated by hand: $out"
plain=$(printf "uci\n$pickle$go" | uci "$rz" | uci_nodes)
[[ $plain == [0-9]* ]] && [ "$(uci_nodes <<<"$out")" = "$plain" ] && ok ||
    problem "Pickle under other settings does not search as the hand-set evaluation: $(uci_nodes <<<"$out"), $plain"
out=$(printf "uci\n$pickle$link$go" | uci "$tn")
grep -q "^info string evaluation: built-in network of pickle (768 inputs" <<<"$out" &&
    [[ $(uci_nodes <<<"$out") == [0-9]* ]] &&
    [ "$(uci_nodes <<<"$out")" != "$(printf "uci\n$pickle$link$go" | uci "$rz" | uci_nodes)" ] && ok ||
    problem "Pickle under its network's settings does not evaluate with it: $out"

out=$(printf 'xboard\nprotover 2\nvariant pickle\noption Link=d4=x5\nquit\n' | "$tn")
grep -q '^feature option="EvalFile -string default"' <<<"$out" &&
    grep -q "^# evaluation: built-in network of normal" <<<"$out" &&
    grep -q "^# evaluation: classic in pickle: its settings differ" <<<"$out" &&
    grep -q "^# evaluation: built-in network of pickle" <<<"$out" && ok || problem "CECP: $out"

echo "$pass checks passed, $fail failed"
[ "$fail" -eq 0 ]
