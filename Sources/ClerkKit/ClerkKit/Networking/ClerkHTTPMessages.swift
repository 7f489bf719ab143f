public import Foundation

/// HTTP header fields in order, with case-insensitive lookup.
@available(OS2023, *)
public struct ClerkHTTPHeaders: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    /// One header field.
    public struct Field: Sendable, Hashable {
        /// The name as given.
        public var name: String
        /// The value.
        public var value: String
    }

    /// The fields in order.
    public private(set) var fields: [Field] = []

    /// Creates headers from `name: value` pairs.
    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { add(name, value) }
    }

    /// Creates headers from pairs.
    public init(_ pairs: [(String, String)] = []) {
        for (name, value) in pairs { add(name, value) }
    }

    /// The first value for `name`, compared case-insensitively; setting replaces every field of that name.
    public subscript(name: String) -> String? {
        get { fields.first { Self.sameName($0.name, name) }?.value }
        set {
            fields.removeAll { Self.sameName($0.name, name) }
            if let newValue { fields.append(Field(name: name, value: newValue)) }
        }
    }

    /// Whether two field names are equal ignoring ASCII case (field names are ASCII tokens, RFC 9110 §5.1): a
    /// byte comparison, where Foundation's `caseInsensitiveCompare` cost microseconds per request on Linux.
    static func sameName(_ lhs: String, _ rhs: String) -> Bool {
        var left = lhs.utf8.makeIterator()
        var right = rhs.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return true
            case (let a?, let b?) where a == b || (a | 0x20 == b | 0x20 && (a | 0x20) >= 0x61 && (a | 0x20) <= 0x7A):
                continue
            default: return false
            }
        }
    }

    /// Appends a field.
    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }
}

/// An HTTP request as the transport sends it.
@available(OS2023, *)
public struct ClerkHTTPRequest: Sendable, Hashable {
    /// `GET`, `POST`, `PATCH`, `PUT` or `DELETE`.
    public var method: String
    /// The full URL, query included.
    public var url: URL
    /// The header fields.
    public var headers: ClerkHTTPHeaders
    /// The body, if any.
    public var body: Data?

    /// Creates a request.
    public init(method: String, url: URL, headers: ClerkHTTPHeaders = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// An HTTP response as the transport received it.
@available(OS2023, *)
public struct ClerkHTTPResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// The header fields.
    public var headers: ClerkHTTPHeaders
    /// The whole body.
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: ClerkHTTPHeaders = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Sends one HTTP request and returns the whole response.
///
/// Implementations throw ``ClerkError`` with code ``ClerkError/Code/transport`` when no response arrived
/// (put the `URLError` in `underlying`, so retries can tell a timeout from a refused connection) and
/// ``ClerkError/Code/cancelled`` when the task was cancelled.
@available(OS2023, *)
public protocol HTTPTransport: Sendable {
    /// Sends `request`.
    func send(_ request: ClerkHTTPRequest) async throws(ClerkError) -> ClerkHTTPResponse
}
