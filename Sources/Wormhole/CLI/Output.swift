import CourierPrimitives
import Foundation
import Wormhole

/// The JSON Lines output of `read` and `listen`, written with one `write(2)` per line.
@available(OS2022, *)
enum Output {
    private static let lock = Locked(())

    /// Writes one line to standard output.
    static func line(_ text: String) {
        lock.withLock { _ in FileHandle.standardOutput.write(Data((text + "\n").utf8)) }
    }

    /// Writes raw bytes to standard output.
    static func raw(_ data: Data) {
        lock.withLock { _ in FileHandle.standardOutput.write(data) }
    }

    /// Writes one line to standard error.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// A delivery as one JSON object: `event`, `identifier`, and per event `sequence`, `missed`, `sentAt`,
    /// `payload` (the message itself when it is JSON) or `payloadBase64`, or `error`. `missed` replaces the
    /// delivery's own count.
    static func json(_ delivery: Delivery<Data>, missed: UInt64? = nil) -> String {
        var fields: [(String, String)] = [("identifier", quoted(delivery.identifier.rawValue))]
        switch delivery.content {
        case .message(let payload):
            fields.insert(("event", quoted("message")), at: 0)
            if let sequence = delivery.sequence { fields.append(("sequence", "\(sequence)")) }
            fields.append(("missed", "\(missed ?? delivery.missedCount)"))
            if let sentAt = delivery.sentAt { fields.append(("sentAt", quoted(timestamp(sentAt)))) }
            if let json = embeddableJSON(payload) {
                fields.append(("payload", json))
            } else {
                fields.append(("payloadBase64", quoted(payload.base64EncodedString())))
            }
        case .signal:
            fields.insert(("event", quoted("signal")), at: 0)
        case .cleared:
            fields.insert(("event", quoted("cleared")), at: 0)
        case .failure(let error):
            fields.insert(("event", quoted("error")), at: 0)
            if let sequence = delivery.sequence { fields.append(("sequence", "\(sequence)")) }
            fields.append(("error", quoted(error.description)))
        }
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    /// The `ready` line `listen --ready` prints once it is listening.
    static func ready(_ identifiers: [MessageIdentifier]) -> String {
        "{\"event\":\"ready\",\"identifiers\":[" + identifiers.map { quoted($0.rawValue) }.joined(separator: ",") + "]}"
    }

    /// The payload as it is, if it is JSON; line breaks (only possible between tokens) become spaces so the
    /// object stays on one line.
    static func embeddableJSON(_ payload: Data) -> String? {
        guard !payload.isEmpty,
            (try? JSONSerialization.jsonObject(with: payload, options: [.fragmentsAllowed])) != nil
        else { return nil }
        let bytes = payload.map { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") ? UInt8(ascii: " ") : $0 }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A JSON string literal.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    private static func timestamp(_ date: Date) -> String {
        Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
    }
}
