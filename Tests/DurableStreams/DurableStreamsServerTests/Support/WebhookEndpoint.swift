import CourierPrimitives
import LoopbackHTTPServer
import NIOHTTP1

/// A webhook endpoint on 127.0.0.1 with an ephemeral port: records every request (head and body) and answers with
/// what `respond` says for it.
@available(OS2023, *)
final class WebhookEndpoint: Sendable {
    struct Delivery: Sendable {
        let head: HTTPRequestHead
        let body: [UInt8]

        var text: String { String(decoding: body, as: UTF8.self) }
    }

    typealias Responder = @Sendable (_ index: Int, _ delivery: Delivery) -> (status: Int, body: String)

    /// Every delivery, in order.
    let received = Locked<[Delivery]>([])
    /// The number of deliveries so far, each time it grows (once the delivery is answered).
    let count = Broadcast<Int>(replayLatest: true)
    private let server: LoopbackHTTPServer

    init(respond: @escaping Responder) async throws {
        let received = self.received
        let count = self.count
        server = try await LoopbackHTTPServer { request in
            let delivery = Delivery(head: request.head, body: request.body)
            let index = received.withLock { list in
                list.append(delivery)
                return list.count
            }
            let (status, text) = respond(index - 1, delivery)
            return LoopbackHTTPServer.Answer(status: status, body: text) { count.send(index) }
        }
    }

    var port: Int { server.port }

    var url: String { "http://127.0.0.1:\(port)/hook" }

    func stop() async {
        await server.stop()
    }
}
