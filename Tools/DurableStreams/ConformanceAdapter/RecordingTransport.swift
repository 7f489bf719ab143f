import CourierPrimitives
import DurableStreams
import Foundation

/// Passes requests to the real transport and remembers the last one, so results can report the headers and
/// query parameters actually sent.
@available(OS2023, *)
final class RecordingTransport: HTTPTransport {
    let inner: any HTTPTransport
    private let last = Locked<StreamHTTPRequest?>(nil)

    init(_ inner: any HTTPTransport) {
        self.inner = inner
    }

    func execute(_ request: StreamHTTPRequest) async throws(DurableStreamError) -> StreamHTTPResponse {
        last.withLock { $0 = request }
        return try await inner.execute(request)
    }

    var lastRequest: StreamHTTPRequest? { last.value }

    func reset() {
        last.withLock { $0 = nil }
    }
}
