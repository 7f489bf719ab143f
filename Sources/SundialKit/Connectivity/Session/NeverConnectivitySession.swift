public import Foundation

/// A session for devices with no counterpart (Mac, Apple TV, iPad, Linux): it never activates, and every
/// operation fails with `ConnectivityError.sessionNotSupported`.
public final class NeverConnectivitySession: ConnectivityManagedSession {
    /// Creates the session.
    public init() {}

    /// Always `nil`: this session has no events.
    public var delegate: (any ConnectivityManagedSessionDelegate)? {
        get { nil }
        // Nothing is ever delivered, so the delegate is not kept.
        set {}
    }

    /// Always `.notActivated`.
    public var activationState: ActivationState { .notActivated }

    /// Always `false`.
    public var isReachable: Bool { false }

    /// Always `false`.
    public var isPaired: Bool { false }

    /// Always `false`.
    public var isPairedAppInstalled: Bool { false }

    /// Always empty.
    public var receivedApplicationContext: ConnectivityMessage { [:] }

    /// Always throws `ConnectivityError.sessionNotSupported`.
    public func activate() throws(ConnectivityError) {
        throw .sessionNotSupported
    }

    /// Calls `errorHandler` with `ConnectivityError.sessionNotSupported`.
    public func sendMessage(
        _ message: ConnectivityMessage,
        replyHandler: @escaping @Sendable (ConnectivityMessage) -> Void,
        errorHandler: @escaping @Sendable (ConnectivityError) -> Void
    ) {
        errorHandler(.sessionNotSupported)
    }

    /// Calls `completion` with `ConnectivityError.sessionNotSupported` (1.x's shape of `sendMessage`).
    public func sendMessage(
        _ message: ConnectivityMessage,
        _ completion: @escaping (Result<ConnectivityMessage, any Error>) -> Void
    ) {
        completion(.failure(ConnectivityError.sessionNotSupported))
    }

    /// Calls `errorHandler` with `ConnectivityError.sessionNotSupported`.
    public func sendMessageData(
        _ data: Data,
        replyHandler: @escaping @Sendable (Data) -> Void,
        errorHandler: @escaping @Sendable (ConnectivityError) -> Void
    ) {
        errorHandler(.sessionNotSupported)
    }

    /// Always throws `ConnectivityError.sessionNotSupported`.
    public func updateApplicationContext(_ context: ConnectivityMessage) throws(ConnectivityError) {
        throw .sessionNotSupported
    }

    /// Always throws `ConnectivityError.sessionNotSupported`.
    public func transferUserInfo(_ userInfo: ConnectivityMessage) throws(ConnectivityError) {
        throw .sessionNotSupported
    }

    /// Always throws `ConnectivityError.sessionNotSupported`.
    public func transferCurrentComplicationUserInfo(_ userInfo: ConnectivityMessage) throws(ConnectivityError) {
        throw .sessionNotSupported
    }

    /// Always throws `ConnectivityError.sessionNotSupported`.
    public func transferFile(_ file: URL, metadata: ConnectivityMessage?) throws(ConnectivityError) {
        throw .sessionNotSupported
    }
}
