import CourierTestSupport
import Foundation
import Testing
import Wormhole

/// Runs the `wormhole` tool on `directory`.
@available(OS2022, *)
func tool(
    _ directory: URL,
    _ arguments: [String],
    input: String? = nil,
    within limit: Duration = .seconds(120)
) async throws -> Finished {
    guard let subcommand = arguments.first else { return try await run("wormhole", []) }
    return try await run(
        "wormhole", [subcommand, "--directory", directory.path] + arguments.dropFirst(), input: input, within: limit)
}

/// Runs the `wormhole` tool through `sh -c` (for `umask`), as `wormhole <arguments>`.
@available(OS2022, *)
func shell(_ script: String, within limit: Duration = .seconds(120)) async throws -> Finished {
    let executable = ChildProcess.productsDirectory.appendingPathComponent("wormhole").path
    let process = try ChildProcess(
        command: "sh", arguments: ["-c", script], environment: ["WORMHOLE": executable])
    let lines = try await withTimeout(limit) {
        var all: [String] = []
        for await line in process.lines { all.append(line) }
        return all
    }
    let status = try await process.waitForExit(within: limit)
    return Finished(status: status, lines: lines, standardError: process.standardError)
}

/// Starts the test helper.
@available(OS2022, *)
func helper(_ arguments: [String]) throws -> ChildProcess {
    try ChildProcess(product: "WormholeTestHelper", arguments: arguments)
}

/// The message the helper's writers send (mirrors the helper's type).
@available(OS2022, *)
struct Stamp: Codable, Sendable, Equatable, Hashable {
    var writer: Int
    var index: Int
    var body: String

    init(writer: Int, index: Int, size: Int) {
        self.writer = writer
        self.index = index
        let letter = Character(UnicodeScalar(UInt8(97 + (writer * 7 + index) % 26)))
        self.body = String(repeating: letter, count: size)
    }

    var isIntact: Bool { self == Stamp(writer: writer, index: index, size: body.utf8.count) }
}

/// A small message for CLI and Swift exchanges.
@available(OS2022, *)
struct Counter: Codable, Sendable, Equatable {
    var count: Int
}

/// The two file strategies, as the helper names them.
@available(OS2022, *)
enum Strategy: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case file
    case coordinated

    var testDescription: String { rawValue }
    var type: TransitingType { self == .file ? .file : .coordinatedFile }
}

/// A wormhole on `directory` for the tests' own side.
@available(OS2022, *)
func makeWormhole(_ directory: URL, _ strategy: Strategy = .file, queues: [MessageIdentifier: Int] = [:]) throws
    -> Wormhole
{
    var configuration = Configuration(directory: directory, transitingStrategy: strategy.type)
    for (identifier, capacity) in queues { configuration.deliveryModes[identifier] = .queue(capacity: capacity) }
    return try Wormhole(configuration: configuration)
}

@available(OS2022, *)
func withDirectory<Value>(_ body: (URL) async throws -> Value) async throws -> Value {
    try await withTemporaryDirectory(prefix: "wormhole-it") { try await body($0.url) }
}

/// Parses one JSON output line of the tool.
@available(OS2022, *)
func object(_ line: String) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
    return try #require(value as? [String: Any])
}
