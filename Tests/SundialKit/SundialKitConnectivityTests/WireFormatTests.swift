import Foundation
import SundialKitConnectivity
import Testing

/// Fixtures in SundialKit 2.x's encoding (`Messagable.message()`, `BinaryMessageEncoder`), so that an app
/// built on either library can talk to the other.
@Suite("Wire format interoperability")
struct WireFormatTests {
    @Test("A dictionary message is [__type, __parameters], both ways")
    @available(OS2022, *)
    func dictionaryFixture() throws {
        let fixture: ConnectivityMessage = [
            "__type": "color",
            "__parameters": ["red": 1.0, "green": 0.5, "blue": 0.0] as [String: any Sendable],
        ]
        let decoder = MessageDecoder(messagableTypes: [ColorMessage.self])
        #expect(try decoder.decodeMessage(fixture) as? ColorMessage == ColorMessage(red: 1, green: 0.5, blue: 0))
        let encoded = ColorMessage(red: 1, green: 0.5, blue: 0).message()
        #expect(Set(encoded.keys) == ["__type", "__parameters"])
        #expect(encoded["__type"] as? String == "color")
        let parameters = try #require(encoded["__parameters"] as? [String: any Sendable])
        #expect(parameters["green"] as? Double == 0.5)
        // Missing __parameters decodes as empty parameters, as upstream does.
        #expect(throws: SerializationError.missingField("red, green, blue")) {
            try decoder.decodeMessage(["__type": "color"])
        }
    }

    @Test("Binary footer bytes match 2.x exactly: payload, UTF-8 key, UInt32 little-endian key length")
    @available(OS2022, *)
    func binaryFixture() throws {
        let fixture = Data([0x00, 0x00, 0x00, 0x2A]) + Data("reading".utf8) + Data([0x07, 0x00, 0x00, 0x00])
        #expect(try BinaryMessageEncoder.encode(Reading(value: 42)) == fixture)
        let decoder = MessageDecoder(messagableTypes: [Reading.self])
        #expect(try decoder.decodeBinary(fixture) as? Reading == Reading(value: 42))
    }

    @Test("A binary message inside a dictionary is [__type, __parameters: [__data]]")
    @available(OS2022, *)
    func binaryInDictionary() throws {
        let fixture: ConnectivityMessage = [
            "__type": "reading",
            "__parameters": ["__data": Data([0, 0, 1, 0])] as [String: any Sendable],
        ]
        let decoder = MessageDecoder(messagableTypes: [Reading.self])
        #expect(try decoder.decodeMessage(fixture) as? Reading == Reading(value: 256))
        let encoded = Reading(value: 256).message()
        let parameters = try #require(encoded["__parameters"] as? [String: any Sendable])
        #expect(parameters["__data"] as? Data == Data([0, 0, 1, 0]))
    }

    @Test("The size check measures the binary property-list encoding, exactly near the limit")
    @available(OS2022, *)
    func sizeCheck() throws {
        for count in [65_400, 65_480, 65_500, 65_520, 65_536] {
            let message: ConnectivityMessage = ["d": Data(count: count)]
            let exact = try #require(PropertyListValue.encodedSize(of: message))
            let bound = try PropertyListValue.validatedSizeBound(of: message)
            #expect(bound >= exact)
            if exact > ConnectivityManager.payloadLimit {
                #expect(throws: ConnectivityError.payloadTooLarge(size: exact, limit: ConnectivityManager.payloadLimit))
                {
                    try PropertyListValue.checkSize(of: message, limit: ConnectivityManager.payloadLimit)
                }
            } else {
                try PropertyListValue.checkSize(of: message, limit: ConnectivityManager.payloadLimit)
            }
        }
    }

    @Test("The size bound is never below the real encoding", arguments: 0..<40)
    @available(OS2022, *)
    func boundIsUpperBound(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed))
        var message: ConnectivityMessage = [:]
        for index in 0..<Int.random(in: 1...40, using: &random) {
            message["k\(index)-é"] = BadInputTests.randomValue(depth: 1, random: &random)
        }
        message.removeValue(forKey: "k0-é")
        guard let bound = try? PropertyListValue.validatedSizeBound(of: message) else { return }
        let exact = try #require(PropertyListValue.encodedSize(of: message))
        #expect(bound >= exact)
    }
}
