import Foundation
import NIOCore
import NIOHTTP1

/// One browser connection to the loopback listener: a `GET /callback…` is the redirect the flow waits for (the
/// page tells the person to go back to the app); anything else is 404.
@available(OS2023, *)
enum LoopbackCallback {
    static let donePage = """
        <!doctype html><html><head><meta charset="utf-8"><title>Signed in</title></head>
        <body><p>You can close this window and go back to the app.</p></body></html>
        """

    static func serve(
        _ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, port: Int,
        found: AsyncStream<URL>.Continuation
    ) async {
        try? await connection.executeThenClose { inbound, outbound in
            var head: HTTPRequestHead?
            for try await part in inbound {
                switch part {
                case .head(let value): head = value
                case .body: continue
                case .end:
                    guard let request = head else { continue }
                    let callback = url(of: request, port: port)
                    let page = callback == nil ? "Not found" : donePage
                    var headers = HTTPHeaders()
                    headers.add(name: "Content-Type", value: "text/html; charset=utf-8")
                    headers.add(name: "Content-Length", value: String(page.utf8.count))
                    headers.add(name: "Connection", value: "close")
                    let status: HTTPResponseStatus = callback == nil ? .notFound : .ok
                    try await outbound.write(
                        .head(HTTPResponseHead(version: .http1_1, status: status, headers: headers)))
                    try await outbound.write(.body(.byteBuffer(ByteBuffer(string: page))))
                    try await outbound.write(.end(nil))
                    if let callback { found.yield(callback) }
                    return
                }
            }
        }
    }

    /// The full callback URL of a `GET /callback[?…]`, else nil.
    static func url(of request: HTTPRequestHead, port: Int) -> URL? {
        guard request.method == .GET else { return nil }
        let path = request.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        guard path == "/callback" else { return nil }
        return URL(string: "http://127.0.0.1:\(port)\(request.uri)")
    }
}
