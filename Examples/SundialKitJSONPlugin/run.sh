#!/usr/bin/env bash
# Builds the plugin and its demo, runs the demo, then the plugin's tests; exits non-zero if either fails.
set -euo pipefail
cd "$(dirname "$0")"
swift build "$@"
"$(swift build "$@" --show-bin-path)/json-plugin-demo"
swift test "$@"
