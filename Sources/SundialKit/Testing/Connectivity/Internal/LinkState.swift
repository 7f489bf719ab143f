import Foundation
import SundialKitConnectivity

/// A live payload or its reply.
@available(OS2019, *)
enum LivePayload: Sendable {
    case dictionary(ConnectivityMessage)
    case data(Data)
}

/// A queued transfer waiting for the counterpart to be reachable.
@available(OS2019, *)
struct QueuedTransfer: Sendable {
    enum Content: Sendable {
        case userInfo(ConnectivityMessage)
        case file(staged: URL, metadata: ConnectivityMessage?, original: URL)
    }

    let content: Content
    let transport: MessageTransport
    let fault: PairedSessions.Fault?
}

/// A live message waiting for its reply.
@available(OS2019, *)
struct PendingLive: Sendable {
    let onReply: @Sendable (LivePayload) -> Void
    let onError: @Sendable (ConnectivityError) -> Void
}

@available(OS2019, *)
struct WeakDelegate {
    weak var value: (any ConnectivityManagedSessionDelegate)?
}

/// What one side knows and has in flight.
@available(OS2019, *)
struct SideState {
    var activation: ActivationState = .notActivated
    var activationBehavior: PairedSessions.ActivationBehavior
    var isActivationPending = false
    var activationRequestCount = 0
    var delegate = WeakDelegate()
    var sentContext: ConnectivityMessage = [:]
    /// Sent by this side and not delivered yet (latest wins).
    var undeliveredContext: ConnectivityMessage?
    var receivedContext: ConnectivityMessage = [:]
    /// User-info and file transfers sent by this side, in delivery order.
    var outbox: [QueuedTransfer] = []
    /// Live messages sent by this side, waiting for a reply.
    var pending: [UInt64: PendingLive] = [:]
    var faults: [MessageTransport: [PairedSessions.Fault]] = [:]
    var reportedReachable = false
    var reportedPaired = false
    var reportedInstalled = false

    mutating func takeFault(for transport: MessageTransport) -> PairedSessions.Fault? {
        guard var queue = faults[transport], !queue.isEmpty else { return nil }
        let fault = queue.removeFirst()
        faults[transport] = queue
        return fault
    }
}

/// The whole pair's state, guarded by one lock.
@available(OS2019, *)
struct LinkState {
    var phone: SideState
    var watch: SideState
    var isPaired: Bool
    var isWatchAppInstalled: Bool
    var isCompanionAppInstalled: Bool
    var isLinkUp: Bool
    var complicationBudget: Int
    var nextID: UInt64 = 0

    subscript(side: PairedSessions.Side) -> SideState {
        get { side == .phone ? phone : watch }
        set {
            if side == .phone {
                phone = newValue
            } else {
                watch = newValue
            }
        }
    }

    /// Both activated, paired, both apps installed, in range.
    func isReachable(_ side: PairedSessions.Side) -> Bool {
        phone.activation == .activated && watch.activation == .activated && isPaired && isWatchAppInstalled
            && isCompanionAppInstalled && isLinkUp && self[side].activation == .activated
    }

    /// The phone's `isPairedAppInstalled` needs a paired watch with the app; the watch's is the iPhone app.
    func isCounterpartInstalled(for side: PairedSessions.Side) -> Bool {
        side == .phone ? isPaired && isWatchAppInstalled : isCompanionAppInstalled
    }

    func isPaired(for side: PairedSessions.Side) -> Bool {
        side == .watch || isPaired
    }

    /// Why `side` cannot queue anything to its counterpart now, if it cannot.
    func queueingError(from side: PairedSessions.Side) -> ConnectivityError? {
        switch self[side].activation {
        case .notActivated: return .sessionNotActivated
        case .inactive: return .sessionInactive
        case .activated: break
        }
        guard isPaired(for: side) else { return .deviceNotPaired }
        guard isCounterpartInstalled(for: side) else { return .companionAppNotInstalled }
        return nil
    }
}
