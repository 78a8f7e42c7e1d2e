#!/usr/bin/env bash
# Rule Zero's threads at work, one part per run. Built with -fsanitize=thread
# (the ThreadSanitizer stage of scripts/test.sh), any data race report fails
# it; in an ordinary build it is a smoke test of the threads.
#   search  a threaded search end to end: UCI with Threads=2 (timed search,
#           MultiPV, ponder and ponderhit, infinite analysis stopped, a
#           thread-count change between searches) and CECP with cores 2 (a game
#           move, pondering on the reply, analysis), in two variants
#   match   `rulezero match --concurrency 2` in two variants: two games at once,
#           each on a thread of the runner, Rule Zero (UCI in normal, CECP in
#           Dialectic) against a built-in player moving in the runner itself,
#           random openings, short games, one PGN file written by both
#   gui     the GUI server with two pages at once (tests/gui_server/
#           two_pages_threads.py): an engine game watched, a game played, the
#           analysis board; then games with seats (issue 32: --db), many at
#           once with spectators (tests/gui_server/load_seats.py, short) and
#           the seats' checks (test_seats.py); skipped (77) without python3
#           or in a binary built without the GUI
# Reports go to files (TSAN_OPTIONS log_path) as well as the exit status, so
# that those of the engine processes the match and the GUI start, whose
# standard error is not kept, count too.
# Usage: tests/threads_tsan.sh RULEZERO [search|match|gui]   (no part: all three)
set -uo pipefail
rz=$(realpath "$1")
part=${2:-all}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=$tmp/out err=$tmp/err
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 log_path=$tmp/tsan ${TSAN_OPTIONS:-}"
fail() {
    echo "FAIL: $*"
    echo "--- stdout"; tail -20 "$out"
    echo "--- stderr"; head -60 "$err"
    for f in "$tmp"/tsan.*; do [ -e "$f" ] && { echo "--- $f"; head -80 "$f"; }; done
    exit 1
}
# No ThreadSanitizer report from this process or any it started.
clean() {
    grep -q ThreadSanitizer "$err" && fail "$1: ThreadSanitizer report"
    compgen -G "$tmp/tsan.*" >/dev/null && fail "$1: ThreadSanitizer report"
    return 0
}

# The dialogues wait for the engine's answers (a bestmove, a thinking line)
# before the next command, never a fixed sleep: on a loaded machine a search
# may take any time. LINE_WAIT: the longest wait for one line (generous: a
# ThreadSanitizer build on a busy machine is slow).
LINE_WAIT=300
# engine: starts RULEZERO as a coprocess (stdout to $out, stderr to $err).
engine() { : >"$out"; coproc RZ { "$rz" 2>"$err"; }; }
send() { printf '%s\n' "$@" >&"${RZ[1]}"; }
# await PATTERN WHAT: reads the engine's lines until one matches the
# extended regular expression PATTERN.
await() {
    local line
    while IFS= read -r -t "$LINE_WAIT" line <&"${RZ[0]}"; do
        printf '%s\n' "$line" >>"$out"
        [[ $line =~ $1 ]] && return 0
    done
    fail "$2: no line matching '$1' within $LINE_WAIT s"
}
# finish WHAT: after quit, the engine's exit status must be 0.
finish() {
    local pid=$RZ_PID in=${RZ[1]} rc
    exec {in}>&-
    cat <&"${RZ[0]}" >>"$out"
    wait "$pid"
    rc=$?
    [ $rc -eq 0 ] || fail "$1: exit status $rc"
}

uci_dialogue() {
    engine
    send uci; await '^uciok' "UCI $1"
    send "setoption name UCI_Variant value $1" 'setoption name Threads value 2' isready
    await '^readyok' "UCI $1"
    send 'position startpos' 'go movetime 400'; await '^bestmove ' "UCI $1: go movetime"
    send 'setoption name MultiPV value 3' 'go depth 5'; await '^bestmove ' "UCI $1: go depth 5 with MultiPV 3"
    send 'setoption name MultiPV value 1' 'go ponder wtime 3000 btime 3000'; await '^info .*depth' "UCI $1: pondering"
    send ponderhit; await '^bestmove ' "UCI $1: ponderhit"
    send 'go infinite'; await '^info .*depth' "UCI $1: go infinite"
    send stop; await '^bestmove ' "UCI $1: stop"
    send 'setoption name Threads value 3' 'go movetime 300'; await '^bestmove ' "UCI $1: 3 threads"
    send quit; finish "UCI $1"
}

