#!/usr/bin/env bash
# Calibrates Rule Zero's UCI_Elo in orthodox chess: at each UCI_Elo level,
# `rulezero match` against the Debian engines of the strength ladder, then a
# fit of the rating each level plays at (each opponent's anchor rating plus
# the Elo difference measured against it, weighted by its precision) and a
# straight line through those, to be turned into skill_for_elo()
# (engine/skill.c). Prints a Markdown table for docs/strength.md.
#
# Usage: scripts/calibrate-strength.sh [--games N] [--tc TC] [--levels "E1 E2 ..."]
#                                      [--opponents "NAME ..."] [--out DIR] [--rz PATH]
# Defaults: 100 games, 10+0.1, levels 1000 1400 1800 2200 2400, every ladder
# engine installed, DIR=calibration, PATH=build/rulezero. It takes many hours:
# run it on an idle machine. A tiny smoke run:
#   scripts/calibrate-strength.sh --games 2 --tc 2+0.02 --levels 1000 --opponents fairymax
#
# Anchors: the rating assumed for each opponent, on a CCRL-like blitz scale.
# They are rounded assumptions, not measurements; override them with
# ANCHORS="fairymax=1950 sjeng=2200 ..." (every figure of the fit moves with them).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
games=100 tc=10+0.1 levels="1000 1400 1800 2200 2400" out=calibration rz=$root/build/rulezero
opponents="fairymax hoichess sjeng phalanx gnuchess glaurung toga2"
while [ $# -gt 0 ]; do
    case $1 in
        --games) games=$2; shift 2 ;;
        --tc) tc=$2; shift 2 ;;
        --levels) levels=$2; shift 2 ;;
        --opponents) opponents=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --rz) rz=$2; shift 2 ;;
        *) sed -n '2,22p' "$0" >&2; exit 2 ;;
    esac
done
"$root/scripts/deps.sh" fairymax hoichess sjeng phalanx gnuchess glaurung toga2 python3
[ -x "$rz" ] || "$root/scripts/build.sh" "$root/build" Release
ANCHORS=${ANCHORS:-"fairymax=1950 hoichess=2050 sjeng=2200 phalanx=2400 gnuchess=2650 glaurung=2800 toga2=2900"}

# How each opponent is started (UCI ones through their UCI mode).
command_of() {
    case $1 in
        gnuchess) echo /usr/games/gnuchessu ;;
        *) echo "/usr/games/$1" ;;
    esac
}

mkdir -p "$out"
results=$out/results.txt
: > "$results"
for level in $levels; do
    for opp in $opponents; do
        cmd=$(command_of "$opp")
        [ -x "${cmd%% *}" ] || { echo "skip $opp: $cmd not installed" >&2; continue; }
        log=$out/$level-$opp.log
        echo "UCI_Elo $level against $opp: $games games at $tc" >&2
        "$rz" match --variant normal --engine "$rz" --engine-name "rz-$level" --protocol uci \
            --option UCI_LimitStrength=true --option "UCI_Elo=$level" \
            --engine "$cmd" --engine-name "$opp" --games "$games" --tc "$tc" \
            --random-plies 4 --seed 1 --max-moves 300 --pgn "$out/$level-$opp.pgn" >"$log" 2>&1 || true
        line=$(grep -E "^rz-$level: wins [0-9]+, draws [0-9]+, losses [0-9]+" "$log" | tail -1 || true)
        faults=$(grep -E "^rz-$level: time forfeits" "$log" | tail -1 || true)
        [ -n "$line" ] || { echo "no result for $level/$opp (see $log)" >&2; continue; }
        echo "$level $opp $(echo "$line" | sed -E 's/.*wins ([0-9]+), draws ([0-9]+), losses ([0-9]+).*/\1 \2 \3/') | $faults" >>"$results"
    done
done

python3 - "$results" "$ANCHORS" <<'PY'
import math, sys
anchors = dict(kv.split("=") for kv in sys.argv[2].split())
rows = []
for line in open(sys.argv[1]):
    head, _, faults = line.partition("|")
    level, opp, w, d, l = head.split()
    rows.append((int(level), opp, int(w), int(d), int(l), faults.strip()))
print("| UCI_Elo | opponent (anchor) | games | +/=/- | score | Elo diff (95%) | rating | faults |")
print("|--------:|----------|------:|------|------:|------|------:|------|")
fits = {}
for level, opp, w, d, l, faults in rows:
    n = w + d + l
    s = (w + d / 2) / n if n else 0.5
    # Per-game variance of the score gives the interval of the Elo difference.
    var = ((w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s ** 2) / n) if n else 0.25
    usable = 0 < s < 1 and var > 0
    elo = -400 * math.log10(1 / s - 1) if usable else float("nan")
    se = 400 / math.log(10) * math.sqrt(var / n) / (s * (1 - s)) if usable else float("nan")
    rating = float(anchors[opp]) + elo if usable and opp in anchors else float("nan")
    if usable and opp in anchors:
        fits.setdefault(level, []).append((rating, se))
    ci = f"{elo:+.0f} ± {1.96 * se:.0f}" if usable else "(score 0 or 1: none)"
    print(f"| {level} | {opp} ({anchors.get(opp, '?')}) | {n} | {w}/{d}/{l} | {100 * s:.1f}% | {ci} | "
          f"{rating:.0f} | {faults} |")
print()
print("| UCI_Elo | fitted rating | ± (95%) |")
print("|--------:|------:|------:|")
xs, ys = [], []
for level in sorted(fits):
    wsum = sum(1 / se ** 2 for _, se in fits[level])
    mean = sum(r / se ** 2 for r, se in fits[level]) / wsum
    print(f"| {level} | {mean:.0f} | {1.96 / math.sqrt(wsum):.0f} |")
    xs.append(level)
    ys.append(mean)
if len(xs) >= 2:
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    a = my - b * mx
    print(f"\nFit: rating = {a:.0f} + {b:.3f} * UCI_Elo; for the number to mean what it says,"
          f" skill_for_elo(E) should use the level L with {a:.0f} + {b:.3f} * L = E.")
PY
