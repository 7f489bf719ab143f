import DurableStreamsStorage
import Foundation

/// What stream operations tell the subscriptions, and the wake events the subscriptions append.
@available(OS2023, *)
extension SubscriptionManager {
    /// A stream was created or appended to and now ends at `tail`: linked subscriptions see the new tail, pattern
    /// subscriptions link a new match, and idle subscriptions with pending work are woken.
    func streamChanged(_ path: StreamPath, tail: StreamOffset) async {
        guard let relative = root.relative(path).map(String.init) else { return }
        try? await serialized { () throws(SubscriptionFailure) in
            for id in subscriptions.keys.sorted() {
                guard var state = subscriptions[id] else { continue }
                let effects = state.streamChanged(relative, tail: tail, inputs())
                guard state != subscriptions[id] else { continue }
                do {
                    try await commit(state, effects)
                } catch {
                    logger.error("subscription not updated after an append", metadata: ["subscription": "\(id)"])
                }
            }
        }
    }

    /// A stream was deleted: it leaves every subscription.
    func streamDeleted(_ path: StreamPath) async {
        guard let relative = root.relative(path).map(String.init) else { return }
        try? await serialized { () throws(SubscriptionFailure) in
            for id in subscriptions.keys.sorted() where subscriptions[id]?.links[relative] != nil {
                guard var state = subscriptions[id] else { continue }
                state.streamDeleted(relative)
                try? await commit(state, [])
            }
        }
    }

    /// The tail of a stream-root-relative path, or `nil` if no live stream is there.
    func tail(of relative: String) async -> StreamOffset? {
        guard let path = try? root.stream(relative: relative) else { return nil }
        return try? await catalog.info(path).tail
    }

    /// The stream-root-relative paths of every live stream outside the reserved namespace.
    func relativeStreamPaths() async -> [String] {
        let paths = (try? await catalog.streamPaths()) ?? []
        return paths.compactMap { path in
            guard let relative = root.relative(path), case .stream = try? root.locate(Substring(path.value)) else {
                return nil
            }
            return String(relative)
        }
    }

    /// Carries out one effect. A wake stream that does not exist is logged: the application must create it.
    func perform(_ effect: SubscriptionEffect, for id: String) async {
        switch effect {
        case .appendWakeEvent(let wakeStream, let event):
            guard let path = try? root.stream(relative: wakeStream) else { return }
            let bytes = SubscriptionJSON.encode(event)
            do {
                let info = try await catalog.info(path)
                var request = AppendRequest(payload: bytes, contentType: info.configuration.contentType)
                if StreamConfiguration.mediaType(of: info.configuration.contentType) == "application/json",
                    case .success(let payload) = JSONMessages.storageForm(of: bytes, allowEmptyArray: false)
                {
                    request.payload = payload
                } else {
                    request.payload = bytes + [UInt8(ascii: "\n")]
                }
                let tail: StreamOffset =
                    switch try await catalog.append(path, request) {
                    case .appended(let tail, _), .closed(let tail), .duplicate(let tail, _, _): tail
                    }
                Task { await self.streamChanged(path, tail: tail) }
            } catch {
                logger.warning(
                    "wake event not written",
                    metadata: [
                        "subscription": "\(id)", "wake_stream": "\(wakeStream)",
                        "error": "\(error.message)",
                    ])
            }
        case .deliverWebhook:
            scheduleDelivery(id)
        }
    }
}
