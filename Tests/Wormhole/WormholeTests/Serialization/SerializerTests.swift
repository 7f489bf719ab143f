import Foundation
import Testing
import Wormhole

@Suite("Serializers")
struct SerializerTests {
    struct Rich: Codable, Equatable, Sendable {
        var name: String
        var values: [Double]
        var when: Date
        var nested: [String: Int]
        var optional: String?
    }

    static let rich = Rich(
        name: "ünïcode ✓", values: [1.5, -2, 0], when: Date(timeIntervalSince1970: 1_700_000_000),
        nested: ["a": 1], optional: nil)

    @available(OS2022, *)
    static var serializers: [(String, any MessageSerializer)] {
        [("json", JSONMessageSerializer()), ("propertyList", PropertyListMessageSerializer())]
    }

    @Test("structs, arrays and dates round-trip", arguments: ["json", "propertyList"])
    @available(OS2022, *)
    func roundTrip(name: String) throws {
        let serializer = try #require(Self.serializers.first { $0.0 == name }?.1)
        let data = try serializer.encode(Self.rich, for: "r")
        #expect(try serializer.decode(Rich.self, from: data, for: "r") == Self.rich)
        let list = try serializer.encode([1, 2, 3], for: "l")
        #expect(try serializer.decode([Int].self, from: list, for: "l") == [1, 2, 3])
    }

    @Test("malformed bytes and wrong types are decoding errors", arguments: ["json", "propertyList"])
    @available(OS2022, *)
    func malformed(name: String) throws {
        let serializer = try #require(Self.serializers.first { $0.0 == name }?.1)
        for bytes in [Data("{\"name\": 3".utf8), Data([0xff, 0x00, 0x13]), Data()] {
            #expect(throws: WormholeError.self) { try serializer.decode(Rich.self, from: bytes, for: "r") }
        }
        let other = try serializer.encode(["unrelated": true], for: "r")
        do {
            _ = try serializer.decode(Rich.self, from: other, for: "r")
            Issue.record("decoding succeeded")
        } catch let error where error.code == .decodingFailed {
            #expect(error.context.identifier == "r")
            #expect(error.context.type == "Rich")
            #expect(!error.reason.isEmpty)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("Data passes through unchanged", arguments: ["json", "propertyList"])
    @available(OS2022, *)
    func rawData(name: String) throws {
        let serializer = try #require(Self.serializers.first { $0.0 == name }?.1)
        let bytes = Data([0, 1, 2, 0xff, 10])
        #expect(try serializer.encode(bytes, for: "d") == bytes)
        #expect(try serializer.decode(Data.self, from: bytes, for: "d") == bytes)
    }

    @Test("values the format cannot hold are encoding errors")
    @available(OS2022, *)
    func unencodable() {
        #expect(throws: WormholeError.self) { try JSONMessageSerializer().encode(Double.nan, for: "n") }
        #expect(throws: WormholeError.self) { try PropertyListMessageSerializer().encode(5, for: "n") }
    }

    @Test("JSON dates are ISO 8601 strings, readable by other languages")
    @available(OS2022, *)
    func jsonDates() throws {
        let data = try JSONMessageSerializer().encode(["when": Date(timeIntervalSince1970: 0)], for: "d")
        #expect(String(decoding: data, as: UTF8.self) == "{\"when\":\"1970-01-01T00:00:00Z\"}")
    }

    @Test("the configuration's format picks the serializer")
    @available(OS2022, *)
    func formats() throws {
        #expect(SerializationFormat.json.serializer is JSONMessageSerializer)
        #expect(SerializationFormat.propertyList.serializer is PropertyListMessageSerializer)
        #expect(SerializationFormat.custom(PropertyListMessageSerializer()).serializer is PropertyListMessageSerializer)
    }
}
