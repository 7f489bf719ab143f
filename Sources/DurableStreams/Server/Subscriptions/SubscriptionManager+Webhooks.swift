import DurableStreamsStorage
import Foundation

/// Webhook delivery: one delivery task per subscription, at the time its retry schedule allows.
@available(OS2023, *)
extension SubscriptionManager {
    /// Starts (or restarts) the delivery of a subscription's wake in flight, when its retry schedule allows.
    func scheduleDelivery(_ id: String) {
        deliveries.removeValue(forKey: id)?.cancel()
        guard let state = subscriptions[id], state.wake != nil, poster != nil else { return }
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
        guard let poster, let signer = signers.first, let state = subscriptions[id], let wake = state.wake,
            let url = state.configuration.webhookURL
        else { return }
        let body = SubscriptionJSON.encode(webhookPayload(state, wake: wake))
        let outcome: WebhookPoster.Outcome
        do {
            let signature = try signer.signature(for: body, at: now() / 1000)
            outcome = await poster.post(url, body: body, signature: signature)
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
        guard poster != nil, !signers.isEmpty else { return nil }
        return SubscriptionJSON.encode(["keys": signers.map(\.jwk)])
    }

    // MARK: Signing keys

    /// Takes `ring` (or a fresh one), rotates it if due, persists any change, and schedules the next change.
    func installKeys(_ ring: WebhookKeyRing?) async throws(StreamStorageError) {
        var current = ring ?? WebhookKeyRing(now: now(), raw: Data(WebhookSigner.newRawKey()))
        let rotated = current.rotateIfDue(now: now(), lifetime: keyLifetime) { Data(WebhookSigner.newRawKey()) }
        if ring == nil || rotated {
            let bytes = (try? JSONEncoder().encode(current)).map(Array.init) ?? []
            try await catalog.writeControlDocument(bytes, named: Self.signingKeysName, in: Self.keyFolder)
        }
        keyRing = current
        signers = current.published(now: now()).reversed().compactMap { try? WebhookSigner(rawKey: Array($0.raw)) }
        scheduleKeyChange()
    }

    private func rotateKeys() async {
        do throws(StreamStorageError) {
            try await installKeys(keyRing)
        } catch {
            logger.error("webhook signing keys not rotated", metadata: ["error": "\(error.message)"])
            scheduleKeyChange(notBefore: now() + 1_000)
        }
    }

    private func scheduleKeyChange(notBefore earliest: Int64 = 0) {
        rotation?.cancel()
        guard let due = keyRing?.nextChange(lifetime: keyLifetime) else { return }
        let delay = max(0, max(due, earliest) - now())
        rotation = Task { [weak self] in
            try? await Task.sleep(for: .milliseconds(delay + 1))
            guard !Task.isCancelled, let self else { return }
            try? await self.serialized { () throws(SubscriptionFailure) in await self.rotateKeys() }
        }
    }
}
