import ClerkKit
import Foundation

/// Deterministic randomness: UUIDs count up from `00000000-0000-0000-0000-000000000001`, the unit interval is
/// `unit`, and bytes are all `byte`.
@available(OS2023, *)
final class CountingRandomness: ClerkRandomness, @unchecked Sendable {
    private let lock = NSLock()
    private var issued = 0
    let unit: Double
    let byte: UInt8

    init(unit: Double = 0.5, byte: UInt8 = 7) {
        self.unit = unit
        self.byte = byte
    }

    /// The `n`th UUID this source returns, counting from 1.
    static func uuid(_ n: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-0000-0000-%012X", n)) ?? UUID()
    }

    func uuid() -> UUID {
        let n = lock.withLock {
            issued += 1
            return issued
        }
        return Self.uuid(n)
    }

    func unitInterval() -> Double { unit }

    func bytes(_ count: Int) -> [UInt8] { Array(repeating: byte, count: max(0, count)) }
}
