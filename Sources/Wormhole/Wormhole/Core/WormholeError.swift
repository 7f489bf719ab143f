/// The one error type of the Wormhole family.
///
/// Every public throwing API throws this type (`throws(WormholeError)`), and streams deliver it as a value
/// (``Delivery/Content/failure(_:)``) rather than ending. Match on its ``code``, which can grow new values without
/// breaking your `switch` or `catch`; ``context`` says where it happened (identifier, path, sequence number):
///
/// ```swift
/// do {
///     try await wormhole.send(update, to: "counter")
/// } catch WormholeError.messageTooLarge {
///     // Send less.
/// } catch {
///     print(error.message, error.context.path ?? "")
/// }
/// ```
@available(OS2021, *)
public struct WormholeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure this is. New codes may be added in any release.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case invalidIdentifier
            case containerUnavailable
            case directoryUnavailable
            case messageTooLarge
            case sequenceExhausted
            case encodingFailed
            case decodingFailed
            case corruptMessage
            case fileSystem
            case notificationFailed
            case unsupported
            case requestTimedOut
            case noResponder
            case requestFailed
            case alreadyResponding
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The identifier cannot be used (empty, or too long once escaped).
        public static let invalidIdentifier = Code(.invalidIdentifier)
        /// The app group's shared container does not exist or is not accessible to this process. On Apple
        /// platforms this usually means the App Groups capability or the group identifier is wrong.
        public static let containerUnavailable = Code(.containerUnavailable)
        /// The message directory is missing and cannot be created, is not a directory, or is not writable.
        public static let directoryUnavailable = Code(.directoryUnavailable)
        /// A message is larger than ``Configuration/maximumMessageSize``.
        public static let messageTooLarge = Code(.messageTooLarge)
        /// A queue's sequence numbers reached `UInt64.max`: nothing more can be appended until the queue is
        /// cleared (``Wormhole/clearMessage(for:notify:)``), which restarts its numbering at 1.
        public static let sequenceExhausted = Code(.sequenceExhausted)
        /// The serializer could not encode a value.
        public static let encodingFailed = Code(.encodingFailed)
        /// A stored message is intact but its payload does not decode as the requested type.
        public static let decodingFailed = Code(.decodingFailed)
        /// A stored file is not a complete wormhole message: truncated, corrupt, or written by something else.
        public static let corruptMessage = Code(.corruptMessage)
        /// A file-system operation failed.
        public static let fileSystem = Code(.fileSystem)
        /// Posting or observing a cross-process notification failed.
        public static let notificationFailed = Code(.notificationFailed)
        /// The strategy does not support the requested operation (for example, queue mode on user defaults).
        public static let unsupported = Code(.unsupported)
        /// A request got no answer within its timeout.
        public static let requestTimedOut = Code(.requestTimedOut)
        /// No process responds to the identifier, or the responder stopped before answering.
        public static let noResponder = Code(.noResponder)
        /// The responder could not handle the request (its handler threw, or the request did not decode).
        public static let requestFailed = Code(.requestFailed)
        /// Another responder already answers requests to the identifier.
        public static let alreadyResponding = Code(.alreadyResponding)

        /// The code's name, for example `corruptMessage`.
        public var description: String { base.rawValue }

        /// Matches a ``WormholeError`` whose code is `pattern`: `catch WormholeError.corruptMessage`.
        public static func ~= (pattern: Code, error: WormholeError) -> Bool { error.code == pattern }

        /// Matches any error that is a ``WormholeError`` whose code is `pattern`.
        public static func ~= (pattern: Code, error: any Error) -> Bool {
            (error as? WormholeError)?.code == pattern
        }
    }

    /// Where the failure happened. Fields that do not apply are `nil`.
    public struct Context: Hashable, Sendable {
        /// The message identifier concerned (for an invalid identifier, the identifier as given).
        public var identifier: MessageIdentifier?
        /// The file or directory concerned.
        public var path: String?
        /// The app group concerned.
        public var appGroup: String?
        /// The operation that failed, for example `rename to` or `notify_post`.
        public var operation: String?
        /// The notification name concerned.
        public var notification: String?
        /// The Swift type being encoded or decoded.
        public var type: String?
        /// The sequence number of the message concerned, if known.
        public var sequence: UInt64?
        /// The size of the message concerned, in bytes.
        public var size: Int?
        /// The limit it exceeded, in bytes.
        public var limit: Int?

        /// Creates a context.
        public init(
            identifier: MessageIdentifier? = nil, path: String? = nil, appGroup: String? = nil,
            operation: String? = nil, notification: String? = nil, type: String? = nil, sequence: UInt64? = nil,
            size: Int? = nil, limit: Int? = nil
        ) {
            (self.identifier, self.path, self.appGroup) = (identifier, path, appGroup)
            (self.operation, self.notification, self.type) = (operation, notification, type)
            (self.sequence, self.size, self.limit) = (sequence, size, limit)
        }
    }

    /// What kind of failure this is.
    public var code: Code
    /// A sentence for people (logs, the `wormhole` tool), naming the identifier or path concerned.
    public var message: String
    /// Why, in the words of the lower layer (`strerror`, the decoder), without the context.
    public var reason: String
    /// The lower-level error that caused this one, if any (a `DecodingError`, a `POSIXError`, …).
    public var underlying: (any Error & Sendable)?
    /// Where the failure happened.
    public var context: Context

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: What kind of failure this is.
    ///   - message: A sentence for people.
    ///   - reason: The lower layer's explanation (defaults to `message`).
    ///   - underlying: The lower-level error, if any.
    ///   - context: Where the failure happened.
    public init(
        _ code: Code, _ message: String, reason: String? = nil, underlying: (any Error & Sendable)? = nil,
        context: Context = Context()
    ) {
        self.code = code
        self.message = message
        self.reason = reason ?? message
        self.underlying = underlying
        self.context = context
    }

    /// The message, prefixed with nothing: a one-line explanation.
    public var description: String { message }

    /// Errors are equal when their code, message and context are (the underlying error is not compared).
    public static func == (lhs: WormholeError, rhs: WormholeError) -> Bool {
        lhs.code == rhs.code && lhs.message == rhs.message && lhs.context == rhs.context
    }

    // MARK: Matching

    /// `catch WormholeError.invalidIdentifier`.
    public static let invalidIdentifier = Code.invalidIdentifier
    /// `catch WormholeError.containerUnavailable`.
    public static let containerUnavailable = Code.containerUnavailable
    /// `catch WormholeError.directoryUnavailable`.
    public static let directoryUnavailable = Code.directoryUnavailable
    /// `catch WormholeError.messageTooLarge`.
    public static let messageTooLarge = Code.messageTooLarge
    /// `catch WormholeError.sequenceExhausted`.
    public static let sequenceExhausted = Code.sequenceExhausted
    /// `catch WormholeError.encodingFailed`.
    public static let encodingFailed = Code.encodingFailed
    /// `catch WormholeError.decodingFailed`.
    public static let decodingFailed = Code.decodingFailed
    /// `catch WormholeError.corruptMessage`.
    public static let corruptMessage = Code.corruptMessage
    /// `catch WormholeError.fileSystem`.
    public static let fileSystem = Code.fileSystem
    /// `catch WormholeError.notificationFailed`.
    public static let notificationFailed = Code.notificationFailed
    /// `catch WormholeError.unsupported`.
    public static let unsupported = Code.unsupported
    /// `catch WormholeError.requestTimedOut`.
    public static let requestTimedOut = Code.requestTimedOut
    /// `catch WormholeError.noResponder`.
    public static let noResponder = Code.noResponder
    /// `catch WormholeError.requestFailed`.
    public static let requestFailed = Code.requestFailed
    /// `catch WormholeError.alreadyResponding`.
    public static let alreadyResponding = Code.alreadyResponding
}
