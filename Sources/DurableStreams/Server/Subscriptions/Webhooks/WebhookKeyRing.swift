import Foundation

/// The server's webhook signing keys over time: the active key, and retired keys still published in the JWKS for
/// ``retiredKeysStayFor`` so that signatures made just before a rotation (and their receivers' five-minute
/// window) still verify. Kept as one control document; rotation is a pure decision on it.
@available(OS2023, *)
struct WebhookKeyRing: Sendable, Codable, Equatable {
    struct Entry: Sendable, Codable, Equatable {
        /// The Ed25519 private key's raw representation.
        var raw: Data
        /// When the key became active, in milliseconds since 1970.
        var created: Int64
        /// When it stopped signing, if it has.
        var retired: Int64?
    }

    /// How long a retired key stays published: a receiver's replay window (5 min) and a delivery's retry, twice.
    static let retiredKeysStayFor: Int64 = 12 * 60_000

    /// Oldest first; the last entry is the active key.
    private(set) var entries: [Entry]

    private enum CodingKeys: CodingKey {
        case entries
    }

    /// Decodes a ring, refusing one without keys or with instants out of range (a document damaged or edited
    /// outside the server), which the operations here could not work with.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let entries = try container.decode([Entry].self, forKey: .entries)
        let range = SubscriptionState.instantRange
        guard !entries.isEmpty,
            entries.allSatisfy({ range.contains($0.created) && ($0.retired.map(range.contains) ?? true) })
        else {
            throw DecodingError.dataCorruptedError(
                forKey: .entries, in: container, debugDescription: "no keys, or an instant out of range")
        }
        self.entries = entries
    }

    /// A ring with one fresh key.
    init(now: Int64, raw: Data) {
        entries = [Entry(raw: raw, created: now, retired: nil)]
    }

    /// The key that signs now.
    var active: Entry { entries[entries.count - 1] }

    /// The keys to publish at `now`: the active one and those retired less than ``retiredKeysStayFor`` ago.
    func published(now: Int64) -> [Entry] {
        entries.filter { entry in entry.retired.map { now - $0 < Self.retiredKeysStayFor } ?? true }
    }

    /// Retires the active key once it is `lifetime` old (making `fresh` active) and forgets keys no longer
    /// published. Returns whether anything changed.
    mutating func rotateIfDue(now: Int64, lifetime: Int64?, fresh: () -> Data) -> Bool {
        var changed = false
        if let lifetime, now - active.created >= lifetime {
            entries[entries.count - 1].retired = now
            entries.append(Entry(raw: fresh(), created: now, retired: nil))
            changed = true
        }
        let kept = published(now: now)
        if kept.count != entries.count {
            entries = kept
            changed = true
        }
        return changed
    }

    /// When the next change is due: the active key's rotation, or a retired key leaving the JWKS.
    func nextChange(lifetime: Int64?) -> Int64? {
        let rotation = lifetime.map { active.created + $0 }
        let expiry = entries.compactMap { $0.retired.map { $0 + Self.retiredKeysStayFor } }.min()
        return [rotation, expiry].compactMap { $0 }.min()
    }
}
