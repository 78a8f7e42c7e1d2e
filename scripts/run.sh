#!/usr/bin/env bash
# Installs what is missing, builds, and runs build/rulezero with the given arguments.
# Usage: scripts/run.sh [ARGS...]     e.g. scripts/run.sh perft -v normal -d 5
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/deps.sh" >&2
"$root/scripts/build.sh" "$root/build" Release >&2
exec "$root/build/rulezero" "$@"
