public import Foundation
public import SundialKitConnectivity

@available(OS2019, *)
extension ConnectivityObserver {

    /// Sends a dictionary; see `TransportPolicy` for the transport chosen.
    /// - Returns: The transport used and the reply, if any.
    /// - Throws: `ConnectivityError`.
    @discardableResult
    public nonisolated func send(
        _ message: ConnectivityMessage,
        options: SendOptions = .automatic
    ) async throws(ConnectivityError) -> ConnectivitySendResult {
        try await manager.send(message, options: options)
    }

    /// Sends a typed message; a `BinaryMessagable` goes as bytes when the counterpart is reachable.
    /// - Returns: The transport used and the reply, if any.
    /// - Throws: `ConnectivityError`.
    @discardableResult
    public nonisolated func send(
        _ message: some Messagable,
        options: SendOptions = .automatic
    ) async throws(ConnectivityError) -> ConnectivitySendResult {
        try await manager.send(message, options: options)
    }

    /// Sends a typed message and decodes the typed reply.
    /// - Returns: The reply.
    /// - Throws: `ConnectivityError`.
    public nonisolated func send<Reply: Messagable>(
        _ message: some Messagable,
        expecting replyType: Reply.Type,
        options: SendOptions = .automatic
    ) async throws(ConnectivityError) -> Reply {
        try await manager.send(message, expecting: replyType, options: options)
    }

    /// Replaces the application context.
    /// - Throws: `ConnectivityError`.
    public nonisolated func updateApplicationContext(_ context: ConnectivityMessage) throws(ConnectivityError) {
        try manager.updateApplicationContext(context)
    }

    /// Queues a file transfer with metadata.
    /// - Throws: `ConnectivityError`.
    @discardableResult
    public nonisolated func transferFile(
        _ file: URL,
        metadata: ConnectivityMessage? = nil
    ) throws(ConnectivityError) -> ConnectivitySendResult {
        try manager.transferFile(file, metadata: metadata)
    }
}
