import Foundation
import Wormhole

/// The request of the request/reply tests (mirrored in the integration tests).
@available(OS2022, *)
struct Numbers: Codable, Sendable {
    var values: [Int]
}

@available(OS2022, *)
extension WormholeTestHelper {
    /// `respond <dir> <identifier> <sum|exit|fail|stall>`: answers `Numbers` requests with their sum, exits while
    /// handling one, throws from the handler, or never answers. Prints "ready" once responding.
    static func respond(_ arguments: [String]) async throws {
        guard arguments.count == 3 else { fail("usage: respond <dir> <identifier> <sum|exit|fail|stall>") }
        let wormhole = try Wormhole(directory: URL(fileURLWithPath: arguments[0]))
        let behaviour = arguments[2]
        struct Refused: Error, CustomStringConvertible {
            var description: String { "negative numbers are refused" }
        }
        try await wormhole.respond(to: MessageIdentifier(arguments[1]), as: Numbers.self) { numbers in
            switch behaviour {
            case "exit":
                exit(3)
            case "fail" where numbers.values.contains { $0 < 0 }:
                throw Refused()
            case "stall":
                try await Task.sleep(for: .seconds(3600))
            default:
                break
            }
            return numbers.values.reduce(0, +)
        }
        line("ready")
        while true {
            try await Task.sleep(for: .seconds(3600))
        }
    }
}
