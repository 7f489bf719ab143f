public import Foundation

/// The `.data` wire format of a ``BinaryMessagable``: the payload, then a type footer.
///
/// ```
/// [ payload bytes ][ type key, UTF-8 ][ key length: UInt32, little-endian ]
/// ```
///
/// This is the layout SundialKit 2.x uses, so apps built on either library can exchange binary
/// messages. Decoding checks every length against the buffer before reading, works on sliced `Data`
/// and on 32-bit watches, and reports malformed input as a `SerializationError`.
public enum BinaryMessageEncoder {
    /// The size of the trailing length field.
    public static let lengthFieldSize = 4

    /// Encodes a message: its payload followed by the type footer.
    /// - Parameter message: The message to encode.
    /// - Returns: The bytes to send with `sendMessageData`.
    /// - Throws: `SerializationError.encodingFailed(_:)` when the message's `encode()` fails.
    public static func encode(_ message: some BinaryMessagable) throws(SerializationError) -> Data {
        var data: Data
        do {
            data = try message.encode()
        } catch let error as SerializationError {
            throw error
        } catch {
            throw .encodingFailed(String(describing: error))
        }
        try appendFooter(to: &data, typeKey: type(of: message).key)
        return data
    }

    /// Appends a type footer to a payload.
    /// - Parameters:
    ///   - payload: The message bytes.
    ///   - typeKey: The message type's key.
    /// - Returns: The payload followed by the footer.
    /// - Throws: `SerializationError.encodingFailed(_:)` when the key is longer than the footer allows.
    public static func encode(payload: Data, typeKey: String) throws(SerializationError) -> Data {
        var data = payload
        try appendFooter(to: &data, typeKey: typeKey)
        return data
    }

    /// Appends the footer in one step; a payload nobody else holds (what `encode()` just returned) grows in
    /// place instead of being copied into a new buffer.
    static func appendFooter(to data: inout Data, typeKey: String) throws(SerializationError) {
        var key = typeKey
        let keyCount = key.utf8.count
        guard let keyLength = UInt32(exactly: keyCount) else {
            throw .encodingFailed("type key of \(keyCount) bytes is too long")
        }
        key.withUTF8 { keyBytes in
            withUnsafeTemporaryAllocation(byteCount: keyCount + lengthFieldSize, alignment: 1) { footer in
                footer.copyMemory(from: UnsafeRawBufferPointer(keyBytes))
                footer.storeBytes(of: keyLength.littleEndian, toByteOffset: keyCount, as: UInt32.self)
                data.append(contentsOf: UnsafeRawBufferPointer(footer))
            }
        }
    }

    /// Splits received bytes into the type key and the payload.
    ///
    /// The payload is a slice of `data` (no copy): index it from its `startIndex`.
    /// - Parameter data: The bytes received with `sendMessageData`.
    /// - Returns: The type key and the payload.
    /// - Throws: `SerializationError.invalidFormat(_:)` when the footer is truncated or its length
    ///   exceeds the buffer, `SerializationError.invalidTypeKey` when the key is not UTF-8.
    public static func decode(_ data: Data) throws(SerializationError) -> (typeKey: String, payload: Data) {
        let count = data.count
        guard count >= lengthFieldSize else {
            throw .invalidFormat("\(count) bytes is shorter than the \(lengthFieldSize)-byte footer length")
        }
        let lengthStart = data.endIndex - lengthFieldSize
        let declared = data.withUnsafeBytes { raw in
            UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count - lengthFieldSize, as: UInt32.self))
        }
        // Compare in 64 bits: on a 32-bit watch `Int(declared)` could trap.
        let available = UInt64(count - lengthFieldSize)
        guard UInt64(declared) <= available, let keyLength = Int(exactly: declared) else {
            throw .invalidFormat("type key length \(declared) exceeds the \(available) bytes before it")
        }
        let keyStart = lengthStart - keyLength
        let typeKey: String? = data.withUnsafeBytes { raw in
            let keyBytes = UnsafeRawBufferPointer(
                rebasing: raw[(keyStart - data.startIndex)..<(lengthStart - data.startIndex)])
            var key = String(decoding: keyBytes, as: UTF8.self)
            // `String(decoding:)` repairs invalid UTF-8; a repaired key differs from the bytes.
            let valid = key.withUTF8 { $0.elementsEqual(keyBytes) }
            return valid ? key : nil
        }
        guard let typeKey else {
            throw .invalidTypeKey
        }
        return (typeKey, data[data.startIndex..<keyStart])
    }
}
