import CourierPrimitives

/// Random 64-bit numbers for message IDs and temporary file names: SplitMix64 seeded once per process from the
/// system generator, so the hot path makes no `getrandom(2)` call. Not for secrets.
@available(OS2021, *)
enum FastRandom {
    private static let state = Locked<UInt64>(UInt64.random(in: 0...UInt64.max))

    /// The next number; never 0.
    static func next() -> UInt64 {
        let seed = state.withLock { state -> UInt64 in
            state &+= 0x9E37_79B9_7F4A_7C15
            return state
        }
        var z = seed
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return z == 0 ? 1 : z
    }
}
