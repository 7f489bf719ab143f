#!/usr/bin/env bash
# Builds the example and runs it; exits non-zero unless everything it expected arrived.
set -euo pipefail
cd "$(dirname "$0")"
swift build "$@"
"$(swift build "$@" --show-bin-path)/sundial-mixed"
