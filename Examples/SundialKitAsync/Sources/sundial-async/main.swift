// sundial-async: SundialKit with async/await only. Reads this machine's network path with `NetworkStream`, then
// plays an iPhone and an Apple Watch (SundialKitTesting's `PairedSessions`, in memory) with the actor
// `ConnectivityObserver`: a live message with a reply, then one sent while the watch is out of reach, delivered
// when it comes back, then one delivered with a retry policy and a fallback chain while the session's health is
// watched, then a setting kept in step on both sides with `SyncedState`, changed while the watch is out of reach.
// Ends by itself; exits with 1 when something expected does not arrive within 5 seconds.

import ColorShared
import Foundation
import SundialKitStream
import SundialKitTesting

do {
    try await showNetworkPath()
    try await exchangeColors()
    try await deliverWithFallback()
    try await syncSettings()
    print("done")
} catch {
    print("failed: \(error)")
    exit(1)
}

/// The first path status the platform's monitor reports (netlink on Linux, `NWPathMonitor` on Apple platforms).
func showNetworkPath() async throws {
    #if os(Linux)
    let network = try NetworkStream()  // throws if netlink cannot be opened
    #else
    let network = NetworkStream()
    #endif
    let status = try await within(.seconds(5)) {
        for await status in network.pathStatusStream { return status }
        throw ExampleError("the network monitor ended without a status")
    }
    print("network: \(status)")
}

/// An iPhone and a Watch exchanging colors, live and then by application context.
func exchangeColors() async throws {
    let pair = PairedSessions()
    let phone = ConnectivityObserver(session: pair.phone, messageDecoder: ColorMessage.decoder)
    let watch = ConnectivityObserver(session: pair.watch, messageDecoder: ColorMessage.decoder)
    try await phone.activate(timeout: .seconds(5))
    try await watch.activate(timeout: .seconds(5))
    try await within(.seconds(5)) {
        for await reachable in await phone.reachabilityStream() where reachable { return }
    }
    print("phone: activated, watch reachable")

    // The watch: answers live colors with their complement; returns the first color that comes without a reply
    // (sent while it was out of reach).
    let colors = await watch.messageStream()
    let watchSide = Task { () -> ColorMessage? in
        for await received in colors {
            guard let color = try? ColorMessage.decoder.decode(received) as? ColorMessage else { continue }
            guard let reply = received.reply else { return color }
            print("watch: received \(color) live; replying with its complement")
            try? reply.send(color.complement)
        }
        return nil
    }

    let orange = ColorMessage(red: 1, green: 0.5, blue: 0)
    let answer = try await phone.send(orange, expecting: ColorMessage.self)
    print("phone: the watch answered \(answer)")
    guard answer == orange.complement else { throw ExampleError("wrong answer \(answer)") }

    pair.setLinkUp(false)
    try await within(.seconds(5)) {
        for await reachable in await phone.reachabilityStream() where !reachable { return }
    }
    let teal = ColorMessage(red: 0, green: 0.5, blue: 0.5)
    let result = try await phone.send(teal)
    print("phone: watch out of reach; sent \(teal) by \(result.transport.map(\.rawValue) ?? "?")")
    pair.setLinkUp(true)
    let delivered = try await within(.seconds(5)) { await watchSide.value }
    print("watch: back in reach; received \(delivered.map(\.description) ?? "nothing")")
    guard delivered == teal else { throw ExampleError("the watch did not receive \(teal)") }
}

/// A delivery whose live tries fail: retried, then queued as user info, and the session's health meanwhile.
func deliverWithFallback() async throws {
    let pair = PairedSessions()
    let phone = ConnectivityObserver(session: pair.phone, messageDecoder: ColorMessage.decoder)
    let watch = ConnectivityObserver(session: pair.watch, messageDecoder: ColorMessage.decoder)
    try await phone.activate(timeout: .seconds(5))
    try await watch.activate(timeout: .seconds(5))
    let colors = await watch.messageStream()

    // The next two live messages from the phone fail, as on a flaky link.
    pair.inject(.init(.messageReplyTimedOut), into: .message, from: .phone, count: 2)
    let policy = DeliveryPolicy(retry: RetryPolicy(maxAttempts: 2, initialBackoff: .milliseconds(50)))
    let violet = ColorMessage(red: 0.5, green: 0, blue: 1)
    let report = try await phone.manager.deliver(violet, policy: policy)
    let failures = report.failedAttempts.map { "\($0.transport.rawValue): \($0.error.code)" }
    print("phone: sent \(violet) by \(report.transport.rawValue) after \(failures.count) failed tries \(failures)")
    guard report.transport == .userInfo else { throw ExampleError("expected user info, got \(report.transport)") }

    let received = try await within(.seconds(5)) { () -> ColorMessage? in
        for await message in colors {
            if let color = try? ColorMessage.decoder.decode(message) as? ColorMessage { return color }
        }
        return nil
    }
    guard received == violet else { throw ExampleError("the watch did not receive \(violet)") }
    let health = try await within(.seconds(5)) { () -> SessionHealth? in
        for await health in phone.manager.healthUpdates() where health.pendingTransfers == 0 { return health }
        return nil
    }
    print("watch: received \(violet); phone health: \(health.map(\.description) ?? "none")")
}

/// The watch face's brightness, kept in step between the two sides.
struct Brightness: Codable, Sendable, Equatable {
    var level: Int
}

/// A `SyncedState` on each side: a change made while the watch is out of reach arrives when it is back.
func syncSettings() async throws {
    let pair = PairedSessions()
    let phone = ConnectivityObserver(session: pair.phone)
    let watch = ConnectivityObserver(session: pair.watch)
    try await phone.activate(timeout: .seconds(5))
    try await watch.activate(timeout: .seconds(5))
    let phoneState = try SyncedState(
        name: "brightness", initial: Brightness(level: 5), manager: phone.manager,
        storage: InMemorySyncedStateStorage())
    let watchState = try SyncedState(
        name: "brightness", initial: Brightness(level: 5), manager: watch.manager,
        storage: InMemorySyncedStateStorage())
    await phoneState.start()
    await watchState.start()
    let watchEvents = watchState.events()

    pair.setLinkUp(false)
    let revision = try await phoneState.set(Brightness(level: 8))
    print("phone: brightness 8 at revision \(revision), watch out of reach")
    pair.setLinkUp(true)
    let applied = try await within(.seconds(5)) { () -> Brightness? in
        for await event in watchEvents {
            if case .applied(let value, _) = event { return value }
        }
        return nil
    }
    print("watch: back in reach; brightness \(applied.map { String($0.level) } ?? "none")")
    guard applied == Brightness(level: 8) else { throw ExampleError("the watch did not get brightness 8") }
}

/// Runs `operation`, failing if it takes longer than `limit`.
func within<T: Sendable>(_ limit: Duration, _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: limit)
            throw ExampleError("nothing arrived within \(limit)")
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw ExampleError("no result") }
        return first
    }
}

struct ExampleError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
