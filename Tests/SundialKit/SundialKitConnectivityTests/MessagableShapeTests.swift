import Foundation
import SundialKitConnectivity
import Testing

/// A message written in the 1.x shape only: the 2.x requirements are derived from it.
@available(OS2022, *)
private struct LegacyNote: Messagable {
    static let key = "note"
    let text: String
    let link: URL?

    init(text: String, link: URL? = nil) {
        self.text = text
        self.link = link
    }

    init?(from parameters: [String: Any]?) {
        guard let text = parameters?["text"] as? String else { return nil }
        self.init(text: text)
    }

    func parameters() -> [String: Any] {
        var parameters: [String: Any] = ["text": text]
        if let link { parameters["link"] = link }
        return parameters
    }
}

/// A message written in the 2.x shape only: the 1.x requirements are derived from it.
@available(OS2022, *)
private struct ModernNote: Messagable {
    static let key = "modern"
    let text: String

    init(text: String) { self.text = text }

    init(from parameters: [String: any Sendable]) throws {
        guard let text = parameters["text"] as? String else { throw SerializationError.missingField("text") }
        self.text = text
    }

    func parameters() -> [String: any Sendable] { ["text": text] }
}

@Suite("Messagable shapes")
struct MessagableShapeTests {
    @Test("A 1.x message decodes through the 2.x initializer, which says why it failed")
    @available(OS2022, *)
    func legacyShape() throws {
        let decoder = MessageDecoder(messagableTypes: [LegacyNote.self])
        let message = LegacyNote(text: "hi").message()
        #expect((try decoder.decodeMessage(message) as? LegacyNote)?.text == "hi")
        #expect(throws: SerializationError.decodingFailed(type: "note", reason: "init?(from:) returned nil")) {
            try decoder.decodeMessage(["__type": "note", "__parameters": ["text": 1] as [String: any Sendable]])
        }
        let sendable: [String: any Sendable] = LegacyNote(text: "hi").parameters()
        #expect(sendable["text"] as? String == "hi")
    }

    @Test("A 1.x message holding a value that is not a property list fails to send with a typed error")
    @available(OS2022, *)
    func legacyUnsupportedValue() async throws {
        let setup = try await ActivatedPair(watchKeepsMessages: false)
        let note = LegacyNote(text: "hi", link: URL(fileURLWithPath: "/tmp"))
        await #expect(throws: ConnectivityError.payloadUnsupportedTypes("__parameters.link: URL")) {
            try await setup.phone.send(note)
        }
    }

    @Test("A 2.x message answers the 1.x API: nil when the parameters are invalid, [String: Any] parameters")
    @available(OS2022, *)
    func modernShape() throws {
        #expect(ModernNote(from: ["text": "hi"] as [String: Any]?)?.text == "hi")
        #expect(ModernNote(from: ["text": 1] as [String: Any]?) == nil)
        #expect(ModernNote(from: nil as [String: Any]?) == nil)
        let legacy: [String: Any] = ModernNote(text: "hi").parameters()
        #expect(legacy["text"] as? String == "hi")
    }

    @Test("A binary message whose encoding fails shows why in its parameters, and cannot be sent")
    @available(OS2022, *)
    func failingBinaryParameters() throws {
        struct Broken: BinaryMessagable {
            init() {}
            init(from data: Data) throws { throw SerializationError.invalidDataSize(expected: 1, actual: 0) }
            func encode() throws -> Data { throw CocoaError(.coderInvalidValue) }
        }
        let value = try #require(Broken().parameters()["__data"])
        #expect(String(describing: value).hasPrefix("encoding failed: "))
        #expect(throws: SerializationError.missingBinaryData) { try Broken(from: [:] as [String: any Sendable]) }
        #expect(throws: SerializationError.typeMismatch(key: "__data", expected: "Data", actual: "Int")) {
            try Broken(from: ["__data": 1] as [String: any Sendable])
        }
    }
}
