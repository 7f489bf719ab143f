#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import DurableStreamsStorage
import NIOCore

/// One waiting long-poll's connection as the long-poll fan-out answers it: the whole response, written from the
/// connection's event loop. The request's handler handed the response off and its task ended: the waiter costs
/// its connection, this link and its entry in ``SSEFollowers``.
///
/// `@unchecked Sendable`: everything but the constants is used on the connection's event loop only.
@available(OS2023, *)
final class LongPollLink: HTTP1CloseObserver, @unchecked Sendable {
    typealias Answering = @Sendable (LongPollOutcome) -> LongPollAnswer

    /// The waiter's number in the fan-out.
    let id: UInt64
    let stream: StreamPath
    /// What the answer depends on besides what was read.
    let key: LongPollKey
    /// Makes the answer (the same for every waiter with the same key).
    let answering: Answering
    let exchange: Exchange
    let eventLoop: any EventLoop
    private let fanOut: LongPollFanOut
    private let connection: HTTP1Connection
    private var isAnswered = false

    /// Links a connection whose response was handed off, and observes its closing (on its event loop).
    init(
        id: UInt64, stream: StreamPath, key: LongPollKey, response: HTTP1ResponseLink, exchange: Exchange,
        fanOut: LongPollFanOut, answering: @escaping Answering
    ) {
        response.channel.eventLoop.preconditionInEventLoop()
        self.id = id
        self.stream = stream
        self.key = key
        self.answering = answering
        self.exchange = exchange
        self.eventLoop = response.channel.eventLoop
        self.fanOut = fanOut
        self.connection = response.connection.value
        connection.closeObserver = self
    }

    /// Writes the answer (on the event loop); `false` when the waiter was answered or had left already.
    func answer(_ answer: LongPollAnswer) -> Bool {
        guard !isAnswered else { return false }
        isAnswered = true
        connection.closeObserver = nil
        connection.send(head: answer.head, body: answer.body, end: true, trailers: nil)
        return true
    }

    /// The waiter left (on the event loop); `false` when it was answered already.
    func abandon() -> Bool {
        guard !isAnswered else { return false }
        isAnswered = true
        connection.closeObserver = nil
        return true
    }

    func connectionClosed() {
        fanOut.remove(self)
    }
}
#endif
