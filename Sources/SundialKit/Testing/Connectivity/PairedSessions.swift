import Foundation
public import SundialKitConnectivity

/// An in-memory iPhone and Apple Watch pair: two ``SimulatedSession``s that talk to each other the way
/// WatchConnectivity does, on any platform.
///
/// ```swift
/// let pair = PairedSessions()
/// let phone = ConnectivityManager(session: pair.phone)
/// let watch = ConnectivityManager(session: pair.watch)
/// try await phone.activate(timeout: .seconds(5))
/// try await watch.activate(timeout: .seconds(5))
/// let result = try await phone.send(["ping": 1])      // live message, the watch replies
/// pair.setLinkUp(false)                                // out of range
/// try await phone.send(["state": "idle"])              // goes by application context
/// pair.setLinkUp(true)                                 // delivered to the watch now
/// ```
///
/// What it models, as WatchConnectivity documents it:
/// - activation is asynchronous and reported through the delegate; the iPhone can be made inactive and
///   deactivated (``simulateWatchSwitch()``);
/// - `isReachable` needs both sides activated, a paired watch, both apps installed and the devices in
///   range with the apps running (``setLinkUp(_:)``); changes are reported to both sides;
/// - `isPaired` (always `true` on the watch) and `isPairedAppInstalled`, with companion-state callbacks;
/// - live messages and bytes need reachability, get exactly one reply or error, fail with
///   `ConnectivityError.messageReplyTimedOut` when the receiver never replies, and fail with
///   `ConnectivityError.notReachable` when the link drops before the reply;
/// - the 65,536-byte limit on messages, bytes and application context, and property-list-only payloads;
/// - application context: latest wins, delivered when the counterpart is reachable (again);
/// - user info: a FIFO queue delivered in order when reachable, with a finished-transfer callback;
/// - complication user info (iPhone only): sent ahead of other user info while the daily budget lasts,
///   then as ordinary user info;
/// - file transfers with metadata: the receiver's delegate gets a file that is deleted when it returns;
/// - injected failures (``inject(_:into:from:count:)``), including an error reported twice for one send.
///
/// Deliberate simplifications: queued transports are delivered when the counterpart is reachable
/// (a real device may also deliver them in the background while the app is suspended); delivery is
/// immediate rather than subject to radio latency; transfers cannot be cancelled; the complication
/// budget does not reset daily.
@available(OS2019, *)
public final class PairedSessions: Sendable {
    /// The iPhone's session.
    public let phone: SimulatedSession
    /// The Apple Watch's session.
    public let watch: SimulatedSession

    private let link: PairLink

    /// Creates a pair; neither side is activated yet.
    /// - Parameter configuration: The starting conditions.
    public init(configuration: Configuration = Configuration()) {
        let link = PairLink(configuration: configuration)
        self.link = link
        phone = SimulatedSession(side: .phone, link: link)
        watch = SimulatedSession(side: .watch, link: link)
        link.attach(phone: phone, watch: watch)
    }

    deinit {
        link.removeStagedFiles()
    }

    /// The session of one side.
    public func session(_ side: Side) -> SimulatedSession {
        side == .phone ? phone : watch
    }

    /// Brings the devices in or out of range (with both apps running); activated sessions become
    /// reachable or unreachable, and queued transfers are delivered on reconnection.
    public func setLinkUp(_ isUp: Bool) {
        link.update { $0.isLinkUp = isUp }
    }

    /// Pairs or unpairs the watch.
    public func setPaired(_ isPaired: Bool) {
        link.update { $0.isPaired = isPaired }
    }

    /// Installs or removes the watch app.
    public func setWatchAppInstalled(_ isInstalled: Bool) {
        link.update { $0.isWatchAppInstalled = isInstalled }
    }

    /// Installs or removes the iPhone app.
    public func setCompanionAppInstalled(_ isInstalled: Bool) {
        link.update { $0.isCompanionAppInstalled = isInstalled }
    }

    /// Changes what a side's next `activate()` does.
    public func setActivationBehavior(_ behavior: ActivationBehavior, for side: Side) {
        link.update { $0[side].activationBehavior = behavior }
    }

    /// Each side's `activate()` calls from now on, as they take effect: with ``ActivationBehavior/manual``,
    /// once a side appears here its activation can be completed with ``completeActivation(of:error:)``.
    public func activationRequests() -> AsyncStream<Side> {
        link.activationRequests.subscribe()
    }

    /// How many times a side's `activate()` has been called.
    public func activationRequestCount(of side: Side) -> Int {
        link.read { $0[side].activationRequestCount }
    }

    /// Completes a side's pending activation (after ``ActivationBehavior/manual``).
    /// - Parameters:
    ///   - side: The side.
    ///   - error: The error to report, or `nil` to activate.
    public func completeActivation(of side: Side, error: ConnectivityError? = nil) {
        link.completeActivation(of: side, error: error)
    }

    /// Simulates the user switching to another watch: the iPhone's session becomes inactive, then
    /// deactivated, and must be activated again.
    public func simulateWatchSwitch() {
        link.deactivatePhone()
    }

    /// Makes the next `count` sends of `transport` from `side` fail with `fault`.
    ///
    /// Live transports report the error to the sender (twice if the fault says so); queued transports
    /// (user info, complication user info, files) finish with the error and are not delivered, or are refused
    /// when queued if the fault says so; `updateApplicationContext` throws it.
    public func inject(_ fault: Fault, into transport: MessageTransport, from side: Side, count: Int = 1) {
        link.update { state in
            for _ in 0..<max(count, 0) {
                state[side].faults[transport, default: []].append(fault)
            }
        }
    }

    /// The complication user-info transfers the phone has left today.
    public var remainingComplicationUserInfoTransfers: Int {
        link.read { $0.complicationBudget }
    }

    /// Waits until every callback already queued for a side's delegate has run: activation, reachability and
    /// companion reports, received messages and transfers. Awaited after `activate()`, it lets a test start
    /// observing once the activation's own reports are over.
    @available(OS2019, *)
    public func callbacksDelivered(to side: Side) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            link.queue(side).async { continuation.resume() }
        }
    }

    /// The user-info and file transfers a side has queued that are not delivered yet.
    public func outstandingTransfers(from side: Side) -> Int {
        link.read { $0[side].outbox.count }
    }
}
