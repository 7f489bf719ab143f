import Foundation

/// The bytes ``JSONByteWriter`` writes, in memory it owns until ``data()`` hands it to the `Data` it returns, so
/// the encoded message is never copied out of the buffer it was written into.
struct JSONOutputBuffer: ~Copyable {
    private var base: UnsafeMutableRawPointer
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(16, capacity)
        base = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 16)
    }

    deinit {
        base.deallocate()
    }

    /// Makes room for `additional` more bytes (at least doubling, as arrays grow).
    mutating func reserve(_ additional: Int) {
        let needed = count + additional
        guard needed > capacity else { return }
        let grown = max(needed, capacity * 2)
        let moved = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 16)
        moved.copyMemory(from: base, byteCount: count)
        base.deallocate()
        (base, capacity) = (moved, grown)
    }

    mutating func append(_ byte: UInt8) {
        reserve(1)
        base.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    mutating func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    /// The bytes written, as `Data` that now owns the memory.
    consuming func data() -> Data {
        let (base, count) = (self.base, self.count)
        discard self
        return Data(bytesNoCopy: base, count: count, deallocator: .custom { pointer, _ in pointer.deallocate() })
    }
}
