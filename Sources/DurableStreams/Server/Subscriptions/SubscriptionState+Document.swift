import Foundation

@available(OS2023, *)
extension SubscriptionState {
    /// The stored document, written directly: what `JSONDecoder` reads back as a `SubscriptionState` (the
    /// synthesized keys). Its size grows with the linked streams and it is written at every change of the state,
    /// so it does not go through `JSONEncoder`.
    func document() throws -> [UInt8] {
        var json = JSONText(capacity: 512 + links.count * 112 + (wake?.snapshot.count ?? 0) * 48)
        json.beginObject()
        json.member("id", id)
        json.key("configuration")
        json.value(json: Array(try JSONEncoder().encode(configuration)))
        json.member("configurationHash", configurationHash)
        json.member("createdAt", createdAt)
        json.key("links")
        json.beginObject()
        for (path, link) in links {
            json.key(path)
            json.beginObject()
            json.member("explicit", link.explicit)
            json.member("glob", link.glob)
            json.member("acked", link.acked)
            json.member("tail", link.tail)
            json.endObject()
        }
        json.endObject()
        json.member("generation", generation)
        if let wake {
            json.key("wake")
            json.beginObject()
            json.member("id", wake.id)
            json.key("snapshot")
            json.beginObject()
            for (path, tail) in wake.snapshot { json.member(path, tail) }
            json.endObject()
            json.member("holder", wake.holder)
            json.member("leaseDeadline", wake.leaseDeadline)
            json.endObject()
        }
        if let retry {
            json.key("retry")
            json.beginObject()
            json.member("failures", retry.failures)
            json.member("nextAttemptAt", retry.nextAttemptAt)
            json.endObject()
        }
        json.member("publicRoot", publicRoot)
        json.endObject()
        return json.bytes
    }
}
