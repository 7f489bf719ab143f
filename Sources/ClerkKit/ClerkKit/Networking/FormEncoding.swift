import Foundation

/// Encodes request parameters the way the Frontend API reads them (`application/x-www-form-urlencoded`).
///
/// Parameters are an `Encodable` value whose top-level property names become snake_case keys. `nil` is
/// omitted; booleans are `1`/`0`; an array of strings repeats its key (`a=x&a=y`, no brackets); any other
/// array or object (for example `unsafe_metadata`) is sent as a JSON string with its keys unchanged; dates
/// are milliseconds since 1970.
@available(OS2023, *)
enum FormEncoding {
    /// The fields of `parameters`, in key order.
    static func fields(_ parameters: some Encodable) throws(ClerkError) -> [(String, String)] {
        let value: JSONValue
        do {
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .millisecondsSince1970
            let data = try encoder.encode(parameters)
            value = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw ClerkError(.encoding, "The request parameters could not be encoded.", underlying: error)
        }
        guard case .object(let object) = value else {
            throw ClerkError(.encoding, "Request parameters must be an object.")
        }
        var fields: [(String, String)] = []
        for key in object.keys.sorted() {
            guard let field = object[key] else { continue }
            let name = snakeCase(key)
            switch field {
            case .null:
                continue
            case .bool(let flag):
                fields.append((name, flag ? "1" : "0"))
            case .number(let number):
                fields.append((name, format(number)))
            case .string(let text):
                fields.append((name, text))
            case .array(let items):
                let strings = items.compactMap { item -> String? in
                    if case .string(let text) = item { return text }
                    return nil
                }
                if strings.count == items.count {
                    fields += strings.map { (name, $0) }
                } else {
                    fields.append((name, try jsonString(field)))
                }
            case .object:
                fields.append((name, try jsonString(field)))
            }
        }
        return fields
    }

    /// `name=value&…`, percent-encoded.
    static func encode(_ fields: [(String, String?)]) -> String {
        fields.map { name, value in
            guard let value else { return escape(name) }
            return "\(escape(name))=\(escape(value))"
        }.joined(separator: "&")
    }

    /// Parses `name=value&…` back into fields (for logging and tests).
    static func decode(_ text: String) -> [(String, String?)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = unescape(String(parts[0]))
            return (name, parts.count > 1 ? unescape(String(parts[1])) : nil)
        }
    }

    /// `camelCase` → `camel_case`; names that are already snake_case are unchanged.
    static func snakeCase(_ name: String) -> String {
        var result = ""
        for character in name {
            if character.isUppercase {
                if !result.isEmpty { result.append("_") }
                result += character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func escape(_ text: String) -> String {
        // Most names and values need no escaping (`_is_native=true` is on every request): a byte check spares them
        // Foundation's percent encoding, which costs microseconds per call on Linux.
        guard text.utf8.contains(where: { !isUnreserved($0) }) else { return text }
        return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    private static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? text
    }

    private static func format(_ number: Double) -> String {
        if number.rounded() == number, abs(number) < 9_007_199_254_740_992 { return String(Int64(number)) }
        return String(number)
    }

    private static func jsonString(_ value: JSONValue) throws(ClerkError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw ClerkError(.encoding, "A nested request parameter could not be encoded.", underlying: error)
        }
    }
}
