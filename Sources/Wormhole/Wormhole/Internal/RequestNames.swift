import Foundation

/// The mailboxes of request/reply: `<identifier>#requests` (a queue) and one `<identifier>#reply-<id>` per
/// request (latest value, removed once read).
@available(OS2021, *)
enum RequestNames {
    static let requestSuffix = "#requests"

    static func requests(_ identifier: MessageIdentifier) -> MessageIdentifier {
        MessageIdentifier(identifier.rawValue + requestSuffix)
    }

    static func reply(_ identifier: MessageIdentifier, _ correlation: String) -> MessageIdentifier {
        MessageIdentifier(identifier.rawValue + "#reply-" + correlation)
    }

    static func isRequestMailbox(_ identifier: MessageIdentifier) -> Bool {
        identifier.rawValue.hasSuffix(requestSuffix) && identifier.rawValue.count > requestSuffix.count
    }

    /// The responder's presence file, `.<escaped identifier>.responder`, in `directory`.
    static func presencePath(_ identifier: MessageIdentifier, in directory: URL) throws(WormholeError) -> String {
        directory.appendingPathComponent(".\(try identifier.fileSystemName()).responder").path
    }
}

/// A request or reply on disk: one line of JSON metadata, a newline, then the body as the serializer wrote it.
struct RequestFrame: Sendable, Equatable {
    struct Metadata: Codable, Sendable, Equatable {
        /// The correlation identifier.
        var id: String
        /// Requests: the identifier to answer to.
        var reply: String?
        /// Requests: when the requester stops waiting, in milliseconds since 1970.
        var deadline: Int64?
        /// Replies: why the responder failed (no body then).
        var error: String?
    }

    var metadata: Metadata
    var body: Data

    func encoded() -> Data {
        // Encoding a struct of strings and integers cannot fail.
        var data = (try? JSONEncoder().encode(metadata)) ?? Data("{}".utf8)
        data.append(0x0A)
        data.append(body)
        return data
    }

    /// - Throws: `nil` description when the payload is not a frame.
    static func decode(_ payload: Data) -> RequestFrame? {
        guard let newline = payload.firstIndex(of: 0x0A),
            let metadata = try? JSONDecoder().decode(Metadata.self, from: payload[payload.startIndex..<newline])
        else { return nil }
        return RequestFrame(metadata: metadata, body: Data(payload[payload.index(after: newline)...]))
    }
}
