/// A response written with ``JSONText``: the same bytes `SubscriptionJSON.encode` would produce with
/// `JSONEncoder` (snake-case keys, sorted), without its per-value cost.
@available(OS2023, *)
protocol JSONTextWritable {
    func write(to json: inout JSONText)
}

@available(OS2023, *)
extension SubscriptionJSON.StreamLink: JSONTextWritable {
    func write(to json: inout JSONText) {
        json.beginObject()
        json.member("acked_offset", ackedOffset)
        json.member("has_pending", hasPending)
        json.member("link_type", linkType)
        json.member("path", path)
        json.member("tail_offset", tailOffset)
        json.endObject()
    }
}

@available(OS2023, *)
extension Array: JSONTextWritable where Element: JSONTextWritable {
    func write(to json: inout JSONText) {
        json.beginArray()
        for element in self { element.write(to: &json) }
        json.endArray()
    }
}

@available(OS2023, *)
extension SubscriptionJSON.Subscription: JSONTextWritable {
    func write(to json: inout JSONText) {
        json.beginObject()
        json.member("created_at", createdAt)
        json.member("description", description)
        json.member("id", id)
        json.member("lease_ttl_ms", leaseTtlMs)
        json.member("pattern", pattern)
        json.member("status", status)
        json.key("streams")
        streams.write(to: &json)
        json.member("subscription_id", subscriptionId)
        json.member("type", type)
        json.member("wake_stream", wakeStream)
        if let webhook {
            json.key("webhook")
            json.beginObject()
            if let signing = webhook.signing {
                json.key("signing")
                json.beginObject()
                json.member("alg", signing.alg)
                json.member("jwks_url", signing.jwksUrl)
                json.member("kid", signing.kid)
                json.endObject()
            }
            json.member("url", webhook.url)
            json.endObject()
        }
        json.endObject()
    }
}

@available(OS2023, *)
extension SubscriptionJSON.Webhook: JSONTextWritable {
    func write(to json: inout JSONText) {
        json.beginObject()
        json.member("callback_token", callbackToken)
        json.member("callback_url", callbackUrl)
        json.member("generation", generation)
        json.key("streams")
        streams.write(to: &json)
        json.member("subscription_id", subscriptionId)
        json.member("wake_id", wakeId)
        json.endObject()
    }
}

@available(OS2023, *)
extension SubscriptionJSON.Claim: JSONTextWritable {
    func write(to json: inout JSONText) {
        json.beginObject()
        json.member("generation", generation)
        json.member("lease_ttl_ms", leaseTtlMs)
        json.key("streams")
        streams.write(to: &json)
        json.member("token", token)
        json.member("wake_id", wakeId)
        json.endObject()
    }
}
