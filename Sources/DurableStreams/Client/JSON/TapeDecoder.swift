import Foundation

/// A `Decoder` over a ``JSONTape`` that decodes as Foundation's `JSONDecoder` with its default options does.
///
/// Every decoding step succeeds or fails exactly when `JSONDecoder`'s would, with the same value: types
/// `JSONDecoder` treats specially (`Data` as Base64, `URL`, `Decimal`) are treated the same way, and a number this
/// decoder cannot convert exactly is handed to `JSONDecoder` alone. One instance serves the whole document; it moves
/// to each value it decodes and back.
final class TapeDecoder: Decoder {
    let tape: JSONTape
    private(set) var index: Int
    private(set) var path: TapePath

    init(tape: JSONTape, index: Int = 0, path: TapePath = .root) {
        self.tape = tape
        self.index = index
        self.path = path
    }

    var codingPath: [any CodingKey] { path.keys }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try expect(.object, at: index, path: path, as: [String: Any].self)
        return KeyedDecodingContainer(TapeKeyedContainer<Key>(decoder: self, object: index, path: path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try expect(.array, at: index, path: path, as: [Any].self)
        return TapeUnkeyedContainer(decoder: self, array: index, path: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        TapeSingleValueContainer(decoder: self, index: index, path: path)
    }

    /// Decodes the value at `index` as `T`, with the decoder moved there while `T` decodes itself.
    func decode<T: Decodable>(_ type: T.Type, at index: Int, path: TapePath) throws -> T {
        if T.self == Data.self {
            let text = try string(at: index, path: path)
            guard let data = Data(base64Encoded: text) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: path.keys, debugDescription: "Encountered Data is not valid Base64."))
            }
            return try cast(data, path: path)
        }
        if T.self == URL.self || T.self == Decimal.self {
            return try foundation(type, at: index, path: path)
        }
        let saved = (self.index, self.path)
        self.index = index
        self.path = path
        defer { (self.index, self.path) = saved }
        return try T(from: self)
    }

    func string(at index: Int, path: @autoclosure () -> TapePath) throws -> String {
        try expect(.string, at: index, path: path(), as: String.self)
        return tape.string(at: index)
    }

    /// A `Bool`; `null` is a type mismatch here, not a missing value, as in `JSONDecoder`.
    func bool(at index: Int, path: @autoclosure () -> TapePath) throws -> Bool {
        switch tape.kind(index) {
        case .true: return true
        case .false: return false
        case .null:
            throw DecodingError.typeMismatch(
                Bool.self,
                .init(codingPath: path().keys, debugDescription: "Expected to decode Bool but found null instead."))
        default: throw mismatch(Bool.self, at: index, path: path())
        }
    }

    @inline(__always)
    func integer<T: FixedWidthInteger & Decodable>(
        _ type: T.Type, at index: Int, path: @autoclosure () -> TapePath
    ) throws -> T {
        try expect(.number, at: index, path: path(), as: T.self)
        if let value = tape.integer(at: index, as: T.self) { return value }
        return try foundation(type, at: index, path: path())
    }

    func double(at index: Int, path: @autoclosure () -> TapePath) throws -> Double {
        try expect(.number, at: index, path: path(), as: Double.self)
        if let value = tape.double(at: index) { return value }
        return try foundation(Double.self, at: index, path: path())
    }

    func float(at index: Int, path: @autoclosure () -> TapePath) throws -> Float {
        try expect(.number, at: index, path: path(), as: Float.self)
        if let value = tape.float(at: index) { return value }
        return try foundation(Float.self, at: index, path: path())
    }

    /// Throws as `JSONDecoder` does when the value at `index` is not of `kind`: "value not found" for `null`,
    /// "type mismatch" otherwise.
    func expect(_ kind: JSONTape.Kind, at index: Int, path: @autoclosure () -> TapePath, as type: Any.Type) throws {
        guard tape.kind(index) != kind else { return }
        throw mismatch(type, at: index, path: path())
    }

    func mismatch(_ type: Any.Type, at index: Int, path: TapePath) -> DecodingError {
        let found = tape.kind(index)
        if found == .null {
            return .valueNotFound(
                type, .init(codingPath: path.keys, debugDescription: "Cannot get \(type) -- found null value instead"))
        }
        return .typeMismatch(
            type,
            .init(codingPath: path.keys, debugDescription: "Expected to decode \(type) but found \(found) instead."))
    }

    /// The one value at `index` decoded by Foundation's `JSONDecoder`, for the conversions it alone defines.
    ///
    /// A number it cannot represent as `T` fails, inside a model's `init(from:)`, with an error of its own that is
    /// not a `DecodingError` (it becomes one only where `decode(_:from:)` returns): ``UnrepresentableNumber``
    /// stands for it, so that a model catching `DecodingError`s catches neither.
    private func foundation<T: Decodable>(
        _ type: T.Type, at index: Int, path: @autoclosure () -> TapePath
    ) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(tape.rawText(at: index)))
        } catch let error as DecodingError {
            if case .dataCorrupted = error, tape.kind(index) == .number {
                throw UnrepresentableNumber(text: String(decoding: tape.rawText(at: index), as: UTF8.self))
            }
            throw error.relocated(under: path())
        }
    }

    private func cast<Value, T>(_ value: Value, path: TapePath) throws -> T {
        guard let result = value as? T else {
            throw DecodingError.typeMismatch(T.self, .init(codingPath: path.keys, debugDescription: "\(Value.self)"))
        }
        return result
    }
}

/// A number that does not fit the type asked for: `JSONDecoder` fails there with an error that is not a
/// `DecodingError`, and so does ``TapeDecoder``.
struct UnrepresentableNumber: Error, CustomStringConvertible {
    let text: String

    var description: String { "The number \(text) cannot be represented as the type asked for." }
}

extension DecodingError {
    /// The same error with `path` in front of its coding path.
    fileprivate func relocated(under path: TapePath) -> DecodingError {
        let prefix = path.keys
        switch self {
        case .typeMismatch(let type, let context):
            return .typeMismatch(type, context.relocated(prefix))
        case .valueNotFound(let type, let context):
            return .valueNotFound(type, context.relocated(prefix))
        case .keyNotFound(let key, let context):
            return .keyNotFound(key, context.relocated(prefix))
        case .dataCorrupted(let context):
            return .dataCorrupted(context.relocated(prefix))
        @unknown default:
            return self
        }
    }
}

extension DecodingError.Context {
    fileprivate func relocated(_ prefix: [any CodingKey]) -> DecodingError.Context {
        DecodingError.Context(
            codingPath: prefix + codingPath, debugDescription: debugDescription, underlyingError: underlyingError)
    }
}
