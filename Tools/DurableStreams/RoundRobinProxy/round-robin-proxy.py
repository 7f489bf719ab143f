#!/usr/bin/env python3
"""A loopback TCP proxy that hands each new connection to the next of several servers, in turn.

    round-robin-proxy.py PORT_FILE HOST:PORT [HOST:PORT ...]

Listens on a free port of 127.0.0.1, writes "http://127.0.0.1:PORT" to PORT_FILE once it accepts connections,
and copies bytes both ways until either side closes. Used by scripts/conformance to spread a client's
connections over several Durable Streams server nodes that share one PostgreSQL store: a reader's long-poll
and a writer's append then usually reach different nodes. Standard library only.
"""
import asyncio
import itertools
import sys


async def pipe(reader, writer):
    try:
        while True:
            data = await reader.read(65536)
            if not data:
                break
            writer.write(data)
            await writer.drain()
    except (ConnectionError, asyncio.CancelledError):
        pass
    finally:
        try:
            writer.close()
        except Exception:
            pass


async def main():
    port_file = sys.argv[1]
    backends = []
    for target in sys.argv[2:]:
        host, _, port = target.rpartition(":")
        backends.append((host, int(port)))
    if not backends:
        sys.exit("round-robin-proxy: name at least one HOST:PORT")
    turn = itertools.cycle(backends)

    async def handle(client_reader, client_writer):
        host, port = next(turn)
        try:
            server_reader, server_writer = await asyncio.open_connection(host, port)
        except OSError:
            client_writer.close()
            return
        await asyncio.gather(pipe(client_reader, server_writer), pipe(server_reader, client_writer))

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    with open(port_file, "w") as handle_file:
        handle_file.write(f"http://127.0.0.1:{port}\n")
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
