import CourierPrimitives
public import Foundation
public import SundialKitCore

/// A `NetworkPing` a test scripts: each ping's answer comes from `respond`, given the ping's number (1, 2, …).
@available(OS2019, *)
public final class ScriptedPing<Status: Sendable>: NetworkPing, Sendable {
    /// The result type.
    public typealias StatusType = Status

    /// How one ping answers.
    public enum Response: Sendable {
        /// Answers at once, on the pinging thread.
        case now(Status)
        /// Answers after a delay in seconds, from another thread.
        case after(TimeInterval, Status)
        /// Answers when the test calls ``releaseHeldAnswers()``, from the releasing thread.
        case held(Status)
        /// Never answers.
        case never
    }

    /// Seconds between pings.
    public let timeInterval: TimeInterval
    /// Seconds before a ping is abandoned.
    public let timeout: TimeInterval
    /// The result published for an abandoned ping.
    public let timeoutStatus: Status?

    private let shouldPingRule: @Sendable (PathStatus) -> Bool
    private let respond: @Sendable (Int) -> Response
    private let count = Locked(0)
    private let fired = Broadcast<Int>()
    private let heldAnswers = Locked<[@Sendable () -> Void]>([])

    /// Creates a scripted ping.
    /// - Parameters:
    ///   - timeInterval: Seconds between pings.
    ///   - timeout: Seconds before a ping is abandoned (default: `timeInterval`).
    ///   - timeoutStatus: The result published for an abandoned ping.
    ///   - shouldPing: When to ping (default: while satisfied).
    ///   - respond: The answer to ping number `n`.
    public init(
        timeInterval: TimeInterval,
        timeout: TimeInterval? = nil,
        timeoutStatus: Status? = nil,
        shouldPing: @escaping @Sendable (PathStatus) -> Bool = { $0.isSatisfied },
        respond: @escaping @Sendable (Int) -> Response
    ) {
        self.timeInterval = timeInterval
        self.timeout = timeout ?? timeInterval
        self.timeoutStatus = timeoutStatus
        self.shouldPingRule = shouldPing
        self.respond = respond
    }

    /// How many pings were fired.
    public var pingCount: Int { count.value }

    /// The numbers of pings fired from now on, as they fire.
    public func firedPings() -> AsyncStream<Int> {
        fired.subscribe()
    }

    /// Applies the `shouldPing` rule.
    public func shouldPing(onStatus status: PathStatus) -> Bool {
        shouldPingRule(status)
    }

    /// Fires a ping and answers as scripted.
    public func onPing(_ closure: @escaping @Sendable (Status) -> Void) {
        let number = count.withLock { count in
            count += 1
            return count
        }
        let response = respond(number)
        // A held answer is kept before the ping is announced, so a test that releases answers as soon as it
        // hears of the ping releases this one too.
        if case .held(let status) = response {
            heldAnswers.withLock { $0.append { closure(status) } }
        }
        fired.send(number)
        switch response {
        case .now(let status):
            closure(status)
        case .after(let delay, let status):
            let nanoseconds = DurationConversion.nanoseconds(seconds: delay)
            DispatchQueue.global().asyncAfter(
                deadline: .now() + DurationConversion.dispatchInterval(nanoseconds: nanoseconds)
            ) {
                closure(status)
            }
        case .held, .never:
            break
        }
    }

    /// Delivers every answer scripted as ``Response/held(_:)`` so far, in the order the pings fired.
    public func releaseHeldAnswers() {
        let answers = heldAnswers.withLock { answers in
            defer { answers.removeAll() }
            return answers
        }
        for answer in answers {
            answer()
        }
    }
}
