import CourierPrimitives

/// A `Broadcast` without replay, whose subscriber counts can be watched.
///
/// It never retains the latest value: a received message (and the reply it carries) lives only as long as a
/// subscriber holds it, so an unheard message is acknowledged at once.
@available(OS2019, *)
final class FanOut<Element: Sendable>: Sendable {
    /// The number of subscribers after each subscribe and unsubscribe (concurrent changes may be reported out
    /// of order), starting with the latest: lets a test wait until a listener is in place.
    let subscriberCounts: Broadcast<Int>
    private let broadcast: Broadcast<Element>

    init() {
        let counts = Broadcast<Int>(replayLatest: true)
        subscriberCounts = counts
        broadcast = Broadcast { counts.send($0) }
    }

    func subscribe() -> AsyncStream<Element> {
        broadcast.subscribe()
    }

    func send(_ element: Element) {
        broadcast.send(element)
    }

    func finish() {
        broadcast.finish()
        subscriberCounts.finish()
    }
}
