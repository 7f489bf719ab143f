"""Exercises a Durable Streams server with the independent Python client `durable-streams` (PyPI).

Usage: python3 python_client_interop.py BASE_URL RUN_ID

Prints one line per check ("ok <name>") and exits 0 when all pass; on the first failure it prints
"FAIL <name>: <details>" and exits 1.
"""

import json
import sys
import threading
import time

from durable_streams import DurableStream, StreamExistsError, StreamNotFoundError, stream

BASE = sys.argv[1].rstrip("/")
RUN = sys.argv[2]


def check(name, condition, details=""):
    if not condition:
        print(f"FAIL {name}: {details}", flush=True)
        sys.exit(1)
    print(f"ok {name}", flush=True)


def url(name):
    return f"{BASE}/interop/{RUN}/{name}"


def append_later(handle, payloads, delay=0.3):
    """Appends from another thread after the reader has started waiting."""

    def run():
        time.sleep(delay)  # the reader must be waiting first; the wait itself is not timed
        for payload in payloads:
            handle.append(payload)

    thread = threading.Thread(target=run)
    thread.start()
    return thread


# Create, append text, catch-up read.
text = DurableStream.create(url("text"), content_type="text/plain", batching=False)
check("create text stream", text.head().offset is not None)
first = text.append("hello ")
second = text.append("world")
check("append returns growing offsets", first.next_offset < second.next_offset, f"{first} {second}")
with text.stream(live=False) as response:
    body = response.read_text()
    check("catch-up read", body == "hello world", repr(body))
    check("catch-up is up to date", response.up_to_date)
    check("catch-up offset is the tail", response.offset == second.next_offset, response.offset)
with text.stream(offset=first.next_offset, live=False) as response:
    check("resume from an offset", response.read_text() == "world")

# Idempotent create and conflicting create.
DurableStream.create(url("text"), content_type="text/plain").close()
try:
    DurableStream.create(url("text"), content_type="application/json")
    check("conflicting create is refused", False, "no error")
except StreamExistsError:
    check("conflicting create is refused", True)

# HEAD.
head = DurableStream.head_static(url("text"))
check("head content type", head.content_type == "text/plain", head.content_type)
check("head offset", head.offset == second.next_offset, head.offset)
check("head is not cached", head.cache_control == "no-store", head.cache_control)

# JSON: appends are wrapped by the client and flattened by the server.
events = DurableStream.create(url("json"), content_type="application/json", batching=False)
events.append({"type": "created", "id": 1})
events.append({"type": "updated", "id": 1, "note": "line1\nline2"})
events.append([1, 2, 3])
with events.stream(live=False) as response:
    items = response.read_json()
expected = [{"type": "created", "id": 1}, {"type": "updated", "id": 1, "note": "line1\nline2"}, [1, 2, 3]]
check("json messages keep their boundaries", items == expected, json.dumps(items))

# Long-poll: a reader at the tail gets the next append.
tail = text.head().offset
writer = append_later(text, ["!"])
received = []
with text.stream(offset=tail, live="long-poll") as response:
    for chunk in response.iter_text():
        received.append(chunk)
        if "".join(received):
            break
writer.join()
check("long-poll delivers the next append", "".join(received) == "!", repr(received))

# SSE on a text stream: catch-up, then live data.
tail = text.head().offset
writer = append_later(text, ["live-1", "live-2"])
received = []
with text.stream(offset="-1", live="sse") as response:
    for chunk in response.iter_text():
        received.append(chunk)
        if "live-2" in "".join(received):
            break
writer.join()
joined = "".join(received)
check("sse replays history then live data", joined == "hello world!live-1live-2", repr(joined))

# SSE keeps the spaces and tabs that start a line, caught up and live.
spaced = DurableStream.create(url("spaced"), content_type="text/plain", batching=False)
spaced.append("server:\n port: 8080\n")
writer = append_later(spaced, ["\thost: a\n", "  two"])
received = []
with spaced.stream(offset="-1", live="sse") as response:
    for chunk in response.iter_text():
        received.append(chunk)
        if "".join(received).endswith("two"):
            break
writer.join()
joined = "".join(received)
check("sse keeps leading spaces and tabs", joined == "server:\n port: 8080\n\thost: a\n  two", repr(joined))
spaced.delete()
spaced.close()

# SSE on a JSON stream.
writer = append_later(events, [{"type": "deleted", "id": 1}])
batches = []
with events.stream(offset="-1", live="sse") as response:
    for item in response.iter_json():
        batches.append(item)
        if item == {"type": "deleted", "id": 1}:
            break
writer.join()
check("sse json items", batches == expected + [{"type": "deleted", "id": 1}], json.dumps(batches))

# offset=now skips history.
with text.stream(offset="now", live=False) as response:
    check("offset=now skips history", response.read_text() == "", "")

# DELETE.
text.delete()
try:
    text.head()
    check("deleted stream is gone", False, "head succeeded")
except StreamNotFoundError:
    check("deleted stream is gone", True)
try:
    with stream(url("text"), live=False) as response:
        response.read_text()
    check("reading a deleted stream fails", False, "read succeeded")
except StreamNotFoundError:
    check("reading a deleted stream fails", True)

events.delete()
text.close()
events.close()
print("all checks passed", flush=True)
