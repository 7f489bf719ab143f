import Foundation

/// A JSON value being encoded; containers are boxes, so a nested container can be filled after it is created.
enum JSONNode {
    case literal(JSONLiteral)
    case string(String)
    case object(JSONObjectBox)
    case array(JSONArrayBox)
    /// What a super encoder stores, known once the value has been encoded through it.
    case deferred(FastJSONEncoding)
}

/// A value written as it is: `null`, `true`, `false`, or a number's digits.
enum JSONLiteral {
    case null
    case bool(Bool)
    case number(String)
}

/// An object's members in the order they were first set; setting a key again replaces its value, as
/// `JSONEncoder` does.
final class JSONObjectBox {
    private(set) var keys: [String] = []
    private(set) var values: [JSONNode] = []
    private var index: [String: Int] = [:]

    func set(_ value: JSONNode, for key: String) {
        if let position = position(of: key) {
            values[position] = value
        } else {
            index[key] = keys.count
            keys.append(key)
            values.append(value)
        }
    }

    func value(for key: String) -> JSONNode? {
        position(of: key).map { values[$0] }
    }

    private func position(of key: String) -> Int? {
        // Small objects are searched; the index is kept for large ones.
        keys.count < 8 ? keys.firstIndex(of: key) : index[key]
    }
}

/// An array's elements.
final class JSONArrayBox {
    var elements: [JSONNode] = []
}

/// What the fast encoder leaves to `JSONEncoder`: a type with a strategy of its own (dates, data, URLs,
/// decimals), or a non-finite number.
struct JSONFastPathUnsupported: Error {}
