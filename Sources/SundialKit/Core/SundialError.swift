/// The one error type of the SundialKit family (1.0's name), also named ``ConnectivityError``, ``NetworkError``
/// and ``SerializationError`` after the parts of the library that throw it.
///
/// Every throwing API in SundialKit throws it. Match on it as on 1.0's enum (`catch SundialError.notReachable`,
/// `catch NetworkError.pingTimeout`, `case .missingCompanion:` in a `switch`, which matches the code and, when
/// the pattern names them, the details), or compare its ``code``, which can gain new values in any release without
/// breaking your `switch` or `catch`:
///
/// ```swift
/// do {
///     try await observer.send(["count": 1])
/// } catch ConnectivityError.notReachable {
///     // queue it for later
/// } catch {
///     print(error.code, error.message)
/// }
/// ```
public struct SundialError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is. New codes may be added in any release.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The kind, one case of a module-internal enum so that codes can be added without breaking users.
        let base: Base

        init(base: Base) { self.base = base }

        /// The code's name, for example `notReachable`.
        public var description: String { base.rawValue }
    }

    /// The details of a failure, where its kind has any.
    public struct Context: Hashable, Sendable {
        /// The reason, key path or description the failure names.
        public var detail: String?
        /// The message key, field or type name the failure concerns.
        public var key: String?
        /// The type a value should have had.
        public var expected: String?
        /// The type the value had.
        public var actual: String?
        /// A size in bytes: a payload's size, or the expected size of binary data.
        public var size: Int?
        /// A limit in bytes: WatchConnectivity's payload limit, or the actual size of binary data.
        public var limit: Int?
        /// The `WCError` code, for ``SundialError/Code/genericErrorCode``.
        public var watchConnectivityCode: Int?

        /// Creates a context.
        public init(
            detail: String? = nil, key: String? = nil, expected: String? = nil, actual: String? = nil,
            size: Int? = nil, limit: Int? = nil, watchConnectivityCode: Int? = nil
        ) {
            self.detail = detail
            self.key = key
            self.expected = expected
            self.actual = actual
            self.size = size
            self.limit = limit
            self.watchConnectivityCode = watchConnectivityCode
        }
    }

    /// What kind of failure this is.
    public let code: Code
    /// The failure's details.
    public let context: Context
    /// The lower-level error that caused this one, if any (not compared by `==`).
    public let underlying: (any Error & Sendable)?

    /// Creates an error.
    public init(_ code: Code, context: Context = Context(), underlying: (any Error & Sendable)? = nil) {
        self.code = code
        self.context = context
        self.underlying = underlying
    }

    /// A sentence for people (logs, alerts).
    public var message: String { Self.message(code, context) }

    /// The code and message in one line.
    public var description: String { "\(code): \(message)" }

    /// Whether both have the same code and context (the underlying error is not compared).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.code == rhs.code && lhs.context == rhs.context
    }

    /// Hashes the code and context.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(context)
    }

    // MARK: Matching

    /// Matches an error of the pattern's code, and of its context unless the pattern has none:
    /// `catch ConnectivityError.notReachable`, `case .missingCompanion:`.
    public static func ~= (pattern: Self, error: Self) -> Bool {
        pattern.code == error.code && (pattern.context == Context() || pattern.context == error.context)
    }

    /// Matches any error that is a ``SundialError`` matching `pattern`.
    public static func ~= (pattern: Self, error: any Error) -> Bool {
        guard let error = error as? Self else { return false }
        return pattern ~= error
    }
}

/// SundialKit's connectivity error: ``SundialError``, under the name the connectivity APIs use.
public typealias ConnectivityError = SundialError

/// SundialKit's network error: ``SundialError``, under the name the network APIs use.
public typealias NetworkError = SundialError

/// SundialKit's message encoding and decoding error: ``SundialError``, under the name the message APIs use.
public typealias SerializationError = SundialError
