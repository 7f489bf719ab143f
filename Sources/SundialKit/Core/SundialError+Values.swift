// The 1.0-style names: each is an error value of one code (with its details), so that `throw .notReachable`,
// `catch SundialError.sessionNotSupported` and `#expect(throws: NetworkError.pingTimeout)` read as they did when
// these were enum cases.
extension SundialError {
    // MARK: Connectivity (WatchConnectivity and messaging)

    /// WatchConnectivity is not supported on this device (iPad, Mac, Apple TV, Linux without a simulator).
    public static let sessionNotSupported = Self(.sessionNotSupported)

    /// The session has not been activated yet.
    public static let sessionNotActivated = Self(.sessionNotActivated)

    /// The session is inactive (the user is switching watches); activate it again.
    public static let sessionInactive = Self(.sessionInactive)

    /// Activation did not complete within the allowed time.
    public static let activationTimedOut = Self(.activationTimedOut)

    /// The session reported an activation failure (the reason says which).
    public static func activationFailed(_ reason: String) -> Self {
        Self(.activationFailed, context: Context(detail: reason))
    }

    /// The session has no delegate to deliver incoming data to.
    public static let sessionMissingDelegate = Self(.sessionMissingDelegate)

    /// Another live manager already drives this device's WatchConnectivity session (`WCSession.default` has one delegate); share that manager, or let it go first.
    public static let sessionInUse = Self(.sessionInUse)

    /// No Apple Watch is paired with this iPhone.
    public static let deviceNotPaired = Self(.deviceNotPaired)

    /// The counterpart app is not installed (1.0: `missingCompanion`).
    public static let companionAppNotInstalled = Self(.companionAppNotInstalled)

    /// The counterpart app cannot receive live messages now.
    public static let notReachable = Self(.notReachable)

    /// The app is a watch-only app and has no iPhone counterpart.
    public static let watchOnlyApp = Self(.watchOnlyApp)

    /// The counterpart did not reply in time.
    public static let messageReplyTimedOut = Self(.messageReplyTimedOut)

    /// The counterpart received the message but its reply failed.
    public static let messageReplyFailed = Self(.messageReplyFailed)

    /// A reply was already sent for this message; each message takes exactly one reply.
    public static let replyAlreadySent = Self(.replyAlreadySent)

    /// A parameter is invalid for this operation (the reason says which).
    public static func invalidParameter(_ reason: String) -> Self {
        Self(.invalidParameter, context: Context(detail: reason))
    }

    /// The encoded payload is larger than WatchConnectivity allows (context: `size`, `limit`).
    public static func payloadTooLarge(size: Int, limit: Int) -> Self {
        Self(.payloadTooLarge, context: Context(size: size, limit: limit))
    }

    /// The payload holds a value that is not a property-list type (the key path and type are named).
    public static func payloadUnsupportedTypes(_ detail: String) -> Self {
        Self(.payloadUnsupportedTypes, context: Context(detail: detail))
    }

    /// The system could not deliver the message.
    public static let deliveryFailed = Self(.deliveryFailed)

    /// The operation was cancelled before it completed.
    public static let cancelled = Self(.cancelled)

    /// A user-info or file transfer timed out.
    public static let transferTimedOut = Self(.transferTimedOut)

    /// There is not enough space for the transfer.
    public static let insufficientSpace = Self(.insufficientSpace)

    /// The file to transfer cannot be read.
    public static let fileNotAccessible = Self(.fileNotAccessible)

    /// Access to the file was denied.
    public static let fileAccessDenied = Self(.fileAccessDenied)

    /// Any other WatchConnectivity error code (context: `watchConnectivityCode`).
    public static func genericErrorCode(_ code: Int) -> Self {
        Self(.genericErrorCode, context: Context(watchConnectivityCode: code))
    }

    // MARK: Network monitoring and pings

    /// The platform's source of network paths could not be opened (for example a netlink socket).
    public static func monitoringUnavailable(reason: String) -> Self {
        Self(.monitoringUnavailable, context: Context(detail: reason))
    }

    /// A running monitor failed and stopped delivering paths.
    public static func monitoringFailed(reason: String) -> Self {
        Self(.monitoringFailed, context: Context(detail: reason))
    }

    /// A ping did not answer in time.
    public static let pingTimeout = Self(.pingTimeout)

    /// A ping got an answer that means the network does not work (for example a refused connection).
    public static func pingFailed(reason: String) -> Self {
        Self(.pingFailed, context: Context(detail: reason))
    }

    /// A setting is invalid (for example a negative interval or an empty host).
    public static func invalidConfiguration(reason: String) -> Self {
        Self(.invalidConfiguration, context: Context(detail: reason))
    }

    /// This platform has no network path source.
    public static let platformUnsupported = Self(.platformUnsupported)

    // MARK: Encoding and decoding messages

    /// The dictionary has no `__type` string naming its message type.
    public static let missingTypeKey = Self(.missingTypeKey)

    /// No registered type has this key.
    public static func unknownMessageType(_ key: String) -> Self {
        Self(.unknownMessageType, context: Context(key: key))
    }

    /// Two different registered types share this key.
    public static func duplicateMessageKey(_ key: String) -> Self {
        Self(.duplicateMessageKey, context: Context(key: key))
    }

    /// A value has the wrong type.
    public static func typeMismatch(key: String, expected: String, actual: String) -> Self {
        Self(.typeMismatch, context: Context(key: key, expected: expected, actual: actual))
    }

    /// A required field is missing.
    public static func missingField(_ field: String) -> Self {
        Self(.missingField, context: Context(key: field))
    }

    /// A binary message's parameters have no `__data`.
    public static let missingBinaryData = Self(.missingBinaryData)

    /// The type is registered but cannot decode binary payloads.
    public static func notBinaryMessagable(_ key: String) -> Self {
        Self(.notBinaryMessagable, context: Context(key: key))
    }

    /// The binary footer is malformed (the reason says how).
    public static func invalidFormat(_ reason: String) -> Self {
        Self(.invalidFormat, context: Context(detail: reason))
    }

    /// The type key in the binary footer is not valid UTF-8.
    public static let invalidTypeKey = Self(.invalidTypeKey)

    /// A binary payload has the wrong size for its format (context: `size` expected, `limit` actual).
    public static func invalidDataSize(expected: Int, actual: Int) -> Self {
        Self(.invalidDataSize, context: Context(size: expected, limit: actual))
    }

    /// The message could not be encoded (the reason says why).
    public static func encodingFailed(_ reason: String) -> Self {
        Self(.encodingFailed, context: Context(detail: reason))
    }

    /// The message could not be decoded into the named type (the reason says why).
    public static func decodingFailed(type: String, reason: String) -> Self {
        Self(.decodingFailed, context: Context(detail: reason, key: type))
    }

    /// A value is not a property-list type (the key path and type are named).
    public static func unsupportedValue(_ detail: String) -> Self {
        Self(.unsupportedValue, context: Context(detail: detail))
    }

    // MARK: 1.0 and earlier 2.0 names

    /// SundialKit 1.0's name for a send that has no counterpart to go to: the counterpart app is not installed
    /// (``companionAppNotInstalled``). SundialKit 2 also tells ``deviceNotPaired`` apart.
    public static var missingCompanion: Self { .companionAppNotInstalled }

    /// A send that failed to encode or decode its message: the serialization error itself (it is a
    /// ``SundialError`` too).
    public static func serialization(_ error: Self) -> Self { error }
}
