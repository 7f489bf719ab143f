import Foundation

@available(OS2021, *)
extension WormholeCore {
    /// A subscription positioned after `sequence`, or at what is stored now, not yet observing notifications.
    func makeSubscription(_ identifier: MessageIdentifier, after sequence: UInt64?) throws(WormholeError)
        -> Subscription
    {
        _ = try identifier.fileSystemName()
        let mode = configuration.deliveryMode(for: identifier)
        var mark = Subscription.Mark.absent
        var cursor: UInt64 = 0
        if let sequence {
            mark = .after(sequence)
            cursor = sequence
        } else if mode.isQueue {
            cursor = try transiting.readQueue(for: identifier, after: .max, limit: 0).highestSequence ?? 0
        } else {
            do throws(WormholeError) {
                mark = try transiting.read(for: identifier).map { .message($0.sequence, $0.messageID) } ?? .absent
            } catch {
                mark = .failure(error)  // already broken when subscribing: not news
            }
        }
        return Subscription(
            identifier: identifier,
            mode: mode,
            transiting: transiting,
            mark: mark,
            cursor: cursor,
            readFirst: sequence != nil
        )
    }
}
