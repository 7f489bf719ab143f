// The ```swift blocks of Sources/DurableStreams/README.md and Sources/DurableStreams/Server/README.md, word for word
// (scripts/readme-snippets checks it), compiled here and run by ReadmeTests.
import DurableStreams
import DurableStreamsServer
import DurableStreamsWebhooks
import Foundation

/// The client README's quick start.
@available(OS2023, *)
struct ClientReadme {
    struct Event: Codable, Sendable {
        var id: Int
        var text: String
    }

    /// Creates the stream (or connects to it) and appends two events, exactly once.
    func produce(to url: URL) async throws -> DurableStreamHandle {
        let handle = try await DurableStreamHandle.createOrConnect(
            url: url,
            configuration: .init(idempotentProducer: .enabled(producerId: "orders-1", onError: { print($0) }))
        )
        handle.append(Event(id: 1, text: "created"))  // returns at once; batched, pipelined, exactly once
        handle.append(Event(id: 2, text: "shipped"))
        try await handle.flush()  // everything acknowledged
        return handle
    }

    /// Reads everything after `checkpoint`; if retention dropped part of it, reads what remains and says so.
    func catchUp(_ handle: DurableStreamHandle, from checkpoint: Offset) async throws -> (text: String, skipped: Bool) {
        let (response, skippedTo) = try await handle.streamSkippingDropped(from: checkpoint, live: .catchUp)
        return (try await response.text().text, skippedTo != nil)  // skippedTo: where the read really started
    }

    /// Every event up to the tail, and the offset to resume from later.
    func readAll(from url: URL) async throws -> (events: [Event], checkpoint: Offset) {
        let result = try await DurableStream.stream(url: url).json(as: Event.self)
        return (result.items, result.offset)
    }

    /// Prints each event after `checkpoint` as it arrives; returns the last offset once the stream is closed.
    func tail(_ url: URL, from checkpoint: Offset) async throws -> Offset {
        var checkpoint = checkpoint
        let response = try await DurableStream.stream(url: url, offset: checkpoint, live: .longPoll)  // or .sse
        for try await batch in response.jsonStream(as: Event.self) {
            for event in batch.items { print(event) }
            checkpoint = batch.offset  // per-batch resumption point: save it to resume after a restart
        }  // ends by itself when the stream is closed
        return checkpoint
    }

    /// Appends a third event to `orders`, then forks it there: the fork gets a fourth event of its own.
    func forkAfterPayment(_ orders: DurableStreamHandle, to draftURL: URL) async throws -> DurableStreamHandle {
        let checkpoint = try await orders.appendSync(Event(id: 3, text: "paid")).offset
        let draft = try await DurableStreamHandle.fork(url: draftURL, from: orders.url, at: checkpoint)
        try await draft.appendSync(Event(id: 4, text: "refunded"))  // reads of `draft`: 1, 2, 3, 4; `orders` unchanged
        return draft
    }

    /// The README's error matching: an append to a closed stream is told apart from one to a missing stream.
    func appendLate(to handle: DurableStreamHandle) async throws {
        do {
            try await handle.appendSync(Event(id: 5, text: "late"))
        } catch DurableStreamError.streamClosed {
            // no more appends: the stream has ended
        } catch DurableStreamError.notFound {
            // create it first
        }
    }

    /// Runs the steps against a server, e.g. `try await quickStart(server: URL(string: "http://127.0.0.1:4437")!)`.
    func quickStart(server: URL) async throws -> [Event] {
        let url = server.appendingPathComponent("events-\(UUID().uuidString)")
        let orders = try await produce(to: url)
        let (events, checkpoint) = try await readAll(from: url)  // created, shipped
        let draft = try await forkAfterPayment(orders, to: server.appendingPathComponent("draft-\(UUID().uuidString)"))
        try await orders.closeStream()  // readers see the end of the stream
        _ = try await tail(url, from: checkpoint)  // prints "paid", then returns: the stream is closed
        let forked = try await readAll(from: draft.url).events  // created, shipped, paid, refunded
        return events + forked
    }

    /// One worker of a pool: processes every order stream's new data, then acknowledges it.
    func runOrderWorker(root: URL, name: String, process: (Data) throws -> Void) async throws {
        let subscriptions = try SubscriptionClient(root: root)
        try await subscriptions.create("orders", .pullWake(wakeStream: "wake/orders", pattern: "orders/*"))
        for try await wake in PullWakeWorker(client: subscriptions, subscription: "orders", worker: name) {
            for stream in wake.pending {
                let batch = try await wake.read(stream)  // from the acknowledged offset to the tail
                try process(batch.data)
                try await wake.ack(stream, through: batch.offset)  // durable, and renews the lease
            }
            try await wake.finish()
        }
    }

    /// The handler of a webhook URL: checks the request, processes the new data, acknowledges it.
    func handleWake(
        body: Data, signature: String?, receiver: WebhookReceiver, subscriptions: SubscriptionClient,
        process: (Data) throws -> Void
    ) async throws {
        let wake = try await receiver.receive(body: body, signature: signature)
        var processed: [String: Offset] = [:]
        for stream in wake.pending {
            let batch = try await subscriptions.read(stream)  // from the acknowledged offset to the tail
            try process(batch.data)
            processed[stream.path] = batch.offset
        }
        try await subscriptions.callback(wake, processed, done: true)
    }
}

/// The server README's embedding example; returns the port the server listened on.
@available(OS2023, *)
struct ServerReadme {
    func run() async throws -> Int {
        let server = DurableStreamsServer(configuration: .init(port: 0))  // in memory, free port
        let port = try await server.start()
        // ... talk to http://127.0.0.1:\(port)/any/path with any Durable Streams client
        await server.stop()
        return port
    }
}
