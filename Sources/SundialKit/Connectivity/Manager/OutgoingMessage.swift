import Foundation

/// What is being sent, and how to encode it for each transport.
internal enum OutgoingMessage: Sendable {
    case dictionary(ConnectivityMessage)
    case messagable(any Messagable)

    var payload: TransportPolicy.Payload {
        guard case .messagable(let message) = self, message is any BinaryMessagable else { return .dictionary }
        return .binary
    }

    /// The dictionary form.
    func dictionary() throws(ConnectivityError) -> ConnectivityMessage {
        switch self {
        case .dictionary(let message): message
        case .messagable(let message): try Self.dictionary(for: message)
        }
    }

    /// The `.data` form: payload and type footer.
    func binary() throws(ConnectivityError) -> Data {
        guard case .messagable(let message) = self, let binary = message as? any BinaryMessagable else {
            throw .invalidParameter("only a BinaryMessagable can be sent over .data")
        }
        do {
            return try BinaryMessageEncoder.encode(binary)
        } catch {
            throw .serialization(error)
        }
    }

    /// A typed message in dictionary form; a binary message's encoding errors are reported, not dropped.
    static func dictionary(for message: some Messagable) throws(ConnectivityError) -> ConnectivityMessage {
        guard let binary = message as? any BinaryMessagable else {
            return message.message()
        }
        let data: Data
        do {
            data = try binary.encode()
        } catch let error as SerializationError {
            throw .serialization(error)
        } catch {
            throw .serialization(.encodingFailed(String(describing: error)))
        }
        return [
            MessagableKeys.typeKey: type(of: message).key,
            MessagableKeys.parametersKey: [MessagableKeys.dataKey: data] as [String: any Sendable],
        ]
    }
}
