import CourierPrimitives
public import Foundation

/// The reply to one live message: send it once, now or later, from any thread.
///
/// The sender waits for this reply. If every holder of the reply drops it without replying, an empty
/// acknowledgement is sent then, so the sender is not left waiting for its timeout; a reply sent while
/// you hold it always wins over that acknowledgement.
public final class ConnectivityReply: Sendable {
    private enum Responder {
        case dictionary(@Sendable (ConnectivityMessage) -> Void)
        case data(@Sendable (Data) -> Void)
    }

    private let responder: Locked<Responder?>

    /// Whether the sender asked with bytes (`.data`) and expects bytes back.
    public let expectsData: Bool

    /// Wraps the reply handler of a live dictionary message.
    public init(dictionaryReply: @escaping @Sendable (ConnectivityMessage) -> Void) {
        responder = Locked(.dictionary(dictionaryReply))
        expectsData = false
    }

    /// Wraps the reply handler of a live `.data` message.
    public init(dataReply: @escaping @Sendable (Data) -> Void) {
        responder = Locked(.data(dataReply))
        expectsData = true
    }

    deinit {
        // Nobody replied: acknowledge, so the sender gets an (empty) reply instead of a timeout.
        switch responder.withLock({ $0.take() }) {
        case .dictionary(let reply): reply([:])
        case .data(let reply): reply(Data())
        case nil: break
        }
    }

    /// Whether a reply has been sent.
    public var isSent: Bool {
        responder.withLock { $0 == nil }
    }

    /// Replies with a dictionary. To a `.data` message, the dictionary is sent as a binary property list.
    /// - Parameter reply: The reply.
    /// - Throws: `ConnectivityError.replyAlreadySent` on a second reply; a payload error if the reply is
    ///   not a property list or exceeds the size limit (the reply is then still unsent).
    public func send(_ reply: ConnectivityMessage) throws(ConnectivityError) {
        try PropertyListValue.checkSize(of: reply, limit: ConnectivityManager.payloadLimit)
        if expectsData {
            guard let data = try? PropertyListSerialization.data(fromPropertyList: reply, format: .binary, options: 0)
            else {
                throw .payloadUnsupportedTypes("the reply cannot be encoded as a property list")
            }
            try deliver(data: data)
        } else {
            try deliver(dictionary: reply)
        }
    }

    /// Replies with bytes (to a `.data` message).
    /// - Parameter data: The reply bytes.
    /// - Throws: `ConnectivityError.replyAlreadySent` on a second reply,
    ///   `ConnectivityError.invalidParameter(_:)` when the message expects a dictionary,
    ///   `ConnectivityError.payloadTooLarge(size:limit:)` over the limit.
    public func send(data: Data) throws(ConnectivityError) {
        guard expectsData else {
            throw .invalidParameter("this message expects a dictionary reply")
        }
        try deliver(data: data)
    }

    /// Replies with a typed message: its dictionary form, or its binary form to a `.data` message.
    /// - Parameter message: The reply.
    /// - Throws: `ConnectivityError.replyAlreadySent` on a second reply, `ConnectivityError.serialization(_:)`
    ///   when it cannot be encoded, or a payload error.
    public func send(_ message: some Messagable) throws(ConnectivityError) {
        if expectsData, let binary = message as? any BinaryMessagable {
            let data: Data
            do {
                data = try BinaryMessageEncoder.encode(binary)
            } catch {
                throw .serialization(error)
            }
            try deliver(data: data)
        } else {
            try send(OutgoingMessage.dictionary(for: message))
        }
    }

    private func deliver(dictionary: ConnectivityMessage) throws(ConnectivityError) {
        guard case .dictionary(let reply) = try take() else {
            throw .invalidParameter("this message expects a dictionary reply")
        }
        reply(dictionary)
    }

    private func deliver(data: Data) throws(ConnectivityError) {
        guard data.count <= ConnectivityManager.payloadLimit else {
            throw .payloadTooLarge(size: data.count, limit: ConnectivityManager.payloadLimit)
        }
        guard case .data(let reply) = try take() else {
            throw .invalidParameter("this message expects a dictionary reply")
        }
        reply(data)
    }

    private func take() throws(ConnectivityError) -> Responder {
        guard let responder = responder.withLock({ $0.take() }) else {
            throw .replyAlreadySent
        }
        return responder
    }
}
