#!/usr/bin/env bash
# The learned evaluation from the command line, end to end and small: data
# from `datagen`, a network from `train`, loaded by --eval-file (named over
# UCI and CECP) and by bench (deterministic, another node count than the
# hand-set evaluation, which stays the default), set and refused through
# EvalFile with the evaluation kept, EvalBlend offered, named and checked
# over UCI and CECP, and train's bad arguments refused.
# Usage: tests/nnue_cli.sh path/to/rulezero
set -uo pipefail
rz=${1:?usage: nnue_cli.sh RULEZERO}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
. "$(dirname "$0")/lib/checks.sh"

"$rz" datagen --variant normal --games 4 --nodes 300 --seed 2 --out "$dir/d.bin" >/dev/null 2>"$dir/dg.err" ||
    problem "datagen failed: $(cat "$dir/dg.err")"
"$rz" train --variant normal --data "$dir/d.bin" --out "$dir/n.nnue" --epochs 2 --hidden 32 --threads 1 \
    >"$dir/train.out" 2>&1 || problem "train failed: $(cat "$dir/train.out")"
[ -s "$dir/n.nnue" ] && ok || problem "no network written"
[ "$(wc -l <"$dir/n.nnue.csv")" -eq 4 ] && head -1 "$dir/n.nnue.csv" | grep -q "^epoch,train_loss,validation_loss" &&
    ok || problem "learning curve: $(cat "$dir/n.nnue.csv")"

classic=$("$rz" bench --variant normal --depth 4 | sed -n 's/^Nodes searched: //p')
[ "$classic" = "$("$rz" bench --variant normal --depth 4 --eval classic | sed -n 's/^Nodes searched: //p')" ] &&
    ok || problem "--eval classic is not the default"
learned=$("$rz" bench --variant normal --depth 4 --eval-file "$dir/n.nnue" | sed -n 's/^Nodes searched: //p')
again=$("$rz" bench --variant normal --depth 4 --eval-file "$dir/n.nnue" | sed -n 's/^Nodes searched: //p')
[ -n "$learned" ] && [ "$learned" = "$again" ] && [ "$learned" != "$classic" ] && ok ||
    problem "bench with the network: $learned, again $again, classic $classic"

out=$(printf 'uci\nquit\n' | "$rz" --eval-file "$dir/n.nnue")
grep -q "^info string evaluation: network (normal, 768 inputs, 2x32 hidden)" <<<"$out" && ok ||
    problem "UCI does not name the network: $out"
out=$(printf 'xboard\nprotover 2\noption EvalFile=%s\n' "$dir/n.nnue" | "$rz")
grep -q '^feature option="EvalFile -string' <<<"$out" && grep -q "^# evaluation: network (normal" <<<"$out" && ok ||
    problem "CECP EvalFile: $out"
out=$(printf 'uci\nsetoption name EvalBlend value 50\nsetoption name EvalBlend value 101\nisready\n' |
    "$rz" --eval-file "$dir/n.nnue")
grep -q "^option name EvalBlend type spin default 100 min 0 max 100" <<<"$out" &&
    grep -q "^info string evaluation: blend, 50% network (normal, 768 inputs, 2x32 hidden), 50% classic" <<<"$out" &&
    grep -q "^info string error: EvalBlend must be 0..100" <<<"$out" && ok || problem "UCI EvalBlend: $out"
out=$(printf 'xboard\nprotover 2\noption EvalBlend=25\n' | "$rz" --eval-file "$dir/n.nnue")
grep -q '^feature option="EvalBlend -spin 100 0 100"' <<<"$out" &&
    grep -q "^# evaluation: blend, 25% network" <<<"$out" && ok || problem "CECP EvalBlend: $out"
head -c 100 "$dir/n.nnue" >"$dir/cut.nnue"
out=$(printf 'uci\nsetoption name EvalFile value %s\nsetoption name EvalFile value %s\nisready\n' \
    "$dir/n.nnue" "$dir/cut.nnue" | "$rz")
grep -q "^info string error: not a valid network file: .*cut short" <<<"$out" && ok ||
    problem "a cut network is not refused: $out"
out=$(printf 'uci\nsetoption name UCI_Variant value pickle\nsetoption name EvalFile value %s\nisready\n' \
    "$dir/n.nnue" | "$rz")
grep -q "^info string error: the network '.*' is for normal, not pickle" <<<"$out" && ok ||
    problem "a network for another game is not refused: $out"
out=$(printf 'uci\nsetoption name UCI_Variant value pickle\nisready\n' | "$rz" --eval-file "$dir/n.nnue")
grep -q "^info string evaluation: classic in pickle (the network loaded is for normal)" <<<"$out" && ok ||
    problem "UCI does not say the network is for another game: $out"
out=$(printf 'xboard\nprotover 2\nvariant pickle\n' | "$rz" --eval-file "$dir/n.nnue")
grep -q "^# evaluation: classic in pickle (the network loaded is for normal)" <<<"$out" && ok ||
    problem "CECP does not say the network is for another game: $out"
msg=$("$rz" --eval-file "$dir/cut.nnue" </dev/null 2>&1)
[ $? -eq 2 ] && grep -q "cut short" <<<"$msg" && ok || problem "--eval-file of a cut file: '$msg'"
msg=$("$rz" bench --eval neural 2>&1)
[ $? -eq 2 ] && grep -q "bad evaluation 'neural'" <<<"$msg" && ok || problem "--eval neural: '$msg'"

msg=$("$rz" train --variant normal --out "$dir/x.nnue" 2>&1)
[ $? -eq 2 ] && grep -q -- "--data and --out are required" <<<"$msg" && ok || problem "train without --data: '$msg'"
msg=$("$rz" train --variant normal --data "$dir/d.bin" --out "$dir/x.nnue" --hidden 40 2>&1)
[ $? -eq 2 ] && grep -q "bad width '40'" <<<"$msg" && ok || problem "train --hidden 40: '$msg'"
msg=$("$rz" train --variant normal --data "$dir/none.bin" --out "$dir/x.nnue" 2>&1)
[ $? -eq 1 ] && grep -q "none.bin" <<<"$msg" && ok || problem "train on a missing file: '$msg'"
"$rz" train --help | grep -q -- "--lambda" && ok || problem "train --help"

echo "$pass checks passed, $fail failed"
[ "$fail" -eq 0 ]
