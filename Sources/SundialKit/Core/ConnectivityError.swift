/// Why a connectivity operation failed.
///
/// The cases mirror WatchConnectivity's `WCError` codes, plus the failures this library detects itself
/// (timeouts, size and type checks, replies, cancellation).
public enum ConnectivityError: Error, Sendable, Hashable {
    // MARK: Session

    /// WatchConnectivity is not supported on this device (iPad, Mac, Apple TV, Linux without a simulator).
    case sessionNotSupported
    /// The session has not been activated yet.
    case sessionNotActivated
    /// The session is inactive (the user is switching watches); activate it again.
    case sessionInactive
    /// Activation did not complete within the allowed time.
    case activationTimedOut
    /// The session reported an activation failure.
    case activationFailed(String)
    /// The session has no delegate to deliver incoming data to.
    case sessionMissingDelegate
    /// Another live manager already drives this device's WatchConnectivity session (`WCSession.default` has one
    /// delegate); share that manager, or let it go first.
    case sessionInUse

    // MARK: Counterpart

    /// No Apple Watch is paired with this iPhone.
    case deviceNotPaired
    /// The counterpart app is not installed.
    case companionAppNotInstalled
    /// The counterpart app cannot receive live messages now.
    case notReachable
    /// The app is a watch-only app and has no iPhone counterpart.
    case watchOnlyApp

    // MARK: Messages

    /// The counterpart did not reply in time.
    case messageReplyTimedOut
    /// The counterpart received the message but its reply failed.
    case messageReplyFailed
    /// A reply was already sent for this message; each message takes exactly one reply.
    case replyAlreadySent
    /// A parameter is invalid for this operation (the reason says which).
    case invalidParameter(String)
    /// The encoded payload is larger than WatchConnectivity allows.
    case payloadTooLarge(size: Int, limit: Int)
    /// The payload holds a value that is not a property-list type (the key path and type are named).
    case payloadUnsupportedTypes(String)
    /// A message could not be encoded for sending, or a reply could not be decoded.
    case serialization(SerializationError)
    /// The system could not deliver the message.
    case deliveryFailed
    /// The operation was cancelled before it completed.
    case cancelled

    // MARK: Transfers

    /// A user-info or file transfer timed out.
    case transferTimedOut
    /// There is not enough space for the transfer.
    case insufficientSpace
    /// The file to transfer cannot be read.
    case fileNotAccessible
    /// Access to the file was denied.
    case fileAccessDenied

    /// Any other WatchConnectivity error code.
    case genericErrorCode(Int)
}
