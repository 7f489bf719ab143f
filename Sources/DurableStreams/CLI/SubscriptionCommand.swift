import ArgumentParser
import DurableStreams
import Foundation

/// `durable-streams subscription create|get|delete ROOT ID`: manages a subscription.
@available(OS2022, *)
struct SubscriptionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "subscription", abstract: "Create, show or delete a subscription.",
        subcommands: [Create.self, Get.self, Delete.self])

    /// `subscription create`.
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a subscription (or re-confirm an identical one).",
            discussion: "ROOT is the stream root, e.g. http://127.0.0.1:4437 or https://host/v1/stream.")

        @OptionGroup var options: ClientOptions
        @Argument(help: "The subscription's id.") var id: String
        @Option(help: "A glob over stream paths under the root: * is one segment, ** any number.") var pattern: String?
        @Option(name: .customLong("stream"), help: "A stream to link explicitly (repeatable).") var streams: [String] =
            []
        @Option(name: .customLong("wake-stream"), help: "Pull-wake: the stream wake events go to.") var wakeStream:
            String?
        @Option(help: "Webhook: the URL wakes are posted to.") var webhook: String?
        @Option(name: .customLong("lease-ms"), help: "The lease in milliseconds (1000–600000).") var leaseMilliseconds =
            30_000
        @Option(help: "A description.") var description: String?

        func validate() throws {
            guard (wakeStream == nil) != (webhook == nil) else {
                throw ValidationError("give exactly one of --wake-stream and --webhook")
            }
            if let webhook, URL(string: webhook)?.scheme == nil { throw ValidationError("--webhook must be a URL") }
        }

        func run() async throws {
            let delivery: SubscriptionSpec.Delivery =
                if let webhook, let url = URL(string: webhook) { .webhook(url: url) } else {
                    .pullWake(wakeStream: wakeStream ?? "")
                }
            let spec = SubscriptionSpec(
                delivery: delivery, pattern: pattern, streams: streams,
                leaseTTL: .milliseconds(leaseMilliseconds), description: description)
            let subscription = try await options.withConfiguration { configuration throws(DurableStreamError) in
                try await SubscriptionClient(root: options.streamURL, configuration: configuration.http)
                    .create(id, spec)
            }
            print("\(subscription.wasCreated ? "created" : "unchanged") \(subscription.id)")
            SubscriptionCommand.show(subscription)
        }
    }

    /// `subscription get`.
    struct Get: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a subscription and its streams' cursors.")

        @OptionGroup var options: ClientOptions
        @Argument(help: "The subscription's id.") var id: String

        func run() async throws {
            let subscription = try await options.withConfiguration { configuration throws(DurableStreamError) in
                try await SubscriptionClient(root: options.streamURL, configuration: configuration.http).get(id)
            }
            SubscriptionCommand.show(subscription)
        }
    }

    /// `subscription delete`.
    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a subscription.")

        @OptionGroup var options: ClientOptions
        @Argument(help: "The subscription's id.") var id: String

        func run() async throws {
            try await options.withConfiguration { configuration throws(DurableStreamError) in
                try await SubscriptionClient(root: options.streamURL, configuration: configuration.http).delete(id)
            }
            print("deleted \(id)")
        }
    }

    /// One line for the subscription, then one per stream: path, link type, acknowledged offset.
    static func show(_ subscription: Subscription) {
        let delivery =
            subscription.wakeStream.map { "wake stream \($0)" } ?? subscription.webhookURL.map { "webhook \($0)" } ?? ""
        print("\(subscription.type) \(delivery), lease \(subscription.leaseTTL), \(subscription.status)")
        for stream in subscription.streams {
            print("\(stream.path)\t\(stream.linkType)\t\(stream.ackedOffset.rawValue)")
        }
    }
}

/// `durable-streams worker ROOT ID`: a pull-wake worker that prints each stream's new data and acknowledges it.
@available(OS2022, *)
struct WorkerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worker", abstract: "Claim a pull-wake subscription's work, print it and acknowledge it.",
        discussion: "Each stream's new data is printed as `PATH<TAB>DATA` once per wake, then acknowledged.")

    @OptionGroup var options: ClientOptions
    @Argument(help: "The subscription's id.") var id: String
    @Option(help: "The worker's name (unique among the subscription's workers).")
    var name = "worker-\(ProcessInfo.processInfo.processIdentifier)"
    @Option(name: .customLong("max-wakes"), help: "Stop after this many wakes (default: run until interrupted).")
    var maxWakes: Int?

    func validate() throws {
        if let maxWakes, maxWakes < 1 { throw ValidationError("--max-wakes must be positive") }
    }

    func run() async throws {
        try await options.withConfiguration { configuration throws(DurableStreamError) in
            let client = try SubscriptionClient(root: options.streamURL, configuration: configuration.http)
            var handled = 0
            do {
                for try await wake in PullWakeWorker(client: client, subscription: id, worker: name) {
                    for stream in wake.pending {
                        let batch = try await wake.read(stream)
                        print("\(stream.path)\t\(String(decoding: batch.data, as: UTF8.self))")
                        try await wake.ack(stream, through: batch.offset)
                    }
                    try await wake.finish()
                    handled += 1
                    if let maxWakes, handled >= maxWakes { return }
                }
            } catch let error as DurableStreamError {
                throw error
            } catch {
                throw DurableStreamError.cancelled
            }
        }
    }
}
