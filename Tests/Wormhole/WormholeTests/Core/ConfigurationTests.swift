import Foundation
import Testing
import Wormhole

@Suite("Configuration and errors")
struct ConfigurationTests {
    @Test("defaults match MMWormhole: files, JSON, platform notifications, latest value only")
    @available(OS2022, *)
    func defaults() {
        let configuration = Configuration(appGroupIdentifier: "group.example", directory: "wormhole")
        #expect(configuration.appGroupIdentifier == "group.example")
        #expect(configuration.directory == "wormhole")
        #expect(configuration.location == .appGroup("group.example", subdirectory: "wormhole"))
        guard case .file = configuration.transitingStrategy else {
            Issue.record("default strategy is not .file")
            return
        }
        guard case .json = configuration.serializationFormat else {
            Issue.record("default format is not .json")
            return
        }
        #expect(configuration.deliveryMode(for: "x") == .latest)
        #expect(configuration.maximumMessageSize == 16 << 20)
        let explicit = Configuration(directory: URL(fileURLWithPath: "/tmp/x"))
        #expect(explicit.appGroupIdentifier == nil)
        #expect(explicit.directory == nil)
    }

    @Test("delivery modes")
    @available(OS2022, *)
    func deliveryModes() {
        #expect(DeliveryMode.latest.queueCapacity == nil)
        #expect(!DeliveryMode.latest.isQueue)
        #expect(DeliveryMode.queue(capacity: 5).queueCapacity == 5)
        #expect(DeliveryMode.queue(capacity: 0).queueCapacity == 1)
        #expect(DeliveryMode.queue().queueCapacity == 1024)
        #expect(DeliveryMode.queue(capacity: 3).description == "queue(capacity: 3)")
        var configuration = Configuration.inMemory()
        configuration.deliveryModes["jobs"] = .queue(capacity: 8)
        #expect(configuration.deliveryMode(for: "jobs") == .queue(capacity: 8))
        #expect(configuration.deliveryMode(for: "other") == .latest)
    }

    @Test("every error explains itself")
    @available(OS2022, *)
    func errorDescriptions() {
        let errors: [WormholeError] = [
            .invalidIdentifier("", reason: "empty"),
            .containerUnavailable(appGroup: "g", reason: "missing"),
            .directoryUnavailable(path: "/p", reason: "denied"),
            .messageTooLarge("a", size: 2, limit: 1),
            .encodingFailed("a", type: "T", reason: "r"),
            .decodingFailed("a", type: "T", sequence: 3, reason: "r"),
            .corruptMessage("a", sequence: nil, reason: "r"),
            .fileSystem(operation: "write", path: "/p", reason: "full"),
            .notificationFailed(name: "n", reason: "r"),
            .unsupported("x"),
        ]
        let descriptions = errors.map(\.description)
        #expect(Set(descriptions).count == errors.count)
        for error in errors {
            #expect(error.errorDescription == error.description)
            #expect(!error.description.isEmpty)
        }
        #expect(descriptions[5].contains("#3"))
    }

    @Test("an in-process location with a file strategy is refused with a typed error")
    @available(OS2022, *)
    func inProcessNeedsCustomStrategies() {
        #expect(throws: WormholeError.self) { try Wormhole(configuration: Configuration(location: .inProcess)) }
        #expect(throws: WormholeError.self) {
            try Wormhole(
                configuration: Configuration(location: .inProcess, transitingStrategy: .custom(InMemoryTransiting())))
        }
    }

    @Test("app group subdirectories cannot climb out of the container")
    @available(OS2022, *)
    func subdirectoryEscape() {
        for subdirectory in ["../elsewhere", "/absolute", "a/../../b", "./x"] {
            #expect(throws: WormholeError.self, "\(subdirectory)") {
                try Wormhole(appGroupIdentifier: "group.courier.tests", directory: subdirectory)
            }
        }
        #expect(throws: WormholeError.self) { try Wormhole(appGroupIdentifier: "") }
    }

    #if os(Linux)
    @Test("on Linux an app group maps to a per-user directory that two wormholes share")
    @available(OS2022, *)
    func appGroupOnLinux() async throws {
        let group = "group.courier.tests.\(UUID().uuidString.prefix(8))"
        let first = try Wormhole(appGroupIdentifier: group, directory: "messages")
        let second = try Wormhole(appGroupIdentifier: group, directory: "messages")
        let directory = try #require(first.directory)
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        #expect(directory == second.directory)
        #expect(directory.path.hasSuffix("/\(group)/messages"))
        try await first.send(Counter(count: 1), to: "c")
        #expect(try await second.message(Counter.self, for: "c") == Counter(count: 1))
    }
    #endif
}
