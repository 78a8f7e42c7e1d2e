# A test script's scratch folder, sourced by it
# (`. "$(dirname "$0")/lib/scratch.sh"`): $tmp, removed when the script exits.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
