import CourierTestSupport
import Foundation
import Testing
import Wormhole

/// Turns notifier callbacks into an awaitable stream of names.
@available(OS2022, *)
final class NotificationRecorder: Sendable {
    let stream: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: String.self)
    }

    func handler(_ name: String) -> @Sendable () -> Void {
        { [continuation] in continuation.yield(name) }
    }
}

@Suite("Notifiers")
struct NotifierTests {
    @available(OS2022, *)
    enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case inotify
        case inMemory
        /// The Darwin notifier's logic over a simulated notification center (the Apple adapter adds only the
        /// `notify_*` calls).
        case darwinLogic

        var testDescription: String { rawValue }
    }

    /// Two notifiers that reach each other: two inotify notifiers on one directory (as two processes would
    /// have), one shared in-memory notifier, or two Darwin notifiers of one namespace on one notification center.
    @available(OS2022, *)
    private func pair(_ kind: Kind, _ directory: URL) throws -> (any WormholeNotifier, any WormholeNotifier) {
        switch kind {
        case .inotify:
            #if os(Linux)
            return (try InotifyNotifier(directory: directory), try InotifyNotifier(directory: directory))
            #else
            let shared = InMemoryNotifier()
            return (shared, shared)
            #endif
        case .inMemory:
            let shared = InMemoryNotifier()
            return (shared, shared)
        case .darwinLogic:
            let center = SimulatedNotifyCenter()
            return (
                NotifyCenterNotifier(namespace: "ns", center: center),
                NotifyCenterNotifier(namespace: "ns", center: center)
            )
        }
    }

    @Test("a post wakes observers of that notification only", arguments: Kind.allCases)
    @available(OS2022, *)
    func postWakesObserver(kind: Kind) async throws {
        try await withDirectory { directory in
            let (poster, observer) = try pair(kind, directory)
            let recorder = NotificationRecorder()
            let changed = WormholeNotification(identifier: "a", kind: .changed)
            let signal = WormholeNotification(identifier: "a", kind: .signal)
            let other = WormholeNotification(identifier: "b", kind: .changed)
            let observations = [
                try observer.observe(changed, handler: recorder.handler("a")),
                try observer.observe(signal, handler: recorder.handler("a~signal")),
                try observer.observe(other, handler: recorder.handler("b")),
            ]
            try poster.post(signal)
            #expect(try await recorder.stream.first(1, within: .seconds(10)) == ["a~signal"])
            try poster.post(changed)
            #expect(try await recorder.stream.first(1, within: .seconds(10)) == ["a"])
            try poster.post(other)
            #expect(try await recorder.stream.first(1, within: .seconds(10)) == ["b"])
            withExtendedLifetime(observations) {}
        }
    }

    @Test("several observers of one notification all wake; a cancelled one does not", arguments: Kind.allCases)
    @available(OS2022, *)
    func severalObservers(kind: Kind) async throws {
        try await withDirectory { directory in
            let (poster, observer) = try pair(kind, directory)
            let firstRecorder = NotificationRecorder()
            let secondRecorder = NotificationRecorder()
            let changed = WormholeNotification(identifier: "a", kind: .changed)
            let first = try observer.observe(changed, handler: firstRecorder.handler("first"))
            let second = try observer.observe(changed, handler: secondRecorder.handler("second"))
            try poster.post(changed)
            #expect(try await firstRecorder.stream.first(1, within: .seconds(10)) == ["first"])
            #expect(try await secondRecorder.stream.first(1, within: .seconds(10)) == ["second"])
            second.cancel()
            try poster.post(changed)
            #expect(try await firstRecorder.stream.first(1, within: .seconds(10)) == ["first"])
            // Bounded negative checks (each ends its stream, so each recorder gets one, last).
            #expect((try? await secondRecorder.stream.first(1, within: .milliseconds(200))) == nil)
            first.cancel()
            try poster.post(changed)
            #expect((try? await firstRecorder.stream.first(1, within: .milliseconds(200))) == nil)
        }
    }

    #if os(Linux)
    @Test("another program wakes inotify observers by touching the notification file")
    @available(OS2022, *)
    func externalTouch() async throws {
        try await withDirectory { directory in
            let notifier = try InotifyNotifier(directory: directory)
            let recorder = NotificationRecorder()
            let observation = try notifier.observe(
                WormholeNotification(identifier: "counter", kind: .changed), handler: recorder.handler("counter"))
            let path = directory.appendingPathComponent(".wormhole-notify/counter").path
            // `touch` of a new file (created) and of an existing one (only its times change) both wake observers.
            for _ in 0..<2 {
                let touch = try ChildProcess(command: "touch", arguments: [path])
                #expect(try await touch.waitForExit() == 0)
                #expect(try await recorder.stream.first(1, within: .seconds(10)) == ["counter"])
            }
            withExtendedLifetime(observation) {}
        }
    }

    @Test("notifications keep working after the notification directory is removed")
    @available(OS2022, *)
    func directoryRemoved() async throws {
        try await withDirectory { directory in
            let notifier = try InotifyNotifier(directory: directory)
            let recorder = NotificationRecorder()
            let changed = WormholeNotification(identifier: "a", kind: .changed)
            let observation = try notifier.observe(changed, handler: recorder.handler("a"))
            try FileManager.default.removeItem(at: directory.appendingPathComponent(".wormhole-notify"))
            // Removing the watched directory wakes every observer once (anything may have changed)…
            #expect(try await recorder.stream.first(1, within: .seconds(10)) == ["a"])
            // …and the watch is restored, so later posts arrive again.
            try notifier.post(changed)
            #expect(try await recorder.stream.first(1, within: .seconds(10)) == ["a"])
            withExtendedLifetime(observation) {}
        }
    }
    #endif

    @Test("notification names are escaped identifiers, signals suffixed")
    @available(OS2022, *)
    func names() throws {
        #expect(try WormholeNotification(identifier: "a/b", kind: .changed).name() == "a%2Fb")
        #expect(try WormholeNotification(identifier: "a", kind: .signal).name() == "a~signal")
        #expect(try WormholeNotification(identifier: "a~signal", kind: .changed).name() == "a%7Esignal")
        #expect(throws: WormholeError.self) { try WormholeNotification(identifier: "", kind: .changed).name() }
    }
}
