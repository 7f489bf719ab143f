import Foundation

// Every configuration value is checked before a handle, producer or read makes its first request: an invalid
// value is an `invalidArgument` error naming the value and the rule, never a hang or a silent clamp. The rules
// are listed in the DocC article "Configuration rules".

@available(OS2022, *)
extension RetryPolicy {
    /// Checks the policy's values.
    ///
    /// - Throws: ``DurableStreamError/invalidArgument`` when `maxAttempts` is below 1, a delay is negative,
    ///   `baseDelay` is zero while the policy retries (a retry loop with no delay), `maxDelay` is below `baseDelay`, `multiplier` is below 1 or not finite, or `jitterFactor` is outside 0...1.
    public func validate() throws(DurableStreamError) {
        try validate(named: "retryPolicy")
    }

    func validate(named name: String) throws(DurableStreamError) {
        try Rule.check(maxAttempts >= 1, name, "maxAttempts", "must be at least 1", maxAttempts)
        try Rule.check(baseDelay >= .zero, name, "baseDelay", "must not be negative", baseDelay)
        try Rule.check(
            maxAttempts == 1 || baseDelay > .zero, name, "baseDelay", "must be positive when the policy retries",
            baseDelay)
        try Rule.check(maxDelay >= baseDelay, name, "maxDelay", "must not be less than baseDelay", maxDelay)
        try Rule.check(multiplier.isFinite && multiplier >= 1, name, "multiplier", "must be at least 1", multiplier)
        try Rule.check(
            jitterFactor.isFinite && (0...1).contains(jitterFactor), name, "jitterFactor", "must be within 0...1",
            jitterFactor)
        try Rule.check(maxRetryAfter >= .zero, name, "maxRetryAfter", "must not be negative", maxRetryAfter)
    }
}

@available(OS2022, *)
extension BatchingConfiguration {
    /// Checks the values.
    ///
    /// - Throws: ``DurableStreamError/invalidArgument`` when `maxBytes` or `lingerTime` is negative.
    public func validate() throws(DurableStreamError) {
        try Rule.check(maxBytes >= 0, "batching", "maxBytes", "must not be negative", maxBytes)
        try Rule.check(lingerTime >= .zero, "batching", "lingerTime", "must not be negative", lingerTime)
    }
}

@available(OS2022, *)
extension HTTPConfiguration {
    /// Checks the values.
    ///
    /// - Throws: ``DurableStreamError/invalidArgument`` when a timeout is not positive, a retry policy is
    ///   invalid, a byte limit is not positive, or a static header is not a valid HTTP field.
    public func validate() throws(DurableStreamError) {
        try Rule.check(timeout > .zero, "http", "timeout", "must be positive", timeout)
        try Rule.check(longPollTimeout > .zero, "http", "longPollTimeout", "must be positive", longPollTimeout)
        try readRetryPolicy.validate(named: "http.readRetryPolicy")
        try writeRetryPolicy.validate(named: "http.writeRetryPolicy")
        try Rule.check(maxResponseBytes > 0, "http", "maxResponseBytes", "must be positive", maxResponseBytes)
        try Rule.check(maxSSEEventBytes > 0, "http", "maxSSEEventBytes", "must be positive", maxSSEEventBytes)
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            try HTTPSyntax.checkField(name: name, value: value, in: "http.headers")
        }
    }
}

@available(OS2022, *)
extension HandleConfiguration {
    /// Checks every value: the HTTP settings, batching, and the idempotent producer if there is one.
    ///
    /// Handles call this before their first request, so an invalid value fails there with
    /// ``DurableStreamError/invalidArgument``; call it yourself to check a configuration earlier.
    public func validate() throws(DurableStreamError) {
        try http.validate()
        try batching.validate()
        try idempotentProducer?.validate()
    }
}

/// The syntax of what the client sends in HTTP: field names and values, media types, stream URLs.
@available(OS2022, *)
enum HTTPSyntax {
    /// RFC 9110 `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"):
            true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    static func isToken(_ text: some StringProtocol) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(isTokenByte)
    }

    /// A field value: no control characters but horizontal tab (so no CR or LF that would split the request).
    static func isFieldValue(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }
    }

    static func checkField(name: String, value: String, in place: String) throws(DurableStreamError) {
        guard isToken(name) else {
            throw .invalidArgument(message: "\(place): \"\(name)\" is not a valid HTTP header name")
        }
        guard isFieldValue(value) else {
            throw .invalidArgument(message: "\(place): the value of \(name) contains a control character")
        }
    }

    /// A media type `type/subtype`, optionally with `; name=value` parameters.
    static func checkMediaType(_ text: String, named name: String) throws(DurableStreamError) {
        let parts = text.split(separator: ";", omittingEmptySubsequences: false)
        let essence = parts[0].trimmingCharacters(in: .whitespaces).split(
            separator: "/", omittingEmptySubsequences: false)
        let valid =
            essence.count == 2 && isToken(essence[0]) && isToken(essence[1])
            && parts.dropFirst().allSatisfy { parameter in
                let pair = parameter.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
                return pair.count == 2 && isToken(pair[0]) && isFieldValue(String(pair[1]))
            }
        guard valid else {
            throw .invalidArgument(message: "\(name) must be a media type such as application/json (got \"\(text)\")")
        }
    }

    /// A stream URL: absolute, `http` or `https`, with a host.
    static func checkStreamURL(_ url: URL) throws(DurableStreamError) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else {
            throw .invalidArgument(message: "a stream URL must be an absolute http or https URL (got \(url))")
        }
    }
}

/// One rule on one configuration value.
@available(OS2022, *)
private enum Rule {
    static func check(
        _ holds: Bool, _ owner: String, _ field: String, _ rule: String, _ value: some Sendable
    ) throws(DurableStreamError) {
        guard !holds else { return }
        throw .invalidArgument(message: "\(owner).\(field) \(rule) (got \(value))")
    }
}
