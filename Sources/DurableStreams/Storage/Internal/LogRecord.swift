/// One record of a stream's log: an append (its payload, the producer stamp and `Stream-Seq` that came with
/// it, whether it closed the stream) or a close without data.
///
/// Layout, little-endian:
///
/// | bytes | field |
/// |---|---|
/// | 0..<4 | magic `DSR1` |
/// | 4 | flags: 1 closes the stream, 2 has a producer stamp, 4 has a `Stream-Seq` |
/// | 5 | reserved, 0 |
/// | 6..<8 | producer id length |
/// | 8..<12 | payload length |
/// | 12..<14 | `Stream-Seq` length |
/// | 14..<16 | reserved, 0 |
/// | 16..<24 | producer epoch |
/// | 24..<32 | producer sequence |
/// | 32... | producer id, `Stream-Seq`, payload |
/// | last 4 | CRC-32C of everything before it |
///
/// Because producer state travels in the same record as the data and one checksum covers both, a record is
/// either entirely in the log or not at all: producer state and data cannot disagree after a crash.
@available(OS2022, *)
struct LogRecord: Equatable {
    static let magic: UInt32 = 0x3152_5344
    static let headerSize = 32
    static let trailerSize = 4
    static let closesFlag: UInt8 = 1
    static let producerFlag: UInt8 = 2
    static let streamSequenceFlag: UInt8 = 4

    var closes: Bool
    var producer: ProducerStamp?
    var streamSequence: String?
    /// Where the payload is inside the buffer the record was decoded from.
    var payloadRange: Range<Int>
    /// The record's total length, framing included.
    var length: Int

    /// Encodes a record.
    static func encode(payload: [UInt8], closes: Bool, producer: ProducerStamp?, streamSequence: String?) -> [UInt8] {
        let producerID = producer.map { Array($0.id.utf8) } ?? []
        let sequence = streamSequence.map { Array($0.utf8) } ?? []
        var flags: UInt8 = closes ? closesFlag : 0
        if producer != nil { flags |= producerFlag }
        if streamSequence != nil { flags |= streamSequenceFlag }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(headerSize + producerID.count + sequence.count + payload.count + trailerSize)
        append(magic, to: &bytes)
        bytes.append(flags)
        bytes.append(0)
        append(UInt16(producerID.count), to: &bytes)
        append(UInt32(payload.count), to: &bytes)
        append(UInt16(sequence.count), to: &bytes)
        append(UInt16(0), to: &bytes)
        append(producer?.epoch ?? 0, to: &bytes)
        append(producer?.sequence ?? 0, to: &bytes)
        bytes.append(contentsOf: producerID)
        bytes.append(contentsOf: sequence)
        bytes.append(contentsOf: payload)
        append(CRC32C.checksum(bytes), to: &bytes)
        return bytes
    }

    /// The total length of an encoded record.
    static func encodedLength(payloadCount: Int, producer: ProducerStamp?, streamSequence: String?) -> Int {
        headerSize + (producer?.id.utf8.count ?? 0) + (streamSequence?.utf8.count ?? 0) + payloadCount + trailerSize
    }

    /// The outcome of decoding at a position.
    enum Decoded: Equatable {
        /// A whole, valid record.
        case record(LogRecord)
        /// The buffer ends inside the record; `length` bytes are needed from the record's start (0 when not
        /// even the header is complete).
        case incomplete(needed: Int)
        /// The bytes are not a record (torn or corrupt data, or a position that is not a record boundary).
        case invalid
    }

    /// Where a record's payload lies, read from its header alone.
    struct Extent: Equatable {
        /// The payload's range, counted from the record's start.
        var payload: Range<Int>
        /// The record's total length, framing included.
        var length: Int
    }

    /// Checks the header of the record starting at `start` and returns where its payload lies, without the rest
    /// of the record (`nil` when the bytes are not a header; not checksummed). Needs ``headerSize`` bytes.
    static func extent(_ buffer: UnsafeRawBufferPointer, at start: Int) -> Extent? {
        guard buffer.count - start >= headerSize, read(UInt32.self, buffer, start) == magic, buffer[start + 5] == 0,
            read(UInt16.self, buffer, start + 14) == 0, buffer[start + 4] & ~UInt8(7) == 0
        else { return nil }
        let flags = buffer[start + 4]
        let producerIDCount = Int(read(UInt16.self, buffer, start + 6))
        let payloadCount = Int(read(UInt32.self, buffer, start + 8))
        let sequenceCount = Int(read(UInt16.self, buffer, start + 12))
        if flags & producerFlag == 0 && producerIDCount != 0 { return nil }
        if flags & streamSequenceFlag == 0 && sequenceCount != 0 { return nil }
        let payloadStart = headerSize + producerIDCount + sequenceCount
        return Extent(
            payload: payloadStart..<payloadStart + payloadCount, length: payloadStart + payloadCount + trailerSize)
    }

    /// Decodes the record starting at `start`, verifying its checksum when `verify` is set.
    static func decode(_ buffer: UnsafeRawBufferPointer, at start: Int, verify: Bool) -> Decoded {
        let available = buffer.count - start
        guard available >= headerSize else { return .incomplete(needed: headerSize) }
        guard let extent = Self.extent(buffer, at: start) else { return .invalid }
        let flags = buffer[start + 4]
        let producerIDCount = Int(read(UInt16.self, buffer, start + 6))
        let payloadCount = extent.payload.count
        let sequenceCount = Int(read(UInt16.self, buffer, start + 12))
        let length = extent.length
        guard available >= length else { return .incomplete(needed: length) }
        if verify {
            let body = UnsafeRawBufferPointer(rebasing: buffer[start..<start + length - trailerSize])
            guard CRC32C.checksum(body) == read(UInt32.self, buffer, start + length - trailerSize) else {
                return .invalid
            }
        }
        var cursor = start + headerSize
        var producer: ProducerStamp?
        if flags & producerFlag != 0 {
            let id = String(
                decoding: UnsafeRawBufferPointer(rebasing: buffer[cursor..<cursor + producerIDCount]), as: UTF8.self)
            producer = ProducerStamp(
                id: id,
                epoch: read(UInt64.self, buffer, start + 16),
                sequence: read(UInt64.self, buffer, start + 24)
            )
        }
        cursor += producerIDCount
        var sequence: String?
        if flags & streamSequenceFlag != 0 {
            sequence = String(
                decoding: UnsafeRawBufferPointer(rebasing: buffer[cursor..<cursor + sequenceCount]), as: UTF8.self)
        }
        cursor += sequenceCount
        return .record(
            LogRecord(
                closes: flags & closesFlag != 0,
                producer: producer,
                streamSequence: sequence,
                payloadRange: cursor..<cursor + payloadCount,
                length: length
            )
        )
    }

    private static func append<Integer: FixedWidthInteger>(_ value: Integer, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private static func read<Integer: FixedWidthInteger>(
        _: Integer.Type, _ buffer: UnsafeRawBufferPointer, _ offset: Int
    ) -> Integer {
        var value: Integer = 0
        withUnsafeMutableBytes(of: &value) {
            $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + MemoryLayout<Integer>.size]))
        }
        return Integer(littleEndian: value)
    }
}
