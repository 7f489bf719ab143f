public import Foundation

/// The seam over WatchConnectivity's `WCSession` that ``ConnectivityManager`` drives: one implementation per
/// environment (SundialKit 2's session protocol; 1.x's is ``ConnectivitySession``).
///
/// - ``ConnectivitySessionAdapter`` turns a SundialKit 1.x ``ConnectivitySession`` into one.
/// - `WatchConnectivitySession` wraps `WCSession` on iOS and watchOS.
/// - ``NeverConnectivitySession`` is for devices without a counterpart: every operation fails with
///   `ConnectivityError.sessionNotSupported`.
/// - `SundialKitTesting.PairedSessions` is an in-memory iPhone and Apple Watch pair for tests and for
///   platforms without WatchConnectivity.
///
/// Implementations call their ``delegate`` on a serial queue of their own, in the order events happen.
/// Payloads handed to a session have already been checked (property-list types, size limit).
public protocol ConnectivityManagedSession: AnyObject, Sendable {
    /// Receives the session's events. Implementations hold it weakly.
    var delegate: (any ConnectivityManagedSessionDelegate)? { get set }

    /// The activation state.
    var activationState: ActivationState { get }

    /// Whether the counterpart app can receive live messages now.
    var isReachable: Bool { get }

    /// Whether an Apple Watch is paired (iPhone); always `true` on the watch.
    var isPaired: Bool { get }

    /// Whether the counterpart app is installed.
    var isPairedAppInstalled: Bool { get }

    /// The latest application context received from the counterpart (empty if none).
    var receivedApplicationContext: ConnectivityMessage { get }

    /// Starts activation; the result arrives through
    /// ``ConnectivityManagedSessionDelegate/session(_:activationDidCompleteWith:error:)``.
    /// - Throws: `ConnectivityError.sessionNotSupported` when the device has no counterpart.
    func activate() throws(ConnectivityError)

    /// Sends a live dictionary message; exactly one of the handlers is called.
    /// - Parameters:
    ///   - message: The message.
    ///   - replyHandler: Called with the counterpart's reply.
    ///   - errorHandler: Called if the message could not be delivered or answered.
    func sendMessage(
        _ message: ConnectivityMessage,
        replyHandler: @escaping @Sendable (ConnectivityMessage) -> Void,
        errorHandler: @escaping @Sendable (ConnectivityError) -> Void
    )

    /// Sends live bytes; exactly one of the handlers is called.
    /// - Parameters:
    ///   - data: The bytes.
    ///   - replyHandler: Called with the counterpart's reply bytes.
    ///   - errorHandler: Called if the bytes could not be delivered or answered.
    func sendMessageData(
        _ data: Data,
        replyHandler: @escaping @Sendable (Data) -> Void,
        errorHandler: @escaping @Sendable (ConnectivityError) -> Void
    )

    /// Replaces the application context delivered to the counterpart.
    /// - Parameter context: The new context.
    /// - Throws: `ConnectivityError` when the session cannot accept it.
    func updateApplicationContext(_ context: ConnectivityMessage) throws(ConnectivityError)

    /// Queues a user-info transfer, delivered in order.
    /// - Parameter userInfo: The dictionary to deliver.
    /// - Throws: `ConnectivityError` when the session cannot accept it.
    func transferUserInfo(_ userInfo: ConnectivityMessage) throws(ConnectivityError)

    /// Queues a complication user-info transfer (iPhone only), delivered ahead of other user info.
    /// - Parameter userInfo: The dictionary to deliver.
    /// - Throws: `ConnectivityError` when the session cannot accept it.
    func transferCurrentComplicationUserInfo(_ userInfo: ConnectivityMessage) throws(ConnectivityError)

    /// Queues a file transfer.
    /// - Parameters:
    ///   - file: The file to send.
    ///   - metadata: Property-list metadata delivered with it.
    /// - Throws: `ConnectivityError` when the session cannot accept it.
    func transferFile(_ file: URL, metadata: ConnectivityMessage?) throws(ConnectivityError)
}
