import Foundation
import Testing
import Wormhole

/// Everything the Darwin notifier decides, run on every platform over a simulated notification center: the
/// Apple adapter (`DarwinNotifier`) adds only the `notify_*` calls.
@Suite("Darwin notifier logic")
struct DarwinNotifierLogicTests {
    @Test("names are namespaced escaped identifiers; signals are apart")
    @available(OS2022, *)
    func names() throws {
        let center = SimulatedNotifyCenter()
        let notifier = NotifyCenterNotifier(namespace: "0123456789abcdef", center: center)
        try notifier.post(WormholeNotification(identifier: "a/b", kind: .changed))
        try notifier.post(WormholeNotification(identifier: "a/b", kind: .signal))
        #expect(center.posted == ["wormhole.0123456789abcdef.a%2Fb", "wormhole.0123456789abcdef.a%2Fb~signal"])
        #expect {
            try notifier.post(WormholeNotification(identifier: "", kind: .changed))
        } throws: { WormholeError.invalidIdentifier ~= $0 }
        #expect(center.posted.count == 2)
    }

    @Test("wormholes of unrelated namespaces never ring each other")
    @available(OS2022, *)
    func namespaces() async throws {
        let center = SimulatedNotifyCenter()
        let mine = NotifyCenterNotifier(namespace: "mine", center: center)
        let theirs = NotifyCenterNotifier(namespace: "theirs", center: center)
        let recorder = NotificationRecorder()
        let changed = WormholeNotification(identifier: "counter", kind: .changed)
        let observation = try mine.observe(changed, handler: recorder.handler("mine"))
        try theirs.post(changed)
        try mine.post(changed)
        #expect(try await recorder.stream.first(1, within: .seconds(10)) == ["mine"])
        #expect(center.posted == ["wormhole.theirs.counter", "wormhole.mine.counter"])
        withExtendedLifetime(observation) {}
    }

    @Test("a refused post or registration is a typed error naming the call and the status")
    @available(OS2022, *)
    func refusals() throws {
        let center = SimulatedNotifyCenter()
        let notifier = NotifyCenterNotifier(namespace: "ns", center: center)
        let changed = WormholeNotification(identifier: "a", kind: .changed)
        center.failPosts(with: 9)
        #expect {
            try notifier.post(changed)
        } throws: { error in
            guard let error = error as? WormholeError, error.code == .notificationFailed else { return false }
            return error.context.operation == "notify_post" && error.context.notification == "wormhole.ns.a"
                && error.message.contains("notifyd not found")
        }
        center.failRegistrations(with: 1_000_000)
        #expect {
            try notifier.observe(changed) {}
        } throws: { WormholeError.notificationFailed ~= $0 }
        #expect(center.registeredNames.isEmpty)
        #expect(center.cancelled.isEmpty)
    }

    @Test("every notify status has its own meaning; 0 is no error")
    @available(OS2022, *)
    func statuses() {
        #expect(NotifyCenterNotifier<SimulatedNotifyCenter>.failure("notify_post", status: 0, name: "n") == nil)
        let statuses: [UInt32] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1_000_000, 42]
        let reasons = statuses.compactMap {
            NotifyCenterNotifier<SimulatedNotifyCenter>.failure("notify_post", status: $0, name: "n")?.reason
        }
        #expect(Set(reasons).count == statuses.count)
        #expect(reasons.last == "notify_post returned 42 (unknown status)")
    }

    @Test("an observation is cancelled exactly once, when cancelled or when released")
    @available(OS2022, *)
    func cancellation() throws {
        let center = SimulatedNotifyCenter()
        let notifier = NotifyCenterNotifier(namespace: "ns", center: center)
        let changed = WormholeNotification(identifier: "a", kind: .changed)
        let observation = try notifier.observe(changed) {}
        #expect(center.registeredNames == ["wormhole.ns.a"])
        observation.cancel()
        observation.cancel()
        #expect(center.cancelled.count == 1)
        do {
            _ = try notifier.observe(changed) {}  // released at once
        }
        #expect(center.cancelled.count == 2)
        #expect(center.registeredNames.isEmpty)
    }

    @Test("a wormhole sends, signals and clears through the Darwin notifier's logic")
    @available(OS2022, *)
    func wormhole() async throws {
        try await withDirectory { directory in
            let center = SimulatedNotifyCenter()
            func open() throws -> Wormhole {
                var configuration = Configuration(directory: directory)
                configuration.notifications = .custom(NotifyCenterNotifier(namespace: "app", center: center))
                return try Wormhole(configuration: configuration)
            }
            let (app, widget) = (try open(), try open())
            let stream = try await widget.messages(Counter.self, for: "counter")
            try await app.send(Counter(count: 1), to: "counter")
            #expect(try await stream.first(1).first?.message == Counter(count: 1))
            try await app.signal("counter")
            #expect(try await stream.first(1).first?.content == .signal)
            try await app.clearMessage(for: "counter", notify: true)
            #expect(try await stream.first(1).first?.content == .cleared)
            #expect(center.posted == ["wormhole.app.counter", "wormhole.app.counter~signal", "wormhole.app.counter"])
        }
    }
}
