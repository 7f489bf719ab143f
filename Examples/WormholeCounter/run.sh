#!/usr/bin/env bash
# Builds the example and runs its two processes on one shared directory: the widget listening, the app sending.
# Exits non-zero unless the widget saw every update.
set -euo pipefail
cd "$(dirname "$0")"
swift build "$@"
bin=$(swift build "$@" --show-bin-path)
directory=$(mktemp -d)
trap 'rm -rf "$directory"' EXIT

"$bin/counter-widget" "$directory" 5 &
widget=$!
"$bin/counter-app" "$directory" 5
wait "$widget"
