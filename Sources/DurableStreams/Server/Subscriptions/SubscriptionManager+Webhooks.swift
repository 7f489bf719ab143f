import DurableStreamsStorage
import Foundation

/// Webhook delivery: one delivery task per subscription, at the time its retry schedule allows.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension SubscriptionManager {
    /// Starts (or restarts) the delivery of a subscription's wake in flight, when its retry schedule allows.
    func scheduleDelivery(_ id: String) {
        deliveries.removeValue(forKey: id)?.cancel()
        guard let state = subscriptions[id], state.wake != nil, webhooks != nil else { return }
        let delay = max(0, (state.retry?.nextAttemptAt ?? 0) - now())
        deliveries[id] = Task { [weak self] in
            if delay > 0 {
                try? await Task.sleep(for: .milliseconds(delay))
                guard !Task.isCancelled else { return }
            }
            await self?.deliver(id)
        }
    }

    private func deliver(_ id: String) async {
        guard let webhooks, let state = subscriptions[id], let wake = state.wake,
            let url = state.configuration.webhookURL
        else { return }
        let body = SubscriptionJSON.encode(webhookPayload(state, wake: wake))
        let outcome: WebhookPoster.Outcome
        do {
            let signature = try webhooks.signer.signature(for: body, at: now() / 1000)
            outcome = await webhooks.poster.post(url, body: body, signature: signature)
        } catch {
            outcome = .failed("signing failed")
        }
        try? await serialized { () throws(SubscriptionFailure) in
            guard var current = subscriptions[id] else { return }
            var effects: [SubscriptionEffect] = []
            switch outcome {
            case .delivered(let done):
                effects = current.webhookDelivered(wakeId: wake.id, done: done, inputs())
            case .failed(let reason):
                current.webhookFailed(wakeId: wake.id, jitter: Double.random(in: -0.2...0.2), inputs())
                logger.warning(
                    "webhook delivery failed",
                    metadata: [
                        "subscription": "\(id)", "reason": "\(reason)",
                        "failures": "\(current.retry?.failures ?? 0)",
                    ])
            }
            try await commit(current, effects)
            if case .failed = outcome, current.wake?.id == wake.id { scheduleDelivery(id) }
        }
    }

    /// The body of a webhook request (protocol §7.1).
    func webhookPayload(_ state: SubscriptionState, wake: SubscriptionState.Wake) -> SubscriptionJSON.Webhook {
        let base = state.publicRoot ?? ""
        let unreserved = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let escaped = state.id.addingPercentEncoding(withAllowedCharacters: unreserved) ?? state.id
        return SubscriptionJSON.Webhook(
            subscriptionId: state.id, wakeId: wake.id, generation: state.generation,
            streams: SubscriptionJSON.links(state, withTails: true),
            callbackUrl: "\(base)/__ds/subscriptions/\(escaped)/callback",
            callbackToken: tokens.token(subscription: state.id, generation: state.generation, wakeId: wake.id))
    }

    /// The JWK Set of the webhook signing keys.
    func jwks() -> [UInt8]? {
        guard let webhooks else { return nil }
        return SubscriptionJSON.encode(["keys": [webhooks.signer.jwk]])
    }
}
