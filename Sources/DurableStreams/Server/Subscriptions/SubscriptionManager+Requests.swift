import DurableStreamsStorage
import Foundation

/// The protocol's subscription requests (§6–7). Each returns the JSON to send or throws the failure to report.
@available(OS2023, *)
extension SubscriptionManager {
    /// The longest subscription id accepted, in bytes.
    static let maximumIdBytes = 256

    /// `PUT …/subscriptions/:id`: creates (201) or re-confirms an identical one (200).
    /// `publicRoot` is the stream root's absolute URL as the client reached it (for callback and JWKS URLs).
    func put(_ id: String, body: [UInt8], publicRoot: String) async throws(SubscriptionFailure)
        -> (created: Bool, json: [UInt8])
    {
        try Self.checkId(id)
        let configuration = try SubscriptionConfiguration.parse(body)
        return try await serialized { () throws(SubscriptionFailure) in
            if let existing = subscriptions[id] {
                guard existing.configurationHash == configuration.hash else {
                    throw SubscriptionFailure(
                        .alreadyExists, "Subscription already exists with different configuration")
                }
                return (
                    false, SubscriptionJSON.encode(SubscriptionJSON.subscription(existing, kid: signers.first?.kid))
                )
            }
            if configuration.kind == .webhook {
                guard let poster, !signers.isEmpty else {
                    throw SubscriptionFailure(.invalidRequest, "webhook subscriptions are not enabled on this server")
                }
                if case .refused(let reason) = poster.policy.check(configuration.webhookURL ?? "") {
                    throw SubscriptionFailure(.webhookURLRejected, reason)
                }
            }
            for path in configuration.streams + [configuration.wakeStream].compactMap({ $0 }) {
                _ = try streamPath(path)
            }
            var state = SubscriptionState(
                id: id, configuration: configuration, createdAt: StreamTimestamp(date: Date()).text)
            state.publicRoot = publicRoot
            // Changes are told to the subscriptions from before the first tail is read: an append stored after
            // its stream's tail was read below then waits for this request and moves the link on.
            isActive.withLock { $0 = true }
            do throws(SubscriptionFailure) {
                for path in configuration.streams {
                    state.link(path, explicit: true, tail: await tail(of: path) ?? .zero)
                }
                if let pattern = configuration.pattern {
                    let glob = GlobPattern(pattern)
                    for path in await relativeStreamPaths() where glob.matches(path) {
                        state.link(path, explicit: false, tail: await tail(of: path) ?? .zero)
                    }
                }
                try await commit(state, [])
            } catch {
                isActive.withLock { $0 = !subscriptions.isEmpty }
                throw error
            }
            return (true, SubscriptionJSON.encode(SubscriptionJSON.subscription(state, kid: signers.first?.kid)))
        }
    }

    /// `GET …/subscriptions/:id`.
    func get(_ id: String) async throws(SubscriptionFailure) -> [UInt8] {
        guard let state = subscriptions[id] else { throw .notFound }
        return SubscriptionJSON.encode(SubscriptionJSON.subscription(state, kid: signers.first?.kid))
    }

    /// `DELETE …/subscriptions/:id`: a missing subscription is deleted already.
    func delete(_ id: String) async throws(SubscriptionFailure) {
        try await serialized { () throws(SubscriptionFailure) in
            guard subscriptions[id] != nil else { return }
            try await remove(id)
        }
    }

    /// `POST …/subscriptions/:id/streams`: links streams explicitly at their tails.
    func addStreams(_ id: String, body: [UInt8]) async throws(SubscriptionFailure) {
        let paths = try SubscriptionJSON.streams(body)
        for path in paths { _ = try streamPath(path) }
        try await serialized { () throws(SubscriptionFailure) in
            guard var state = subscriptions[id] else { throw .notFound }
            for path in paths { state.link(path, explicit: true, tail: await tail(of: path) ?? .zero) }
            let effects = state.wakeIfIdle(inputs())
            try await commit(state, effects)
        }
    }

    /// `DELETE …/subscriptions/:id/streams/:path`: removes the explicit link (a glob link stays).
    func removeStream(_ id: String, path: String) async throws(SubscriptionFailure) {
        try await serialized { () throws(SubscriptionFailure) in
            guard var state = subscriptions[id] else { throw .notFound }
            state.unlinkExplicit(SubscriptionConfiguration.normalize(path))
            try await commit(state, [])
        }
    }

    /// `POST …/subscriptions/:id/claim`.
    func claim(_ id: String, body: [UInt8]) async throws(SubscriptionFailure) -> [UInt8] {
        let worker = try SubscriptionJSON.worker(body)
        return try await serialized { () throws(SubscriptionFailure) in
            guard var state = try await current(id) else { throw .notFound }
            let (grant, effects) = try state.claim(worker: worker, inputs())
            try await commit(state, effects)
            let claim = SubscriptionJSON.Claim(
                wakeId: grant.wakeId, generation: grant.generation, token: grant.token,
                streams: SubscriptionJSON.links(state, withTails: true), leaseTtlMs: grant.leaseMilliseconds)
            return SubscriptionJSON.encode(claim)
        }
    }

    /// `POST …/subscriptions/:id/ack` (pull-wake) or `…/callback` (webhook).
    func acknowledge(_ id: String, token: String, body: [UInt8], callback: Bool) async throws(SubscriptionFailure)
        -> [UInt8]
    {
        let report = try SubscriptionJSON.report(body)
        return try await serialized { () throws(SubscriptionFailure) in
            guard var state = try await current(id) else { throw .notFound }
            guard (state.configuration.kind == .webhook) == callback else {
                throw SubscriptionFailure(
                    .invalidRequest, callback ? "Subscription is not a webhook" : "Subscription is not pull-wake")
            }
            let (nextWake, effects) = try state.acknowledge(token: token, report, inputs())
            try await commit(state, effects)
            return SubscriptionJSON.encode(SubscriptionJSON.AckResult(nextWake: nextWake))
        }
    }

    /// `POST …/subscriptions/:id/release`.
    func release(_ id: String, token: String, body: [UInt8]) async throws(SubscriptionFailure) {
        let report = try SubscriptionJSON.report(body)
        try await serialized { () throws(SubscriptionFailure) in
            guard var state = try await current(id) else { throw .notFound }
            let effects = try state.release(token: token, report, inputs())
            try await commit(state, effects)
        }
    }

    /// The subscription with an expired lease ended first (and that change committed), so a late request is fenced.
    private func current(_ id: String) async throws(SubscriptionFailure) -> SubscriptionState? {
        guard var state = subscriptions[id] else { return nil }
        let effects = state.expireLease(inputs())
        if state != subscriptions[id] { try await commit(state, effects) }
        return state
    }

    private static func checkId(_ id: String) throws(SubscriptionFailure) {
        guard !id.isEmpty, id.utf8.count <= maximumIdBytes,
            id.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
        else {
            throw SubscriptionFailure(
                .invalidRequest, "a subscription id is 1–\(maximumIdBytes) bytes without control characters")
        }
    }

    /// The stream a stream-root-relative path names.
    func streamPath(_ relative: String) throws(SubscriptionFailure) -> StreamPath {
        do {
            return try root.stream(relative: relative)
        } catch {
            throw SubscriptionFailure(.invalidRequest, "invalid stream path \(relative): \(error.message)")
        }
    }
}
