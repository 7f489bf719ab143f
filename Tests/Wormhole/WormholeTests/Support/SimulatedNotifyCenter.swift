import CourierPrimitives
import Dispatch
import Wormhole

/// The Darwin notification center as it behaves on a device, in memory: names are global, each registration has
/// a token, a post runs every registration of its name on that registration's queue, and posts to a registration
/// whose handler has not run yet coalesce into one call. Statuses can be made to fail, as `notifyd` can.
@available(OS2022, *)
final class SimulatedNotifyCenter: NotifyCenter {
    private struct Registration {
        var name: String
        var queue: DispatchQueue
        var handler: @Sendable () -> Void
        var pending = false
    }

    private struct State {
        var registrations: [Int32: Registration] = [:]
        var nextToken: Int32 = 1
        var posted: [String] = []
        var cancelled: [Int32] = []
        var postStatus: UInt32 = 0
        var registerStatus: UInt32 = 0
    }

    private let state = Locked(State())

    /// Every name posted successfully, in order.
    var posted: [String] { state.withLock { $0.posted } }
    /// Every token cancelled, in order (a token cancelled twice appears twice).
    var cancelled: [Int32] { state.withLock { $0.cancelled } }
    /// The names registered now.
    var registeredNames: [String] { state.withLock { $0.registrations.values.map(\.name).sorted() } }

    /// Makes later posts (or registrations) return `status`.
    func failPosts(with status: UInt32) { state.withLock { $0.postStatus = status } }
    func failRegistrations(with status: UInt32) { state.withLock { $0.registerStatus = status } }

    func post(_ name: String) -> UInt32 {
        let (status, due) = state.withLock { state -> (UInt32, [(Int32, Registration)]) in
            guard state.postStatus == 0 else { return (state.postStatus, []) }
            state.posted.append(name)
            let due = state.registrations.filter { $0.value.name == name && !$0.value.pending }
            for token in due.keys { state.registrations[token]?.pending = true }
            return (0, Array(due))
        }
        for (token, registration) in due {
            registration.queue.async { [self] in
                let live = state.withLock { state -> Bool in
                    state.registrations[token]?.pending = false
                    return state.registrations[token] != nil
                }
                if live { registration.handler() }
            }
        }
        return status
    }

    func register(_ name: String, queue: DispatchQueue, handler: @escaping @Sendable () -> Void)
        -> (status: UInt32, token: Int32)
    {
        state.withLock { state in
            guard state.registerStatus == 0 else { return (state.registerStatus, 0) }
            let token = state.nextToken
            state.nextToken += 1
            state.registrations[token] = Registration(name: name, queue: queue, handler: handler)
            return (0, token)
        }
    }

    func cancel(_ token: Int32) -> UInt32 {
        state.withLock { state in
            state.cancelled.append(token)
            return state.registrations.removeValue(forKey: token) == nil ? 2 : 0  // NOTIFY_STATUS_INVALID_TOKEN
        }
    }
}
