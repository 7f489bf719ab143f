import ClerkKit
import ClerkKitTesting
import CourierTestSupport
import Foundation
import Logging

@testable import ClerkKitSharedSessions

/// An emulator and a group directory; processes of the group are `Member`s in this test process, or child
/// processes (``child(owner:)``).
@MainActor
@available(OS2023, *)
final class AppGroup {
    static let password = "analytical-engine-1843"

    let emulator: ClerkEmulator
    let url: URL
    let publishableKey: String
    let directory: TemporaryDirectory
    private var members: [Member] = []

    struct Member {
        let clerk: Clerk
        let sync: SharedSessionSync
    }

    /// Runs `body` with a new group and always finishes it.
    static func run(_ body: (AppGroup) async throws -> Void) async throws {
        let group = try await AppGroup()
        do {
            try await body(group)
        } catch {
            await group.finish()
            throw error
        }
        await group.finish()
    }

    init() async throws {
        var logger = Logger(label: "clerk-emulator")
        logger.logLevel = .critical
        emulator = ClerkEmulator(logger: logger)
        url = try await emulator.start()
        publishableKey = await emulator.publishableKey
        directory = try TemporaryDirectory(prefix: "shared-sessions")
    }

    var groupDirectory: URL { directory.url.appendingPathComponent("group") }
    var slotStore: FileSecureStore {
        get throws { try FileSecureStore(directory: groupDirectory.appendingPathComponent("secrets")) }
    }

    /// A process of the group in this test process: its own `Clerk` and store, sync started, then loaded.
    func member(_ owner: String, load: Bool = true) async throws -> Member {
        var logger = Logger(label: "member")
        logger.logLevel = .critical
        let configuration = try ClerkConfiguration(publishableKey: publishableKey, proxyURL: url)
        let store = try FileSecureStore(directory: directory.url.appendingPathComponent("store-\(owner)"))
        let clerk = Clerk(configuration: configuration, store: store, logger: logger)
        let sync = try SharedSessionSync(
            clerk: clerk, ownerIdentifier: owner, groupDirectory: groupDirectory, logger: logger)
        try await sync.start()
        if load { try await clerk.load() }
        let member = Member(clerk: clerk, sync: sync)
        members.append(member)
        return member
    }

    /// A process of the group as a child process (ClerkSharedSessionsTestHelper).
    func child(owner: String) throws -> ChildProcess {
        try ChildProcess(
            product: "ClerkSharedSessionsTestHelper",
            arguments: [
                url.absoluteString, publishableKey, groupDirectory.path, owner,
                directory.url.appendingPathComponent("store-\(owner)").path,
            ],
            standardInput: true)
    }

    /// Ada exists and signs in on the app (`com.example.app`); returns the app, the widget
    /// (`com.example.app.widget`) and the widget's adoption of that sign-in.
    func signedInAppAndWidget() async throws -> (app: Member, widget: Member, adopted: SharedSessionEvent?) {
        try await createUser("ada@example.com")
        let app = try await member("com.example.app")
        let widget = try await member("com.example.app.widget")
        let widgetEvents = widget.sync.events
        _ = try await app.clerk.auth.signIn(identifier: "ada@example.com", password: Self.password)
        return (app, widget, try await widgetEvents.adoption { $0.isSignedIn })
    }

    func createUser(_ email: String) async throws {
        _ = try await emulator.createUser(emailAddress: email, password: Self.password)
    }

    func finish() async {
        for member in members { await member.sync.stop() }
        members = []
        await emulator.stop()
        directory.remove()
    }
}

@available(OS2023, *)
extension AsyncStream where Element == SharedSessionSyncEvent {
    /// The first adoption whose identity satisfies `predicate`.
    func adoption(
        within limit: Duration = .seconds(60),
        where predicate: @escaping @Sendable (ClerkIdentity) -> Bool = { _ in true }
    ) async throws -> SharedSessionEvent? {
        let event = try await firstValue(within: limit) { event in
            if case .adopted(let adopted) = event { return predicate(adopted.identity) }
            return false
        }
        guard case .adopted(let adopted)? = event else { return nil }
        return adopted
    }

    /// The first publication whose identity satisfies `predicate`.
    func publication(
        within limit: Duration = .seconds(60),
        where predicate: @escaping @Sendable (ClerkIdentity) -> Bool = { _ in true }
    ) async throws -> SharedSessionEvent? {
        let event = try await firstValue(within: limit) { event in
            if case .published(let published) = event { return predicate(published.identity) }
            return false
        }
        guard case .published(let published)? = event else { return nil }
        return published
    }
}
