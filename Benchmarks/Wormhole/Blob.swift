import BenchmarkSupport
import Foundation
import Wormhole

/// A benchmark message of a given size that carries its index.
@available(OS2022, *)
protocol BenchmarkMessage: Codable, Sendable {
    static func sized(_ size: Int, index: Int) -> Self
    var index: Int { get }
}

/// A JSON message: a counter and a body sized so the encoded JSON has the requested length.
@available(OS2022, *)
struct Blob: BenchmarkMessage {
    var index: Int
    var body: String

    static func sized(_ size: Int, index: Int = 0) -> Blob {
        // {"index":N,"body":"…"}: 20 bytes of framing plus the digits of N. (Built from bytes: a string made
        // with `String(repeating: Character, count:)` encodes about ten times slower.)
        let length = max(0, size - 20 - String(index).count)
        return Blob(
            index: index, body: String(decoding: [UInt8](repeating: UInt8(ascii: "x"), count: length), as: UTF8.self))
    }
}

/// Raw bytes, stored as they are (the serializers pass `Data` through): the transport without encoding.
@available(OS2022, *)
extension Data: BenchmarkMessage {
    static func sized(_ size: Int, index: Int) -> Data {
        var data = Data(count: Swift.max(size, 8))
        data.withUnsafeMutableBytes { $0.storeBytes(of: UInt64(index).littleEndian, as: UInt64.self) }
        return data
    }

    var index: Int {
        guard count >= 8 else { return -1 }
        return Int(UInt64(littleEndian: withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }))
    }
}

/// How messages are encoded in a scenario.
@available(OS2022, *)
enum Encoding: String, Sendable, CaseIterable {
    case json
    case raw
}

/// One measured configuration.
@available(OS2022, *)
struct Scenario: Sendable {
    enum Strategy: String, Sendable, CaseIterable {
        case file
        case coordinated
    }

    /// Where the receiving side's consumer runs: the concurrency pool (the default) or the wormhole's
    /// notification thread (`Wormhole.deliveryExecutor`).
    enum Receiver: String, Sendable, CaseIterable {
        case pool
        case notifier
    }

    var size: Int
    var strategy: Strategy
    var encoding: Encoding = .json
    var receiver: Receiver = .pool
}

/// Runs `body` on `wormhole`'s notification thread when `receiver` asks for it.
@available(OS2022, *)
func onReceiver<T>(_ receiver: Scenario.Receiver, _ wormhole: Wormhole, _ body: () async throws -> T)
    async throws -> T
{
    guard receiver == .notifier, #available(OS2024 , *) else { return try await body() }
    return try await withTaskExecutorPreference(wormhole.deliveryExecutor) { try await body() }
}

/// Iteration counts for full and quick runs.
@available(OS2022, *)
enum Counts {
    static var roundTrips: Int { isQuickRun ? 50 : 2000 }
    static var warmup: Int { isQuickRun ? 10 : 200 }
    static func streamed(_ size: Int) -> Int {
        isQuickRun ? 100 : (size > 1000 ? 1000 : 10_000)
    }
}
