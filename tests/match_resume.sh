#!/usr/bin/env bash
# `rulezero match --resume` counts right from a PGN such as a stopped SPRT
# leaves (docs/networks.md resumes Interweave's SPRT this way): a match of 10
# games whose PGN lacks two games from its middle (played at -j 2 when it was
# stopped) and ends in a game cut off in writing plays exactly the 3 missing
# games; the cut game is removed and played again; the resumed match's
# summary (score, Elo, SPRT) is that of `match --merge` of the PGN it leaves,
# which holds every game once. The engines differ in strength (Skill), so the
# games are won and lost from both colours: a colour counted wrong shows.
# Usage: tests/match_resume.sh path/to/rulezero
set -uo pipefail
rz=${1:?usage: match_resume.sh RULEZERO}
. "$(dirname "$0")/lib/scratch.sh"
. "$(dirname "$0")/lib/checks.sh"

args=(--variant interweave --engine "$rz" --engine-name strong --engine "$rz --option Skill=2" --engine-name weak
      --games 10 --depth 2 --random-plies 8 --seed 11 --max-moves 80 --sprt elo0=0,elo1=50)
"$rz" match "${args[@]}" --pgn "$tmp/whole.pgn" >/dev/null 2>&1 || problem "the whole match failed"
# Rounds 3 and 7 left out, the last game (round 10) cut after its first movetext line.
awk '/^\[Event /{n++} /^\[Round "(3|7)"\]/{skip[n]=1} {line[NR]=$0; game[NR]=n}
     END{for (i=1;i<=NR;i++) { if (skip[game[i]]) continue; if (game[i]==n && cut) continue;
          print line[i]; if (game[i]==n && line[i] ~ /^[0-9]+\./) cut=1 } }' "$tmp/whole.pgn" >"$tmp/stopped.pgn"
[ "$(grep -c '^\[Round ' "$tmp/stopped.pgn")" = 8 ] && ok || problem "the stopped PGN: $(grep '^\[Round' "$tmp/stopped.pgn")"

"$rz" match "${args[@]}" --pgn "$tmp/stopped.pgn" --resume >"$tmp/resumed.out" 2>&1 || problem "the resumed match failed"
grep -q '^Resuming: 7 of the 10 games' "$tmp/resumed.out" && ok || problem "resume: $(head -3 "$tmp/resumed.out")"
grep -q 'the last game is unreadable' "$tmp/resumed.out" && ok || problem "the cut game was not named"
[ "$(grep -c '^Game ' "$tmp/resumed.out")" = 3 ] && ok || problem "played: $(grep '^Game ' "$tmp/resumed.out")"
rounds=$(sed -n 's/^\[Round "\([0-9]*\)"\]/\1/p' "$tmp/stopped.pgn" | sort -n | tr '\n' ' ')
[ "$rounds" = "1 2 3 4 5 6 7 8 9 10 " ] && ok || problem "the PGN's rounds after the resume: $rounds"

"$rz" match --merge "$tmp/stopped.pgn" --sprt elo0=0,elo1=50 >"$tmp/merged.out" 2>&1 || problem "merge failed"
summary() { sed -n '/^Match:/,$p' "$1" | grep -v '^Merged:'; }
[ -n "$(summary "$tmp/merged.out")" ] && diff <(summary "$tmp/merged.out") <(summary "$tmp/resumed.out") && ok ||
    problem "the resumed match's summary is not its PGN's"
grep -q '^SPRT: .*LLR' "$tmp/resumed.out" && grep -Eq 'wins [1-9].*losses [1-9]' "$tmp/resumed.out" && ok ||
    problem "no SPRT or no game won and lost: $(summary "$tmp/resumed.out")"

echo "$pass checks passed, $fail failed"
[ "$fail" -eq 0 ]
