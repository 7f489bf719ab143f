import Foundation

/// A sealed batch of appends with its place in the producer's sequence.
@available(OS2022, *)
struct ProducerBatch: Sendable {
    /// Monotonic creation order; survives renumbering, so order is never lost.
    let id: Int
    var epoch: Int
    var seq: Int
    var items: [Data]
    var byteCount: Int
    /// Resends after a sequence gap (bounded).
    var gapResends = 0

    /// The request body: a JSON array of the items for JSON streams, their concatenation otherwise.
    func body(json: Bool) -> Data {
        if !json {
            if items.count == 1, let only = items.first { return only }
            var data = Data(capacity: byteCount)
            for item in items { data.append(item) }
            return data
        }
        var data = Data(capacity: byteCount + items.count + 1)
        data.append(UInt8(ascii: "["))
        for (index, item) in items.enumerated() {
            if index > 0 { data.append(UInt8(ascii: ",")) }
            data.append(item)
        }
        data.append(UInt8(ascii: "]"))
        return data
    }
}

/// How a sent batch ended.
@available(OS2022, *)
enum BatchOutcome: Sendable {
    /// Stored now (200) or already stored by an earlier attempt (204).
    case stored(offset: Offset?, duplicate: Bool)
    /// 409 with `Producer-Expected-Seq`: earlier batches have not landed yet; nothing was stored.
    case gap(expected: Int)
    /// 403 with `Producer-Epoch`: another session of this producer claimed a newer epoch; nothing was stored.
    case staleEpoch(serverEpoch: Int)
    /// A failure that rules out storing this batch in this epoch.
    case failed(DurableStreamError)
}
