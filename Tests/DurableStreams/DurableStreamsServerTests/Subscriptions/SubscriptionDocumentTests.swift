import DurableStreamsStorage
import Foundation
import Testing

@testable import DurableStreamsServer

@Suite("Subscription documents and responses written without JSONEncoder read back as the same values")
struct SubscriptionDocumentTests {
    /// Paths that need escaping, and ones that do not.
    static let paths = [
        "orders/eu", #"quote"d/back\slash"#, "line\nfeed\ttab\r", "ctl\u{01}\u{08}\u{0C}\u{1F}", "été/ü/😀",
    ]

    @available(OS2023, *)
    static func state(wake: Bool) -> SubscriptionState {
        let configuration = SubscriptionConfiguration(
            kind: .webhook, pattern: "orders/*", streams: ["x/\"y\""], webhookURL: "https://hooks.example/a?b=c",
            wakeStream: nil, leaseMilliseconds: 45_000, description: "line\none")
        var state = SubscriptionState(
            id: "s/\"1\"", configuration: configuration, createdAt: "2026-11-27T05:00:00.000Z")
        for (index, path) in paths.enumerated() {
            state.links[path] = .init(
                explicit: index % 2 == 0, glob: index % 3 == 0, acked: StreamOffset(position: UInt64(index)),
                tail: StreamOffset(position: UInt64(index * 7 + 1)))
        }
        state.generation = 12
        if wake {
            state.wake = .init(
                id: "w_0f", snapshot: Dictionary(uniqueKeysWithValues: paths.map { ($0, StreamOffset(position: 99)) }),
                holder: "worker \"a\"", leaseDeadline: 1_800_000_000_000)
            state.retry = .init(failures: 3, nextAttemptAt: 1_800_000_001_000)
            state.publicRoot = "http://127.0.0.1:4437/v1/stream"
        }
        return state
    }

    @Test("the stored document decodes to the state it was written from", arguments: [false, true])
    @available(OS2023, *)
    func documentRoundTrip(withWake: Bool) throws {
        let state = Self.state(wake: withWake)
        let document = try state.document()
        #expect(try JSONDecoder().decode(SubscriptionState.self, from: Data(document)) == state)
        #expect(try JSONSerialization.jsonObject(with: Data(document)) is [String: Any], "well-formed JSON")
    }

    @Test("claims, webhooks and descriptions mean what JSONEncoder would have written")
    @available(OS2023, *)
    func responses() throws {
        let state = Self.state(wake: true)
        let links = SubscriptionJSON.links(state, withTails: true)
        let claim = SubscriptionJSON.Claim(wakeId: "w_1", generation: 3, token: "t.k", streams: links, leaseTtlMs: 9)
        let webhook = SubscriptionJSON.Webhook(
            subscriptionId: state.id, wakeId: "w_1", generation: 3, streams: links,
            callbackUrl: "http://127.0.0.1/x/__ds/subscriptions/s/callback", callbackToken: "t")
        try expectSameJSON(claim)
        try expectSameJSON(webhook)
        try expectSameJSON(SubscriptionJSON.subscription(state, kid: "ds_k"))
        try expectSameJSON(SubscriptionJSON.subscription(Self.state(wake: false)))
        var empty = Self.state(wake: false)
        empty.links = [:]
        try expectSameJSON(SubscriptionJSON.subscription(empty))
    }

    @available(OS2023, *)
    private func expectSameJSON(_ value: some Encodable, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let expected = try JSONSerialization.jsonObject(with: encoder.encode(value)) as? NSDictionary
        let written = try JSONSerialization.jsonObject(with: Data(SubscriptionJSON.encode(value))) as? NSDictionary
        #expect(written != nil && written == expected, sourceLocation: sourceLocation)
    }
}
