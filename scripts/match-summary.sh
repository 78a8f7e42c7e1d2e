# Reading the summary that `rulezero match` prints at its end; sourced by
# ladder.sh and variant-gain.sh.

# A fault line with no fault (either engine's last summary line).
summary_clean='time forfeits 0, illegal moves 0, crashes 0, false claims 0, other errors 0'

# The summary of a match's output file: from its "Match:" line on.
summary_of() { sed -n '/^Match:/,$p' "$1"; }

# "W D L SCORE" of the first engine, from a summary.
summary_score() {
    sed -n '2s/.*: wins \([0-9]*\), draws \([0-9]*\), losses \([0-9]*\), score \([0-9.]*\)%.*/\1 \2 \3 \4/p' <<< "$1"
}

# "ELO HALF-WIDTH LOW HIGH" (the 95% interval), from a summary.
summary_elo() {
    sed -n '3s/^Elo difference: \([^ ]*\) +\/- \([^ ]*\) (95%: \([^ ]*\) \.\. \([^)]*\))$/\1 \2 \3 \4/p' <<< "$1"
}
