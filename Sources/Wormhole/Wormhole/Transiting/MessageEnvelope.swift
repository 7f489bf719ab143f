public import Foundation

/// The on-disk format of one message: an 80-byte ASCII header line, then the payload.
///
/// ```
/// wormhole1 SSSSSSSSSSSSSSSSSSSS IIIIIIIIIIIIIIII TTTTTTTTTTTTTTTTTTTT LLLLLLLLLL\n<payload>
/// ```
///
/// `S`: sequence number, 20 decimal digits; `I`: message ID, 16 lower-case hex digits; `T`: send time in
/// microseconds since 1970, 20 decimal digits; `L`: payload length in bytes, 10 decimal digits. Fields are
/// zero-padded and separated by single spaces. The payload is the serializer's output (JSON by default), so
/// `tail -c +81 file` prints it. Any other layout, or a payload whose length differs from `L`, is reported as
/// ``WormholeError/corruptMessage(_:sequence:reason:)``: a truncated or foreign file is never mistaken for a
/// message.
@available(OS2021, *)
public enum MessageEnvelope {
    /// The header's first bytes, including the format version.
    public static let magic = Array("wormhole1 ".utf8)

    /// The header's length in bytes.
    public static let headerLength = 80

    private static let sequenceRange = 10..<30
    private static let idRange = 31..<47
    private static let timeRange = 48..<68
    private static let lengthRange = 69..<79
    private static let separators = [30, 47, 68]

    /// The header for `message` (payload length included).
    public static func header(for message: StoredMessage) -> [UInt8] {
        var header = [UInt8](repeating: UInt8(ascii: " "), count: headerLength)
        header.replaceSubrange(0..<magic.count, with: magic)
        writeDecimal(message.sequence, into: &header, range: sequenceRange)
        writeHex(message.messageID, into: &header, range: idRange)
        writeDecimal(UInt64(clamping: max(0, message.sentAtMicroseconds)), into: &header, range: timeRange)
        writeDecimal(UInt64(message.payload.count), into: &header, range: lengthRange)
        header[headerLength - 1] = UInt8(ascii: "\n")
        return header
    }

    /// The complete encoding of `message`: header and payload.
    public static func encode(_ message: StoredMessage) -> Data {
        var data = Data(capacity: headerLength + message.payload.count)
        data.append(contentsOf: header(for: message))
        data.append(message.payload)
        return data
    }

    /// Parses a stored file.
    ///
    /// - Parameters:
    ///   - data: The file's contents.
    ///   - identifier: The identifier, for errors.
    /// - Throws: ``WormholeError/corruptMessage(_:sequence:reason:)`` if `data` is not a complete message.
    public static func decode(_ data: Data, for identifier: MessageIdentifier) throws(WormholeError)
        -> StoredMessage
    {
        let header = Array(data.prefix(headerLength))
        // A copy, so the payload's indices start at 0 like any other `Data`.
        let payload = data.count > headerLength ? Data(data[(data.startIndex + headerLength)...]) : Data()
        return try decode(header: header, payload: payload, for: identifier)
    }

    /// Parses a stored file read as its first ``headerLength`` bytes (fewer if the file is shorter) and the rest,
    /// which becomes the message's payload as it is.
    static func decode(header: [UInt8], payload: Data, for identifier: MessageIdentifier) throws(WormholeError)
        -> StoredMessage
    {
        let parsed: (UInt64, UInt64, UInt64, UInt64)? = header.withUnsafeBytes { raw in
            guard raw.count >= headerLength, raw.starts(with: magic), raw[headerLength - 1] == UInt8(ascii: "\n"),
                separators.allSatisfy({ raw[$0] == UInt8(ascii: " ") }),
                let sequence = readDecimal(raw, sequenceRange), let id = readHex(raw, idRange),
                let time = readDecimal(raw, timeRange), let length = readDecimal(raw, lengthRange)
            else { return nil }
            return (sequence, id, time, length)
        }
        guard let (sequence, id, time, length) = parsed else {
            let reason =
                header.count < headerLength && header.starts(with: magic.prefix(header.count))
                ? "truncated header (\(header.count) bytes)"
                : "not a wormhole message (no valid \"wormhole1\" header)"
            throw .corruptMessage(identifier, sequence: nil, reason: reason)
        }
        let available = UInt64(payload.count)
        guard length == available else {
            throw .corruptMessage(
                identifier,
                sequence: sequence,
                reason: "the header announces \(length) payload bytes but the file holds \(available)"
            )
        }
        return StoredMessage(
            sequence: sequence,
            messageID: id,
            sentAtMicroseconds: Int64(clamping: time),
            payload: payload
        )
    }

    /// Reads only the sequence number from a header, or `nil` if the bytes do not start with a valid header.
    static func sequence(inHeader bytes: UnsafeRawBufferPointer) -> UInt64? {
        guard bytes.count >= headerLength, bytes.starts(with: magic) else { return nil }
        return readDecimal(bytes, sequenceRange)
    }

    /// Replaces the sequence number in an encoded header.
    static func setSequence(_ sequence: UInt64, inHeader header: inout [UInt8]) {
        writeDecimal(sequence, into: &header, range: sequenceRange)
    }

    private static func writeDecimal(_ value: UInt64, into bytes: inout [UInt8], range: Range<Int>) {
        var value = value
        for index in range.reversed() {
            bytes[index] = UInt8(ascii: "0") + UInt8(value % 10)
            value /= 10
        }
    }

    private static func writeHex(_ value: UInt64, into bytes: inout [UInt8], range: Range<Int>) {
        let digits = Array("0123456789abcdef".utf8)
        var value = value
        for index in range.reversed() {
            bytes[index] = digits[Int(value & 0xF)]
            value >>= 4
        }
    }

    private static func readDecimal(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> UInt64? {
        var value: UInt64 = 0
        for index in range {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
        }
        return value
    }

    private static func readHex(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> UInt64? {
        var value: UInt64 = 0
        for index in range {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default: return nil
            }
            value = value << 4 | UInt64(digit)
        }
        return value
    }
}
