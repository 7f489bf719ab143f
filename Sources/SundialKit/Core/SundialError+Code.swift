extension SundialError.Code {
    /// The kinds of failure.
    enum Base: String, Hashable, Sendable {
        case sessionNotSupported
        case sessionNotActivated
        case sessionInactive
        case activationTimedOut
        case activationFailed
        case sessionMissingDelegate
        case sessionInUse
        case deviceNotPaired
        case companionAppNotInstalled
        case notReachable
        case watchOnlyApp
        case messageReplyTimedOut
        case messageReplyFailed
        case replyAlreadySent
        case invalidParameter
        case payloadTooLarge
        case payloadUnsupportedTypes
        case deliveryFailed
        case cancelled
        case transferTimedOut
        case insufficientSpace
        case fileNotAccessible
        case fileAccessDenied
        case genericErrorCode
        case monitoringUnavailable
        case monitoringFailed
        case pingTimeout
        case pingFailed
        case invalidConfiguration
        case platformUnsupported
        case missingTypeKey
        case unknownMessageType
        case duplicateMessageKey
        case typeMismatch
        case missingField
        case missingBinaryData
        case notBinaryMessagable
        case invalidFormat
        case invalidTypeKey
        case invalidDataSize
        case encodingFailed
        case decodingFailed
        case unsupportedValue
    }

    /// WatchConnectivity is not supported on this device (iPad, Mac, Apple TV, Linux without a simulator).
    public static let sessionNotSupported = Self(base: .sessionNotSupported)
    /// The session has not been activated yet.
    public static let sessionNotActivated = Self(base: .sessionNotActivated)
    /// The session is inactive (the user is switching watches); activate it again.
    public static let sessionInactive = Self(base: .sessionInactive)
    /// Activation did not complete within the allowed time.
    public static let activationTimedOut = Self(base: .activationTimedOut)
    /// The session reported an activation failure (the reason says which).
    public static let activationFailed = Self(base: .activationFailed)
    /// The session has no delegate to deliver incoming data to.
    public static let sessionMissingDelegate = Self(base: .sessionMissingDelegate)
    /// Another live manager already drives this device's WatchConnectivity session (`WCSession.default` has one delegate); share that manager, or let it go first.
    public static let sessionInUse = Self(base: .sessionInUse)
    /// No Apple Watch is paired with this iPhone.
    public static let deviceNotPaired = Self(base: .deviceNotPaired)
    /// The counterpart app is not installed (1.0: `missingCompanion`).
    public static let companionAppNotInstalled = Self(base: .companionAppNotInstalled)
    /// The counterpart app cannot receive live messages now.
    public static let notReachable = Self(base: .notReachable)
    /// The app is a watch-only app and has no iPhone counterpart.
    public static let watchOnlyApp = Self(base: .watchOnlyApp)
    /// The counterpart did not reply in time.
    public static let messageReplyTimedOut = Self(base: .messageReplyTimedOut)
    /// The counterpart received the message but its reply failed.
    public static let messageReplyFailed = Self(base: .messageReplyFailed)
    /// A reply was already sent for this message; each message takes exactly one reply.
    public static let replyAlreadySent = Self(base: .replyAlreadySent)
    /// A parameter is invalid for this operation (the reason says which).
    public static let invalidParameter = Self(base: .invalidParameter)
    /// The encoded payload is larger than WatchConnectivity allows (context: `size`, `limit`).
    public static let payloadTooLarge = Self(base: .payloadTooLarge)
    /// The payload holds a value that is not a property-list type (the key path and type are named).
    public static let payloadUnsupportedTypes = Self(base: .payloadUnsupportedTypes)
    /// The system could not deliver the message.
    public static let deliveryFailed = Self(base: .deliveryFailed)
    /// The operation was cancelled before it completed.
    public static let cancelled = Self(base: .cancelled)
    /// A user-info or file transfer timed out.
    public static let transferTimedOut = Self(base: .transferTimedOut)
    /// There is not enough space for the transfer.
    public static let insufficientSpace = Self(base: .insufficientSpace)
    /// The file to transfer cannot be read.
    public static let fileNotAccessible = Self(base: .fileNotAccessible)
    /// Access to the file was denied.
    public static let fileAccessDenied = Self(base: .fileAccessDenied)
    // swift-format-ignore: DontRepeatTypeInStaticProperties
    /// Any other WatchConnectivity error code (context: `watchConnectivityCode`); the 2.0 case's name, kept so
    /// that `catch ConnectivityError.genericErrorCode` goes on compiling.
    public static let genericErrorCode = Self(base: .genericErrorCode)
    /// The platform's source of network paths could not be opened (for example a netlink socket).
    public static let monitoringUnavailable = Self(base: .monitoringUnavailable)
    /// A running monitor failed and stopped delivering paths.
    public static let monitoringFailed = Self(base: .monitoringFailed)
    /// A ping did not answer in time.
    public static let pingTimeout = Self(base: .pingTimeout)
    /// A ping got an answer that means the network does not work (for example a refused connection).
    public static let pingFailed = Self(base: .pingFailed)
    /// A setting is invalid (for example a negative interval or an empty host).
    public static let invalidConfiguration = Self(base: .invalidConfiguration)
    /// This platform has no network path source.
    public static let platformUnsupported = Self(base: .platformUnsupported)
    /// The dictionary has no `__type` string naming its message type.
    public static let missingTypeKey = Self(base: .missingTypeKey)
    /// No registered type has this key.
    public static let unknownMessageType = Self(base: .unknownMessageType)
    /// Two different registered types share this key.
    public static let duplicateMessageKey = Self(base: .duplicateMessageKey)
    /// A value has the wrong type.
    public static let typeMismatch = Self(base: .typeMismatch)
    /// A required field is missing.
    public static let missingField = Self(base: .missingField)
    /// A binary message's parameters have no `__data`.
    public static let missingBinaryData = Self(base: .missingBinaryData)
    /// The type is registered but cannot decode binary payloads.
    public static let notBinaryMessagable = Self(base: .notBinaryMessagable)
    /// The binary footer is malformed (the reason says how).
    public static let invalidFormat = Self(base: .invalidFormat)
    /// The type key in the binary footer is not valid UTF-8.
    public static let invalidTypeKey = Self(base: .invalidTypeKey)
    /// A binary payload has the wrong size for its format (context: `size` expected, `limit` actual).
    public static let invalidDataSize = Self(base: .invalidDataSize)
    /// The message could not be encoded (the reason says why).
    public static let encodingFailed = Self(base: .encodingFailed)
    /// The message could not be decoded into the named type (the reason says why).
    public static let decodingFailed = Self(base: .decodingFailed)
    /// A value is not a property-list type (the key path and type are named).
    public static let unsupportedValue = Self(base: .unsupportedValue)
}
