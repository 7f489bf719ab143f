import CourierPrimitives
import Foundation

/// An `application/x-www-form-urlencoded` body (or query string): the pairs in order, repeated keys kept.
@available(OS2023, *)
struct FormBody: Sendable, Equatable {
    private(set) var pairs: [(String, String)]

    static func == (lhs: FormBody, rhs: FormBody) -> Bool {
        lhs.pairs.map(\.0) == rhs.pairs.map(\.0) && lhs.pairs.map(\.1) == rhs.pairs.map(\.1)
    }

    init(pairs: [(String, String)] = []) { self.pairs = pairs }

    /// Parses `a=1&b=two+words&c=%F0%9F%99%82`. A key without `=` has the empty value.
    ///
    /// - Throws: `malformed_request_body` for invalid percent-encoding or UTF-8.
    init(parsing text: String) throws(FAPIError) {
        var pairs: [(String, String)] = []
        for component in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = component.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try Self.decode(parts[0])
            let value = parts.count > 1 ? try Self.decode(parts[1]) : ""
            guard !name.isEmpty else { throw .malformedBody("A form field has an empty name.") }
            pairs.append((name, value))
        }
        self.pairs = pairs
    }

    /// `+` as a space and `%XX` as the byte XX, in the text's UTF-8 bytes (Foundation's `removingPercentEncoding`
    /// searched the text through `NSString` once per field, a few per cent of an emulated sign-in's CPU).
    ///
    /// - Throws: `malformed_request_body` for a `%` not followed by two hex digits, or bytes that are not UTF-8.
    private static func decode(_ text: Substring) throws(FAPIError) -> String {
        let malformed = FAPIError.malformedBody(
            "The request body is not valid application/x-www-form-urlencoded data.")
        var bytes = Array(text.utf8)
        guard bytes.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) else {
            return String(text)
        }
        var read = 0
        var written = 0
        while read < bytes.count {
            switch bytes[read] {
            case UInt8(ascii: "+"):
                bytes[written] = UInt8(ascii: " ")
                read += 1
            case UInt8(ascii: "%"):
                guard read + 2 < bytes.count, let high = ASCIIHex.value(of: bytes[read + 1]),
                    let low = ASCIIHex.value(of: bytes[read + 2])
                else { throw malformed }
                bytes[written] = high << 4 | low
                read += 3
            case let byte:
                bytes[written] = byte
                read += 1
            }
            written += 1
        }
        guard let decoded = String(bytes: bytes[..<written], encoding: .utf8) else { throw malformed }
        return decoded
    }

    /// The names present.
    var names: [String] { pairs.map(\.0) }

    /// The last value for `name`.
    subscript(name: String) -> String? { pairs.last { $0.0 == name }?.1 }

    /// Fails with `form_param_unknown` for the first name not in `allowed`.
    func requireKnown(_ allowed: Set<String>) throws(FAPIError) {
        if let unknown = names.first(where: { !allowed.contains($0) }) { throw .paramUnknown(unknown) }
    }

    /// The value for `name`, failing with `form_param_missing` when absent or empty.
    func required(_ name: String) throws(FAPIError) -> String {
        guard let value = self[name], !value.isEmpty else { throw .paramMissing(name) }
        return value
    }

    /// A boolean (`true`/`false`/`1`/`0`), nil when absent.
    func bool(_ name: String) throws(FAPIError) -> Bool? {
        guard let value = self[name] else { return nil }
        switch value.lowercased() {
        case "true", "1": return true
        case "false", "0": return false
        default: throw .paramInvalid(name, "\(name) must be true or false.")
        }
    }
}
