import CourierTestSupport
import Foundation
import Testing
import Wormhole

/// A small message used throughout the tests.
@available(OS2022, *)
struct Counter: Codable, Sendable, Equatable {
    var count: Int
    var note: String = ""
}

/// A message type that `Counter` payloads do not decode as.
@available(OS2022, *)
struct Unrelated: Codable, Sendable, Equatable {
    var name: String
}

/// The transiting strategies that work on a directory, for parameterized tests.
@available(OS2022, *)
enum DirectoryStrategy: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case file
    case coordinatedFile

    var testDescription: String { rawValue }

    var type: TransitingType {
        switch self {
        case .file: return .file
        case .coordinatedFile: return .coordinatedFile
        }
    }

    func make(_ directory: URL, maximumMessageSize: Int = 16 << 20) throws -> any TransitingStrategy {
        switch self {
        case .file: return try FileTransiting(directory: directory, maximumMessageSize: maximumMessageSize)
        case .coordinatedFile:
            return try CoordinatedFileTransiting(directory: directory, maximumMessageSize: maximumMessageSize)
        }
    }
}

/// Runs `body` with a fresh temporary directory.
@available(OS2022, *)
func withDirectory<Value>(_ body: (URL) async throws -> Value) async throws -> Value {
    try await withTemporaryDirectory(prefix: "wormhole-test") { try await body($0.url) }
}

/// A wormhole on `directory` with the given strategy and queued identifiers.
@available(OS2022, *)
func makeWormhole(
    _ directory: URL,
    strategy: TransitingType = .file,
    queues: [MessageIdentifier: Int] = [:],
    serialization: SerializationFormat = .json,
    maximumMessageSize: Int = 16 << 20
) throws -> Wormhole {
    var configuration = Configuration(directory: directory, transitingStrategy: strategy)
    configuration.serializationFormat = serialization
    configuration.maximumMessageSize = maximumMessageSize
    for (identifier, capacity) in queues {
        configuration.deliveryModes[identifier] = .queue(capacity: capacity)
    }
    return try Wormhole(configuration: configuration)
}

/// A fresh identifier, so parallel tests never share one.
@available(OS2022, *)
func uniqueIdentifier(_ prefix: String = "id") -> MessageIdentifier {
    MessageIdentifier("\(prefix)-\(UUID().uuidString.prefix(8))")
}

/// The files of a directory, for checks on what is left behind.
@available(OS2022, *)
func contents(of directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
}
