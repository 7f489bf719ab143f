import Foundation
import SundialKitJSON
import SundialKitStream
import SundialKitTesting
import Testing

struct Note: JSONMessagable, Equatable {
    static let key = "note"
    var text: String
    var tags: [String]
}

/// A type that changes how its dates are written: the plugin's encoder and decoder are per type.
struct Stamp: JSONMessagable, Equatable {
    static let key = "stamp"
    var at: Date

    static func makeJSONEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }

    static func makeJSONDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }
}

@Suite("The JSON plugin")
struct JSONMessagableTests {
    @Test("A message encodes as sorted JSON and decodes back")
    func jsonRoundTrip() throws {
        let note = Note(text: "hi", tags: ["b", "a"])
        #expect(String(decoding: try note.encode(), as: UTF8.self) == #"{"tags":["b","a"],"text":"hi"}"#)
        #expect(try Note(from: try note.encode()) == note)
    }

    @Test("Live (bytes with the type footer) and dictionary forms decode through MessageDecoder")
    func bothForms() throws {
        let decoder = MessageDecoder(messagableTypes: [Note.self, Stamp.self])
        let note = Note(text: "live", tags: [])
        #expect(try decoder.decodeBinary(try BinaryMessageEncoder.encode(note)) as? Note == note)
        let stamp = Stamp(at: Date(timeIntervalSince1970: 1_000))
        #expect(try decoder.decodeMessage(stamp.message()) as? Stamp == stamp)
        #expect(String(decoding: try stamp.encode(), as: UTF8.self) == #"{"at":1000}"#)
    }

    @Test("Bytes that are not the type's JSON fail with a SerializationError, not a crash")
    func badBytes() throws {
        let decoder = MessageDecoder(messagableTypes: [Note.self])
        let wrong = try BinaryMessageEncoder.encode(payload: Data(#"{"text":1}"#.utf8), typeKey: Note.key)
        #expect(throws: SerializationError.self) { try decoder.decodeBinary(wrong) }
    }

    @Test("Over a simulated pair: live as data, out of reach by application context", .timeLimit(.minutes(1)))
    func overPairedSessions() async throws {
        let decoder = MessageDecoder(messagableTypes: [Note.self])
        let pair = PairedSessions()
        let phone = ConnectivityObserver(session: pair.phone, messageDecoder: decoder)
        let watch = ConnectivityObserver(session: pair.watch, messageDecoder: decoder)
        let received = await phone.messages(of: Note.self)
        try await phone.activate(timeout: .seconds(30))
        try await watch.activate(timeout: .seconds(30))
        #expect(try await watch.send(Note(text: "live", tags: [])).transport == .data)
        pair.setLinkUp(false)
        #expect(try await watch.send(Note(text: "later", tags: [])).transport == .applicationContext)
        pair.setLinkUp(true)
        var notes: [String] = []
        for await note in received {
            notes.append(note.text)
            if notes.count == 2 { break }
        }
        #expect(notes == ["live", "later"])
    }
}
