#!/usr/bin/env bash
# Builds the example and runs it: a server, the audit webhook worker, a pool of three pull-wake workers (one of
# which crashes on its first batch), and the producer, which exits non-zero unless every order was handled.
set -euo pipefail
cd "$(dirname "$0")"
swift build "$@"
bin=$(swift build "$@" --show-bin-path)
work=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
orders=${ORDERS:-90}

# Waits (30 s at most) until FILE has a line matching PATTERN.
await_line() {
    for _ in $(seq 300); do
        grep -q "$2" "$1" 2>/dev/null && return 0
        sleep 0.1
    done
    echo "timed out waiting for '$2' in $1" >&2
    cat "$1" >&2
    return 1
}

"$bin/jobs-server" "$work/data" >"$work/server.out" &
pids+=($!)
await_line "$work/server.out" '^http://'
root=$(head -n1 "$work/server.out")
echo "server: $root"

"$bin/jobs-webhook" "$root" "$orders" > >(tee "$work/webhook.out") &
webhook=$!
pids+=("$webhook")
await_line "$work/webhook.out" '^subscription'
"$bin/jobs-producer" "$root" setup
for name in worker-1 worker-2 worker-3; do
    flags=()
    [ "$name" = worker-3 ] && flags=(--crash)
    "$bin/jobs-worker" "$root" "$name" "${flags[@]}" &
    pids+=($!)
done
"$bin/jobs-producer" "$root" produce "$orders"
# The audit ends by itself once it has seen every order (a minute at most).
for _ in $(seq 600); do
    kill -0 "$webhook" 2>/dev/null || break
    sleep 0.1
done
if kill -0 "$webhook" 2>/dev/null; then
    echo "the audit did not see every order within a minute" >&2
    exit 1
fi
wait "$webhook"
echo "done"
