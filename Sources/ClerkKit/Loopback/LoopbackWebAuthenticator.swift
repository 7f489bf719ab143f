public import ClerkKit
public import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// A ``WebAuthenticator`` for command-line apps: listens on 127.0.0.1 (an ephemeral port), opens the provider's
/// page in the system browser, and returns when the browser is redirected to `http://127.0.0.1:<port>/callback`
/// (RFC 8252's loopback redirect). Add the redirect URL to the instance's allowed redirect URLs.
@available(OS2023, *)
public final class LoopbackWebAuthenticator: WebAuthenticator {
    /// Opens a URL in a browser.
    public typealias BrowserOpener = @Sendable (URL) async throws(ClerkError) -> Void

    /// `http://127.0.0.1:<port>/callback`.
    public let redirectURL: URL?
    private let opener: BrowserOpener
    private let timeout: Duration
    private let server: NIOAsyncChannel<NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, Never>
    private let accepting: Task<Void, Never>
    private let arrivals: AsyncStream<URL>
    private let arrival: AsyncStream<URL>.Continuation

    /// Starts listening. `openBrowser` defaults to the system browser (`xdg-open`, or `open` on macOS); `timeout`
    /// bounds the wait for the redirect.
    public init(openBrowser: @escaping BrowserOpener = SystemBrowser.open, timeout: Duration = .seconds(300))
        async throws(ClerkError)
    {
        opener = openBrowser
        self.timeout = timeout
        (arrivals, arrival) = AsyncStream.makeStream(of: URL.self, bufferingPolicy: .bufferingNewest(1))
        do {
            server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .bind(host: "127.0.0.1", port: 0) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                        return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(
                            wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            throw ClerkError(.transport, "Could not listen on 127.0.0.1.", underlying: error)
        }
        let port = server.channel.localAddress?.port ?? 0
        let base = URL(string: "http://127.0.0.1:\(port)/callback")
        redirectURL = base
        accepting = Task { [server, arrival] in
            try? await server.executeThenClose { connections in
                await withDiscardingTaskGroup { group in
                    do {
                        for try await connection in connections {
                            group.addTask { await LoopbackCallback.serve(connection, port: port, found: arrival) }
                        }
                    } catch {}
                }
            }
        }
    }

    /// Opens `url` in the browser and waits for the redirect to the loopback address.
    public func authenticate(url: URL, redirectURL: URL, prefersEphemeralSession: Bool) async throws(ClerkError)
        -> URL
    {
        try await opener(url)
        let timeout = self.timeout
        let arrivals = self.arrivals
        let callback: URL? = await withTaskGroup(of: URL?.self) { group in
            group.addTask { await arrivals.first { _ in true } }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let callback else {
            throw ClerkError(.authenticationCancelled, "The browser did not come back within \(timeout).")
        }
        return callback
    }

    /// Stops listening.
    public func shutdown() async {
        arrival.finish()
        try? await server.channel.close()
        accepting.cancel()
    }
}
