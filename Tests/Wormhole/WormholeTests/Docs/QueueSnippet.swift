// A README example, compiled and run by ReadmeTests.

// snippet: queue
import Foundation
import Wormhole

@available(OS2022, *)
func queuedCommands(in directory: URL) async throws -> [String] {
    var configuration = Configuration(directory: directory)
    configuration.deliveryModes["commands"] = .queue(capacity: 256)
    let extensionSide = try Wormhole(configuration: configuration)
    let appSide = try Wormhole(configuration: configuration)

    for command in ["refresh", "sync", "badge"] {
        try await extensionSide.send(command, to: "commands")
    }
    // When the app starts: every command queued after the last one it handled (0: all of them).
    let pending = try await appSide.storedMessages(String.self, for: "commands", after: 0)
    return pending.compactMap(\.message)
}
// end-snippet
