import CourierTestSupport
import Foundation
import SundialKitConnectivity
import SundialKitTesting
import Testing

/// A phone and a watch manager over one simulated pair, both activated.
@available(OS2022, *)
struct ActivatedPair {
    let pair: PairedSessions
    let phone: ConnectivityManager
    let watch: ConnectivityManager
    let phoneEvents: EventLog
    let watchEvents: EventLog

    /// - Parameter watchKeepsMessages: Whether the watch's log keeps received messages (and so their
    ///   replies); without it, messages the test does not answer are acknowledged at once.
    init(
        configuration: PairedSessions.Configuration = .init(),
        activate: Bool = true,
        watchKeepsMessages: Bool = true
    ) async throws {
        pair = PairedSessions(configuration: configuration)
        phone = ConnectivityManager(session: pair.phone)
        watch = ConnectivityManager(session: pair.watch)
        phoneEvents = EventLog(phone)
        watchEvents = EventLog(watch, keepsMessages: watchKeepsMessages)
        if activate {
            try await phone.activate(timeout: .seconds(60))
            try await watch.activate(timeout: .seconds(60))
            _ = try await phoneEvents.next { $0.reachable == true }
            _ = try await watchEvents.next { $0.reachable == true }
        }
    }
}

/// Every event of one manager, as an `AsyncStream` that tests await with a timeout.
@available(OS2022, *)
final class EventLog: Sendable {
    let stream: AsyncStream<ConnectivityEvent>
    private let subscription: ConnectivityEventSubscription
    private let continuation: AsyncStream<ConnectivityEvent>.Continuation

    init(_ manager: ConnectivityManager, keepsMessages: Bool = true) {
        let (stream, continuation) = AsyncStream.makeStream(of: ConnectivityEvent.self)
        self.stream = stream
        self.continuation = continuation
        subscription = manager.addEventHandler { event in
            if !keepsMessages, event.received != nil { return }
            continuation.yield(event)
        }
    }

    deinit {
        subscription.cancel()
        continuation.finish()
    }

    /// The next event that matches, within 10 s.
    func next(where predicate: @escaping @Sendable (ConnectivityEvent) -> Bool) async throws -> ConnectivityEvent {
        let event = try await stream.firstValue(within: .seconds(60), where: predicate)
        return try #require(event, "the event stream ended")
    }

    /// The next received message.
    func nextMessage() async throws -> ConnectivityReceiveResult {
        let event = try await next { $0.received != nil }
        return try #require(event.received)
    }
}

@available(OS2022, *)
extension ConnectivityEvent {
    var reachable: Bool? {
        guard case .stateChanged(let state) = self else { return nil }
        return state.isReachable
    }

    var received: ConnectivityReceiveResult? {
        guard case .messageReceived(let received) = self else { return nil }
        return received
    }

    var file: ConnectivityFile? {
        guard case .fileReceived(let file) = self else { return nil }
        return file
    }
}

struct ColorMessage: Messagable, Equatable {
    static let key = "color"
    let red: Double
    let green: Double
    let blue: Double

    init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    init(from parameters: [String: any Sendable]) throws {
        guard let red = parameters["red"] as? Double, let green = parameters["green"] as? Double,
            let blue = parameters["blue"] as? Double
        else {
            throw SerializationError.missingField("red, green, blue")
        }
        self.init(red: red, green: green, blue: blue)
    }

    func parameters() -> [String: any Sendable] {
        ["red": red, "green": green, "blue": blue]
    }
}

struct Reading: BinaryMessagable, Equatable {
    static let key = "reading"
    let value: UInt32

    init(value: UInt32) {
        self.value = value
    }

    init(from data: Data) throws {
        guard data.count == 4 else {
            throw SerializationError.invalidDataSize(expected: 4, actual: data.count)
        }
        value = data.reduce(into: UInt32(0)) { $0 = $0 << 8 | UInt32($1) }
    }

    func encode() throws -> Data {
        Data([UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }
}

struct Workout: CodableMessagable, Equatable {
    static let key = "workout"
    var name: String
    var heartRates: [Int]
    var started: Date
    var samples: Data
}
