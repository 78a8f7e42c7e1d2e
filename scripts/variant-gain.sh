#!/usr/bin/env bash
# What a new build gains over an old one in every variant: node-limited
# matches (the same nodes per move for both, so the figure does not depend on
# the machine's load), and the table for docs/strength.md.
#
# Usage: scripts/variant-gain.sh --new PATH --old PATH [--variants "V ..."] [--games N]
#                                [--nodes K] [--seed S] [--concurrency J] [--dir DIR]
#                                [--sprt SPEC] [-- EXTRA MATCH ARGS]
#   --new PATH       the candidate rulezero binary (first engine)
#   --old PATH       the binary it is measured against
#   --variants LIST  default: every variant `rulezero --help` lists
#   --games N        games per variant (default 400; each opening with both colours)
#   --nodes K        nodes per move for both sides (default 10000)
#   --seed S         seed of the random 4-turn openings (default 1)
#   --concurrency J  games at once per match (default 1)
#   --dir DIR        PGN files, match outputs and table.md (default gain/)
#   --sprt SPEC      also judge each variant's games by this SPRT (from the PGN,
#                    after all N games: `rulezero match --merge --sprt`)
# A row per variant: W/D/L, score, Elo with its 95% interval, faults, and
# the SPRT's verdict when asked. Exit code 1 when a match fails, a PGN does
# not replay, or either side had a fault.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/scripts/match-summary.sh"
new="" old="" variants="" games=400 nodes=10000 seed=1 jobs=1 dir=gain sprt=""
extra=()
while [ $# -gt 0 ]; do
    case "$1" in
    --new) new=$2; shift 2 ;;
    --old) old=$2; shift 2 ;;
    --variants) variants=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    --nodes) nodes=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --concurrency) jobs=$2; shift 2 ;;
    --dir) dir=$2; shift 2 ;;
    --sprt) sprt=$2; shift 2 ;;
    --) shift; extra=("$@"); break ;;
    -h|--help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "variant-gain.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done
if [ -z "$new" ] || [ -z "$old" ]; then
    echo "variant-gain.sh: --new and --old are required (see --help)" >&2
    exit 2
fi
if [ -z "$variants" ]; then
    variants=$("$new" --help | sed -n "s/^Variants: //p")
fi
[ -n "$variants" ] || { echo "variant-gain.sh: no variant list (give --variants)" >&2; exit 2; }
mkdir -p "$dir"

table=$dir/table.md
{
    echo "| variant | games | new wins | draws | losses | score | Elo (95% interval) | faults (new, old) | SPRT | wall time |"
    echo "|---|--:|--:|--:|--:|--:|---|---|---|--:|"
} > "$table"
status=0
for v in $variants; do
    pgn=$dir/gain-$v.pgn out=$dir/gain-$v.out
    rm -f "$pgn"
    start=$(date +%s)
    echo "== $v: $games games at $nodes nodes a move" >&2
    if ! "$new" match --variant "$v" --engine "$new" --engine-name new --engine "$old" --engine-name old \
        --nodes "$nodes" --games "$games" --random-plies 4 --seed "$seed" --max-moves 300 \
        --concurrency "$jobs" --pgn "$pgn" "${extra[@]}" > "$out" 2> "$dir/gain-$v.err"; then
        echo "variant-gain.sh: the match in $v failed:" >&2
        cat "$dir/gain-$v.err" >&2
        status=1
        continue
    fi
    secs=$(($(date +%s) - start))
    "$new" pgn-check "$pgn" > "$dir/gain-$v.check" || { echo "variant-gain.sh: $pgn does not replay" >&2; status=1; }
    s=$(summary_of "$out")
    read -r w d l score < <(summary_score "$s")
    read -r elo pm lo hi < <(summary_elo "$s")
    f_new=$(tail -n 2 <<< "$s" | head -n 1) f_old=$(tail -n 1 <<< "$s")
    faults=clean
    if ! grep -q "$summary_clean" <<< "$f_new" || ! grep -q "$summary_clean" <<< "$f_old"; then
        faults="new: ${f_new#*: }; old: ${f_old#*: }"
        status=1
    fi
    verdict=—
    if [ -n "$sprt" ]; then
        verdict=$("$new" match --merge "$pgn" --sprt "$sprt" | sed -n 's/^SPRT: .*: \(LLR [^ ]*\) (bounds [^)]*): \(.*\)$/\1, \2/p' | head -n 1)
    fi
    printf '| `%s` | %d | %d | %d | %d | %s%% | %s ± %s (%s .. %s) | %s | %s | %s s |\n' \
        "$v" $((w + d + l)) "$w" "$d" "$l" "$score" "$elo" "$pm" "$lo" "$hi" "$faults" "$verdict" "$secs" >> "$table"
done
cat "$table"
exit $status
