import DurableStreamsStorage

@available(OS2023, *)
extension SubscriptionManager {
    /// The subscriptions linked to a stream, by id, as the console shows them.
    func consoleSummaries(of path: StreamPath) -> [ConsoleModels.Subscription] {
        guard let relative = root.relative(path).map(String.init) else { return [] }
        return subscriptions.keys.sorted().compactMap { id in
            guard let state = subscriptions[id], let link = state.links[relative] else { return nil }
            return ConsoleModels.Subscription(
                id: id, type: state.configuration.kind.rawValue, pattern: state.configuration.pattern,
                description: state.configuration.description, link: link.linkType, acked: link.acked.token,
                tail: link.tail.token, pending: link.hasPending)
        }
    }
}
