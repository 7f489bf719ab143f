import CourierPrimitives
public import SundialKitConnectivity

@available(OS2019, *)
extension PairedSessions {
    /// One side of the pair.
    public enum Side: Sendable, Hashable, CaseIterable {
        /// The iPhone.
        case phone
        /// The Apple Watch.
        case watch

        /// The other side.
        public var counterpart: Side {
            self == .phone ? .watch : .phone
        }
    }

    /// What happens when a side calls `activate()`.
    public enum ActivationBehavior: Sendable, Hashable {
        /// Activation completes successfully, asynchronously, as on a real device.
        case succeeds
        /// Activation completes with this error and the session stays not activated.
        case fails(ConnectivityError)
        /// Activation never completes until ``PairedSessions/completeActivation(of:error:)`` is called
        /// (to test activation timeouts).
        case manual
        /// `activate()` throws `ConnectivityError.sessionNotSupported` (an iPad, a Mac).
        case unsupported
    }

    /// The pair's starting conditions.
    public struct Configuration: Sendable {
        /// Whether the watch is paired with the phone.
        public var isPaired: Bool
        /// Whether the watch app is installed (the phone's `isPairedAppInstalled`).
        public var isWatchAppInstalled: Bool
        /// Whether the iPhone app is installed (the watch's `isPairedAppInstalled`).
        public var isCompanionAppInstalled: Bool
        /// Whether the devices are in range with both apps running, so that activated sessions are
        /// reachable.
        public var isLinkUp: Bool
        /// How long a sender waits for a reply before failing with `ConnectivityError.messageReplyTimedOut`, in
        /// nanoseconds (30 seconds by default).
        var replyTimeoutNanoseconds: Int64 = 30_000_000_000

        /// How long a sender waits for a reply before failing with
        /// `ConnectivityError.messageReplyTimedOut`.
        @available(OS2022, *)
        public var replyTimeout: Duration {
            get { .nanoseconds(replyTimeoutNanoseconds) }
            set { replyTimeoutNanoseconds = DurationConversion.nanoseconds(newValue) }
        }
        /// The phone's daily budget of complication user-info transfers.
        public var complicationTransferBudget: Int
        /// What the phone's `activate()` does.
        public var phoneActivation: ActivationBehavior
        /// What the watch's `activate()` does.
        public var watchActivation: ActivationBehavior

        /// Creates a configuration; the default is a paired watch with both apps installed, in range, and a reply
        /// timeout of 30 seconds.
        public init(
            isPaired: Bool = true,
            isWatchAppInstalled: Bool = true,
            isCompanionAppInstalled: Bool = true,
            isLinkUp: Bool = true,
            complicationTransferBudget: Int = 50,
            phoneActivation: ActivationBehavior = .succeeds,
            watchActivation: ActivationBehavior = .succeeds
        ) {
            self.isPaired = isPaired
            self.isWatchAppInstalled = isWatchAppInstalled
            self.isCompanionAppInstalled = isCompanionAppInstalled
            self.isLinkUp = isLinkUp
            self.complicationTransferBudget = complicationTransferBudget
            self.phoneActivation = phoneActivation
            self.watchActivation = watchActivation
        }

        /// Creates a configuration with a reply timeout.
        @available(OS2022, *)
        public init(
            isPaired: Bool = true,
            isWatchAppInstalled: Bool = true,
            isCompanionAppInstalled: Bool = true,
            isLinkUp: Bool = true,
            replyTimeout: Duration,
            complicationTransferBudget: Int = 50,
            phoneActivation: ActivationBehavior = .succeeds,
            watchActivation: ActivationBehavior = .succeeds
        ) {
            self.init(
                isPaired: isPaired, isWatchAppInstalled: isWatchAppInstalled,
                isCompanionAppInstalled: isCompanionAppInstalled, isLinkUp: isLinkUp,
                complicationTransferBudget: complicationTransferBudget, phoneActivation: phoneActivation,
                watchActivation: watchActivation)
            self.replyTimeout = replyTimeout
        }
    }

    /// A failure to inject into the next sends of one transport from one side.
    public struct Fault: Sendable, Hashable {
        /// The error reported.
        public var error: ConnectivityError
        /// For live messages: report the error twice for the same send, as a flapping link can.
        public var reportedTwice: Bool
        /// For user-info and file transfers: the session refuses the transfer when it is queued (the call
        /// throws), instead of accepting it and finishing it with the error.
        public var refusedAtOnce: Bool

        /// Creates a fault.
        public init(_ error: ConnectivityError, reportedTwice: Bool = false) {
            self.error = error
            self.reportedTwice = reportedTwice
            self.refusedAtOnce = false
        }

        /// Creates a fault that a queued transfer meets.
        /// - Parameters:
        ///   - error: The error reported.
        ///   - refusedAtOnce: Whether the session refuses the transfer when it is queued.
        public init(_ error: ConnectivityError, refusedAtOnce: Bool) {
            self.error = error
            self.reportedTwice = false
            self.refusedAtOnce = refusedAtOnce
        }
    }
}