cecp_dialogue() {
    engine
    send xboard 'protover 2'; await 'done=1' "CECP $1"
    send 'cores 2' hard new "variant $1" 'st 1' post go; await '^move ' "CECP $1: go"
    send analyze; await '^ *[0-9]+ ' "CECP $1: analyze"
    send exit quit; finish "CECP $1"
}

search() {
    for v in normal interweave; do
        uci_dialogue "$v"
        clean "UCI $v"
        [ "$(grep -c '^bestmove ' "$out")" -eq 5 ] || fail "UCI $v: expected 5 bestmoves"
        grep -q ' multipv 3 ' "$out" || fail "UCI $v: no MultiPV line"

        cecp_dialogue "$v"
        clean "CECP $v"
        grep -q '^move ' "$out" || fail "CECP $v: no move"
        echo "ok search $v"
    done
}

# Four games, two at once, short (a draw is adjudicated after 12 moves each);
# LIMIT is the engine's per move, generous where it is a time (a
# ThreadSanitizer build is slow; CECP's `st` counts whole seconds).
match() {
    local v=$1 protocol=$2 baseline=$3 limit=$4
    local start=$SECONDS
    # shellcheck disable=SC2086 # LIMIT is an option and its value
    "$rz" match --variant "$v" --engine "$rz" --protocol "$protocol" --engine "$baseline" --games 4 \
        --concurrency 2 $limit --timemargin 2000 --max-moves 12 --random-plies 2 --seed 5 \
        --pgn "$tmp/$v.pgn" >"$out" 2>"$err"
    rc=$?
    [ $rc -eq 0 ] || fail "match $v: exit status $rc"
    clean "match $v"
    grep -q "^Match: .*, variant $v, 4 games" "$out" || fail "match $v: no summary of 4 games"
    [ "$(grep -c 'time forfeits 0, illegal moves 0, crashes 0, false claims 0, other errors 0' "$out")" -eq 2 ] ||
        fail "match $v: a player forfeited, crashed or erred"
    [ "$(grep -c '^\[Result ' "$tmp/$v.pgn")" -eq 4 ] || fail "match $v: the PGN does not hold 4 games"
    "$rz" pgn-check "$tmp/$v.pgn" >"$out" 2>"$err" || fail "match $v: its PGN does not replay"
    echo "ok match $v ($((SECONDS - start)) s)"
}

matches() {
    match normal uci builtin:greedy "--st 0.2"
    match dialectic cecp builtin:random "--depth 4"
}

gui() {
    command -v python3 >/dev/null || { echo "SKIP: python3 is not installed"; exit 77; }
    "$rz" gui --help >/dev/null 2>&1 || { echo "SKIP: $rz was built without the GUI"; exit 77; }
    local start=$SECONDS
    python3 "$root/tests/gui_server/two_pages_threads.py" "$rz" >"$out" 2>"$err"
    rc=$?
    cat "$out"
    [ $rc -eq 0 ] || fail "gui: exit status $rc"
    clean "gui"
    python3 "$root/tests/gui_server/load_seats.py" "$rz" 10 20 4 >"$out" 2>"$err"
    rc=$?
    cat "$out"
    [ $rc -eq 0 ] || fail "gui with seats, under load: exit status $rc"
    clean "gui with seats, under load"
    python3 "$root/tests/gui_server/test_seats.py" "$rz" >"$out" 2>"$err"
    rc=$?
    tail -1 "$out"
    [ $rc -eq 0 ] || fail "gui with seats: exit status $rc"
    clean "gui with seats"
    echo "ok gui ($((SECONDS - start)) s)"
}

case $part in
search) search ;;
match) matches ;;
gui) gui ;;
all) search; matches; gui ;;
*) echo "usage: $0 RULEZERO [search|match|gui]"; exit 2 ;;
esac
