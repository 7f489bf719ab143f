import CourierPrimitives

/// Bounds how many stream logs the file store keeps open: the least recently used idle ones are closed
/// when more than `capacity` are open, and reopened on their next use.
///
/// A stream is idle when nobody borrows its descriptor (no read, write or sync in progress); a busy stream
/// stays open and is tried again at the next eviction, so the bound can be passed briefly under load.
/// Eviction runs once a quarter of the capacity has been added beyond it, so its sort costs little per use.
@available(OS2022, *)
final class DescriptorCache: Sendable {
    private struct State {
        var uses: [ObjectIdentifier: (stream: FileStream, tick: UInt64)] = [:]
        var clock: UInt64 = 0
    }

    /// How many logs may stay open.
    let capacity: Int
    private let state = Locked(State())

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The number of streams holding an open log (as far as the cache knows).
    var openCount: Int { state.withLock { $0.uses.count } }

    /// Records a use of `stream`'s open descriptor, closing idle ones beyond the capacity. Call it with no
    /// stream's lock held.
    func touch(_ stream: FileStream) {
        let victims = state.withLock { state -> [FileStream] in
            state.clock += 1
            state.uses[ObjectIdentifier(stream)] = (stream, state.clock)
            guard state.uses.count > capacity + max(1, capacity / 4) else { return [] }
            let excess = state.uses.count - capacity
            let oldest = state.uses.values.sorted { $0.tick < $1.tick }.prefix(excess)
            for entry in oldest { state.uses[ObjectIdentifier(entry.stream)] = nil }
            return oldest.map(\.stream)
        }
        close(victims)
    }

    /// Closes the least recently used idle logs — a quarter of the capacity, at least one — to give their
    /// descriptors back when the process has none left. Returns how many it closed.
    @discardableResult
    func shed() -> Int {
        let victims = state.withLock { state -> [FileStream] in
            let oldest = state.uses.values.sorted { $0.tick < $1.tick }.prefix(max(1, capacity / 4))
            for entry in oldest { state.uses[ObjectIdentifier(entry.stream)] = nil }
            return oldest.map(\.stream)
        }
        return close(victims)
    }

    /// Closes the idle ones of `victims`; the busy ones stay open and are recorded as just used.
    @discardableResult
    private func close(_ victims: [FileStream]) -> Int {
        var closed = 0
        for victim in victims {
            if victim.closeIdleDescriptor() {
                closed += 1
                continue
            }
            state.withLock { state in
                state.clock += 1
                state.uses[ObjectIdentifier(victim)] = (victim, state.clock)
            }
        }
        return closed
    }

    /// Forgets a stream whose descriptor was closed for good.
    func forget(_ stream: FileStream) {
        _ = state.withLock { $0.uses.removeValue(forKey: ObjectIdentifier(stream)) }
    }
}
