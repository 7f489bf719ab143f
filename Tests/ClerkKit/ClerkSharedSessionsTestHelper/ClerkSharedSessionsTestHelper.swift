import ClerkKit
import ClerkKitSharedSessions
import Foundation
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// One process of an app group, for the cross-process tests: a `Clerk` on the emulator at <url> with its own
/// store, and shared-session sync on <group>.
///
///     ClerkSharedSessionsTestHelper <url> <publishable-key> <group> <owner> <store>
///
/// Prints one JSON object per line: `ready` once started and loaded, then each sync event (`published`,
/// `adopted`, `skipped`, `failed`) and each command's result. Commands, one per line on standard input:
/// `signin <email> <password>`, `signout`, `identity`, `churn <email> <password>` (signs in and out until
/// killed), `quit`. Tokens are printed only as a fingerprint.
@main
@available(OS2023, *)
enum ClerkSharedSessionsTestHelper {
    @MainActor
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count == 5, let url = URL(string: arguments[0]) else {
            fail("usage: <url> <publishable-key> <group> <owner> <store>")
        }
        do {
            var logger = Logger(label: "helper")
            logger.logLevel = .critical
            let configuration = try ClerkConfiguration(publishableKey: arguments[1], proxyURL: url)
            let store = try FileSecureStore(directory: URL(fileURLWithPath: arguments[4]))
            let clerk = Clerk(configuration: configuration, store: store, logger: logger)
            let sync = try SharedSessionSync(
                clerk: clerk, ownerIdentifier: arguments[3], groupDirectory: URL(fileURLWithPath: arguments[2]),
                logger: logger)
            let events = sync.events
            Task { for await event in events { report(event) } }
            try await sync.start()
            try await clerk.load()
            emit("ready", clerk.identity)
            for await command in commands() {
                try await run(command.split(separator: " ").map(String.init), clerk: clerk)
            }
        } catch {
            fail("\(error)")
        }
    }

    @MainActor
    static func run(_ words: [String], clerk: Clerk) async throws {
        switch words.first {
        case "signin" where words.count == 3:
            _ = try await clerk.auth.signIn(identifier: words[1], password: words[2])
            emit("signedIn", clerk.identity)
        case "signout":
            try await clerk.auth.signOut()
            emit("signedOut", clerk.identity)
        case "identity":
            emit("identity", clerk.identity)
        case "churn" where words.count == 3:
            var index = 0
            while true {
                if clerk.identity.isSignedIn {
                    try await clerk.auth.signOut()
                } else {
                    _ = try await clerk.auth.signIn(identifier: words[1], password: words[2])
                }
                index += 1
                emit("churned", clerk.identity, ["index": index])
            }
        case "quit":
            exit(0)
        default:
            fail("unknown command: \(words)")
        }
    }

    static func report(_ event: SharedSessionSyncEvent) {
        switch event {
        case .published(let event): emit("published", event.identity, ["generation": Int(event.generation)])
        case .adopted(let event):
            emit("adopted", event.identity, ["generation": Int(event.generation), "from": event.originOwnerIdentifier])
        case .skippedSlot(let owner, let error): emit("skipped", nil, ["owner": owner, "code": "\(error.code)"])
        case .failed(let error): emit("failed", nil, ["code": "\(error.code)"])
        }
    }

    /// Standard input's lines, read on a thread of their own.
    static func commands() -> AsyncStream<String> {
        AsyncStream { continuation in
            Thread.detachNewThread {
                while let line = readLine() { continuation.yield(line) }
                continuation.finish()
            }
        }
    }

    static func emit(_ kind: String, _ identity: ClerkIdentity?, _ extra: [String: any Sendable] = [:]) {
        var object: [String: Any] = ["kind": kind, "at": Date().timeIntervalSince1970]
        if let identity {
            object["signedIn"] = identity.isSignedIn
            object["client"] = identity.client?.id ?? NSNull()
            object["token"] = identity.deviceToken.map(fingerprint) ?? NSNull()
            object["serverDate"] = identity.serverDate.map { $0.timeIntervalSince1970 } ?? NSNull()
            object["updatedAt"] = identity.client?.updatedAt.map { $0.timeIntervalSince1970 } ?? NSNull()
        }
        for (key, value) in extra { object[key] = value }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
            fail("unprintable \(kind)")
        }
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }

    /// FNV-1a of the token: tells tokens apart without printing them.
    static func fingerprint(_ token: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in token.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("ClerkSharedSessionsTestHelper: \(message)\n".utf8))
        exit(1)
    }
}
