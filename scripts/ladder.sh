#!/usr/bin/env bash
# The ladder: Rule Zero against the chess engines Debian ships, orthodox chess,
# through `rulezero match`, and the table for docs/strength.md.
#
# Usage: scripts/ladder.sh [--games N] [--tc TC | --depth D] [--engines "NAME ..."] [--dir DIR]
#                          [--seed S] [--concurrency J] [--rz PATH] [--resume] [-- EXTRA MATCH ARGS]
#   --games N        games per opponent (default 100; each opening with both colours)
#   --tc TC          time control (default 10+0.1)
#   --depth D        a fixed depth per move instead of a clock (UCI go depth,
#                    CECP sd): no clock to lose on a loaded machine (the tests)
#   --engines LIST   opponents, from: fairymax hoichess sjeng phalanx gnuchess glaurung toga2 (default: all)
#   --dir DIR        where the PGN files, the match outputs and table.md go (default ladder/)
#   --seed S         seed of the random 4-ply openings (default 1)
#   --concurrency J  games at once per match (default 1: on a machine with idle cores only)
#   --rz PATH        the rulezero binary (default: build/rulezero, built if missing)
#   --resume         keep each opponent's PGN in DIR and play only the games it
#                    lacks (an interrupted match or shard goes on); the row
#                    then counts every game of the PGN (its wall time: this run's)
# A smoke test of every opponent (protocol, command line, what it sends):
#   scripts/ladder.sh --games 2 --tc 3+0.05
# Missing engines are installed with scripts/deps.sh. Exit code 1 when a
# match fails, an engine cannot start, a PGN does not replay, or Rule Zero
# lost a game by a fault (time forfeit, illegal move, crash, false claim,
# error); an opponent's faults are warned about and shown in the table.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/scripts/match-summary.sh"
games=100 tc=10+0.1 depth="" seed=1 jobs=1 dir=ladder rz="" resume=false
engines="fairymax hoichess sjeng phalanx gnuchess glaurung toga2"
extra=()
while [ $# -gt 0 ]; do
    case "$1" in
    --games) games=$2; shift 2 ;;
    --tc) tc=$2; shift 2 ;;
    --depth) depth=$2; shift 2 ;;
    --engines) engines=$2; shift 2 ;;
    --dir) dir=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --concurrency) jobs=$2; shift 2 ;;
    --rz) rz=$2; shift 2 ;;
    --resume) resume=true; shift ;;
    --) shift; extra=("$@"); break ;;
    -h|--help) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "ladder.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done

# Debian package, command and protocol of each opponent.
engine_command() {
    case "$1" in
    hoichess) echo "/usr/games/hoichess -x" ;;
    # GNU Chess 6.2.7's xboard mode reads one command per burst of input and
    # sends "My move is : e2e4": its UCI mode works.
    gnuchess) echo "/usr/games/gnuchess --uci" ;;
    *) echo "/usr/games/$1" ;;
    esac
}
engine_protocol() {
    case "$1" in
    gnuchess|glaurung|toga2) echo uci ;;
    fairymax|hoichess|sjeng|phalanx) echo cecp ;;
    *) echo "ladder.sh: unknown engine '$1'" >&2; exit 2 ;;
    esac
}

# Options for a fair fight on one core each: Glaurung 2.2 starts two search threads.
engine_options() {
    case "$1" in
    glaurung) echo "--option Threads=1" ;;
    esac
}

packages=()
for e in $engines; do
    engine_protocol "$e" > /dev/null
    packages+=("$e") # the Debian package has the engine's name
done
"$root/scripts/deps.sh" "${packages[@]}" >&2
if [ -z "$rz" ]; then
    rz=$root/build/rulezero
    [ -x "$rz" ] || "$root/scripts/build.sh" "$root/build" Release >&2
fi
mkdir -p "$dir"

# The five fault counters of a summary line, as a/b/c/d/e.
faults() {
    sed 's/.*time forfeits \([0-9]*\), illegal moves \([0-9]*\), crashes \([0-9]*\), false claims \([0-9]*\), other errors \([0-9]*\)$/\1\/\2\/\3\/\4\/\5/'
}

# One table row from a match's summary (Rule Zero is the first engine).
row() { # engine, match output, pgn-check status, seconds
    local s opp w d l score elo pm lo hi
    s=$(summary_of "$2")
    opp=$(sed -n '1s/^Match: .* vs \(.*\), variant [^,]*, [0-9]* games$/\1/p' <<< "$s")
    read -r w d l score < <(summary_score "$s") || true
    read -r elo pm lo hi < <(summary_elo "$s") || true
    printf '| %s (`%s`) | %d | %d | %d | %d | %s%% | %s (%s .. %s) | %s | %s | %s | %s s |\n' \
        "$opp" "$1" $((w + d + l)) "$w" "$d" "$l" "$score" "$elo" "$lo" "$hi" \
        "$(tail -n 2 <<< "$s" | head -n 1 | faults)" "$(tail -n 1 <<< "$s" | faults)" "$3" "$4"
}

# The limit of every move: the clock, or a fixed depth.
limit=(--tc "$tc")
[ -z "$depth" ] || limit=(--depth "$depth")
table=$dir/table.md
{
    echo "| opponent | games | Rule Zero wins | draws | losses | score | Elo (95% interval) | Rule Zero faults | opponent faults | pgn-check | wall time |"
    echo "|---|--:|--:|--:|--:|--:|---|---|---|---|--:|"
} > "$table"
status=0
for e in $engines; do
    pgn=$dir/ladder-$e.pgn out=$dir/ladder-$e.out
    resume_args=()
    if $resume; then resume_args=(--resume); else rm -f "$pgn"; fi
    start=$(date +%s)
    echo "== $e: $games games at ${limit[*]}" >&2
    if ! "$rz" match --variant normal --engine "$rz" --engine "$(engine_command "$e")" \
        --protocol "$(engine_protocol "$e")" $(engine_options "$e") --games "$games" "${limit[@]}" --random-plies 4 --seed "$seed" \
        --max-moves 300 --concurrency "$jobs" --pgn "$pgn" "${resume_args[@]}" "${extra[@]}" > "$out" 2> "$dir/ladder-$e.err"; then
        echo "ladder.sh: the match against $e failed:" >&2
        cat "$dir/ladder-$e.err" >&2
        status=1
        continue
    fi
    secs=$(($(date +%s) - start))
    check=OK
    "$rz" pgn-check "$pgn" > "$dir/ladder-$e.check" || { check=ERRORS; status=1; }
    result=$out
    if $resume; then # the summary of every game in the PGN, not only this run's
        result=$dir/ladder-$e.total
        "$rz" match --merge "$pgn" > "$result"
    fi
    summary=$(summary_of "$result")
    tail -n 2 <<< "$summary" | head -n 1 | grep -q "$summary_clean" || { echo "ladder.sh: Rule Zero had faults against $e" >&2; status=1; }
    tail -n 1 <<< "$summary" | grep -q "$summary_clean" || echo "ladder.sh: warning: $e had faults (see the table)" >&2
    echo "$summary" >&2
    row "$e" "$result" "$check" "$secs" >> "$table"
done
cat "$table"
echo "Faults are time forfeits/illegal moves/crashes/false claims/other errors. Files: $dir/" >&2
exit $status
