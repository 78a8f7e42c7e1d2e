#!/usr/bin/env bash
# The man page renders without a warning, has the binary's version, and names
# everything the engine offers: every option `rulezero --help` and each
# subcommand's `--help` print (long and short forms, as the pair `-x, --long`
# where help pairs them), every subcommand, every variant id, and every engine
# option offered over UCI and CECP. The part `man` (its own test, manpage_man):
# `man -l --warnings` reports nothing, skipped (exit 77) without man (man-db).
# Usage: tests/manpage.sh path/to/rulezero path/to/rulezero.6 [page|man]
set -uo pipefail
rz=${1:?usage: manpage.sh RULEZERO MANPAGE [page|man]}
page=${2:?usage: manpage.sh RULEZERO MANPAGE [page|man]}
. "$(dirname "$0")/lib/checks.sh"

if [ "${3:-page}" = man ]; then
    man=${MAN:-man}
    command -v "$man" >/dev/null || { echo "SKIPPED: $man is not installed (Debian package man-db)"; exit 77; }
    warnings=$(MANWIDTH=80 "$man" -l --warnings "$page" 2>&1 >/dev/null)
    [ -z "$warnings" ] || { echo "FAIL: man -l warnings: $warnings"; exit 1; }
    echo "ok: man -l --warnings reports nothing"
    exit 0
fi
warnings=$(groff -ww -man -z "$page" 2>&1)
[ -z "$warnings" ] && pass=$((pass + 1)) || problem "groff warnings: $warnings"

# The page as plain text on very long lines, unhyphenated, so that every
# option is one unbroken word.
text=$(groff -man -Tascii -rHY=0 -rLL=400n -P-c -P-b -P-u "$page" 2>/dev/null)
mentions() { grep -qF -- "$1" <<<"$text"; }
need() { # what, text the page must contain
    if mentions "$2"; then pass=$((pass + 1)); else problem "$1 '$2' is not in the man page"; fi
}

version=$("$rz" --version | awk '{print $2}')
if grep -q "^\.TH RULEZERO 6 .* \"rulezero $version\"" "$page"; then pass=$((pass + 1)); else
    problem "the .TH line does not give version $version"; fi

help=$("$rz" --help)
subcommands=$(sed -n '/^Subcommands:/,/^Options:/p' <<<"$help" | grep -oE '^  [a-z][a-z-]*' | tr -d ' ')
[ -n "$subcommands" ] || problem "no subcommands found in --help"
for s in $subcommands; do need subcommand "rulezero $s"; done

# Options of the main help and of every subcommand with a help of its own.
helps=$help
for s in $subcommands; do
    sub=$("$rz" "$s" --help 2>/dev/null) && [ "$sub" != "$help" ] && helps+=$'\n'"$sub"
done
while read -r pair; do need option "$pair"; done < <(grep -oE '(^|[ [])-[A-Za-z], --[a-z][a-z-]*' <<<"$helps" | sed 's/^[ [ ]*//' | sort -u)
while read -r long; do need option "$long"; done < <(grep -oE '(^|[ [(|])--[a-z][a-z-]*' <<<"$helps" | sed 's/^[^-]*//' | sort -u)

variants=$(sed -n 's/^Variants: //p' <<<"$help")
[ -n "$variants" ] || problem "no variant list in --help"
for v in $variants; do need "variant id" "$v"; done

uci_options=$(printf 'uci\nquit\n' | "$rz" | sed -n 's/^option name \(.*\) type .*/\1/p')
[ -n "$uci_options" ] || problem "no UCI options announced"
while read -r o; do need "UCI option" "$o"; done <<<"$uci_options"
cecp_options=$(printf 'xboard\nprotover 2\nquit\n' | "$rz" | sed -n 's/^feature option="\([^ ]*\) -.*/\1/p')
while read -r o; do [ -z "$o" ] || need "CECP option" "$o"; done <<<"$cecp_options"

echo "$pass checks passed, $fail failed"
[ "$fail" -eq 0 ]
