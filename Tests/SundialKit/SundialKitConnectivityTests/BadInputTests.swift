import Foundation
import SundialKitConnectivity
import Testing

/// Every decoder is fed at least 10,000 seeded, hostile inputs: each must give a typed error or a value
/// that re-encodes to exactly what was decoded; never a crash, a hang or a silently different value.
@Suite("Bad input")
struct BadInputTests {
    static let corpusSize = 10_000
    let decoder = MessageDecoder(messagableTypes: [ColorMessage.self, Reading.self, Workout.self])

    // MARK: Binary footer

    @Test("Binary footer: random, truncated, oversized-length, invalid-UTF-8 and sliced inputs")
    @available(OS2022, *)
    func binaryFooterCorpus() throws {
        var random = SeededGenerator(seed: 0x5EED_0001)
        var decoded = 0
        var rejected = 0
        for index in 0..<Self.corpusSize {
            let input = Self.footerInput(index: index, random: &random)
            do {
                let (key, payload) = try BinaryMessageEncoder.decode(input)
                // Whatever decodes must re-encode to the exact input: nothing invented, nothing dropped.
                let reencoded = try BinaryMessageEncoder.encode(payload: payload, typeKey: key)
                #expect(reencoded.elementsEqual(input))
                decoded += 1
            } catch {
                rejected += 1
            }
            do {
                let message = try decoder.decodeBinary(input)
                let binary = try #require(message as? any BinaryMessagable)
                let (_, payload) = try BinaryMessageEncoder.decode(input)
                #expect(try binary.encode().elementsEqual(payload) || message is Workout)
            } catch {
                // Typed by the signature: a SerializationError.
            }
        }
        #expect(decoded + rejected == Self.corpusSize)
        #expect(decoded > 100)
        #expect(rejected > 100)
    }

    @available(OS2022, *)
    static func footerInput(index: Int, random: inout SeededGenerator) -> Data {
        let valid = Data([0, 0, 0, 7]) + Data("reading".utf8) + Data([7, 0, 0, 0])
        switch index % 6 {
        case 0:
            return Data(random.bytes(Int.random(in: 0...64, using: &random)))
        case 1:
            return valid.prefix(Int.random(in: 0...valid.count, using: &random))
        case 2:
            // A length field far beyond the buffer, up to UInt32.max (would trap a 32-bit `Int(length)`).
            var data = Data(random.bytes(Int.random(in: 0...16, using: &random)))
            let length = UInt32.random(in: UInt32(data.count + 1)...UInt32.max, using: &random)
            withUnsafeBytes(of: length.littleEndian) { data.append(contentsOf: $0) }
            return data
        case 3:
            // A key that is not UTF-8.
            var data = Data(random.bytes(Int.random(in: 0...8, using: &random)))
            let key: [UInt8] = [0xFF, 0xFE, UInt8.random(in: 0x80...0xBF, using: &random)]
            data.append(contentsOf: key)
            withUnsafeBytes(of: UInt32(key.count).littleEndian) { data.append(contentsOf: $0) }
            return data
        case 4:
            // A valid message as a slice of a larger buffer (non-zero startIndex).
            let prefix = Data(random.bytes(Int.random(in: 1...32, using: &random)))
            let buffer = prefix + valid + Data(random.bytes(4))
            return buffer[prefix.count..<(prefix.count + valid.count)]
        default:
            // A valid message with one byte flipped.
            var data = valid
            let position = Int.random(in: 0..<data.count, using: &random)
            data[position] ^= UInt8.random(in: 1...255, using: &random)
            return data
        }
    }

    @Test("Binary footer: exact boundary cases")
    @available(OS2022, *)
    func footerBoundaries() throws {
        #expect(throws: SerializationError.self) { try BinaryMessageEncoder.decode(Data()) }
        #expect(throws: SerializationError.self) { try BinaryMessageEncoder.decode(Data([1, 0, 0])) }
        #expect(throws: SerializationError.self) { try BinaryMessageEncoder.decode(Data([1, 0, 0, 0])) }
        #expect(throws: SerializationError.self) { try BinaryMessageEncoder.decode(Data([0xFF, 0xFF, 0xFF, 0xFF])) }
        let empty = try BinaryMessageEncoder.decode(Data([0, 0, 0, 0]))
        #expect(empty.typeKey.isEmpty && empty.payload.isEmpty)
        #expect(throws: SerializationError.invalidTypeKey) {
            try BinaryMessageEncoder.decode(Data([0xC3, 0x28, 2, 0, 0, 0]))
        }
        let sliced = (Data([9, 9]) + Data([1, 2]) + Data("k".utf8) + Data([1, 0, 0, 0])).dropFirst(2)
        let decoded = try BinaryMessageEncoder.decode(sliced)
        #expect(decoded.typeKey == "k")
        #expect(Array(decoded.payload) == [1, 2])
    }

    // MARK: Dictionary

    @Test("Dictionary: random keys, types and values")
    @available(OS2022, *)
    func dictionaryCorpus() throws {
        var random = SeededGenerator(seed: 0x5EED_0002)
        var decoded = 0
        for _ in 0..<Self.corpusSize {
            let input = Self.dictionaryInput(random: &random)
            do {
                let message = try decoder.decodeMessage(input)
                decoded += 1
                // A decoded message carries exactly the values it was given.
                if let color = message as? ColorMessage {
                    let parameters = try #require(input["__parameters"] as? [String: any Sendable])
                    #expect(parameters["red"] as? Double == color.red)
                    #expect(parameters["green"] as? Double == color.green)
                    #expect(parameters["blue"] as? Double == color.blue)
                }
            } catch {
                #expect(decoder.decode(input) == nil)
            }
        }
        #expect(decoded > 50)
    }

    @available(OS2022, *)
    static func randomValue(depth: Int, random: inout SeededGenerator) -> any Sendable {
        switch Int.random(in: 0...(depth > 1 ? 7 : 9), using: &random) {
        case 0: return Int.random(in: -1000...1000, using: &random)
        case 1: return Double.random(in: -1...1, using: &random)
        case 2: return String(decoding: random.bytes(Int.random(in: 0...8, using: &random)), as: UTF8.self)
        case 3: return Data(random.bytes(Int.random(in: 0...8, using: &random)))
        case 4: return Bool.random(using: &random)
        case 5: return Date(timeIntervalSince1970: Double.random(in: 0...1e9, using: &random))
        case 6: return URL(fileURLWithPath: "/not/a/plist/value")
        case 7: return ["nested": 1] as [String: Int]
        case 8: return [randomValue(depth: depth + 1, random: &random)]
        default:
            return ["red": randomValue(depth: depth + 1, random: &random), "x": 1] as [String: any Sendable]
        }
    }

    @available(OS2022, *)
    static func dictionaryInput(random: inout SeededGenerator) -> ConnectivityMessage {
        var input: ConnectivityMessage = [:]
        let keys = ["color", "reading", "workout", "unknown", ""]
        switch Int.random(in: 0...4, using: &random) {
        case 0: input["__type"] = keys[Int.random(in: 0..<keys.count, using: &random)]
        case 1: input["__type"] = randomValue(depth: 0, random: &random)
        case 2: break
        default: input["__type"] = "color"
        }
        switch Int.random(in: 0...3, using: &random) {
        case 0: input["__parameters"] = randomValue(depth: 0, random: &random)
        case 1:
            input["__parameters"] =
                [
                    "red": Double.random(in: 0...1, using: &random), "green": 0.5,
                    "blue": Bool.random(using: &random) ? 0.25 : randomValue(depth: 1, random: &random),
                ] as [String: any Sendable]
        case 2: input["__parameters"] = ["__data": randomValue(depth: 1, random: &random)] as [String: any Sendable]
        default: break
        }
        return input
    }

    // MARK: Codable

    @Test("Codable: random, truncated and mutated property lists")
    @available(OS2022, *)
    func codableCorpus() throws {
        var random = SeededGenerator(seed: 0x5EED_0003)
        let workout = Workout(
            name: "Swim", heartRates: [80, 90], started: Date(timeIntervalSince1970: 0), samples: Data([1]))
        let valid = try BinaryMessageEncoder.encode(workout)
        let payload = try workout.encode()
        var decoded = 0
        for index in 0..<Self.corpusSize {
            let body: Data
            switch index % 3 {
            case 0: body = Data(random.bytes(Int.random(in: 0...96, using: &random)))
            case 1: body = payload.prefix(Int.random(in: 0..<payload.count, using: &random))
            default:
                var mutated = payload
                let position = Int.random(in: 0..<mutated.count, using: &random)
                mutated[position] ^= UInt8.random(in: 1...255, using: &random)
                body = mutated
            }
            let input = try BinaryMessageEncoder.encode(payload: body, typeKey: Workout.key)
            let message: any Messagable
            do throws(SerializationError) {
                message = try decoder.decodeBinary(input)
            } catch {
                guard error.code == .decodingFailed, let type = error.context.key else {
                    Issue.record("unexpected \(error)")
                    continue
                }
                #expect(type == Workout.key)
                continue
            }
            let value = try #require(message as? Workout)
            // Whatever decodes survives a round trip unchanged.
            #expect(try Workout(from: value.encode()) == value)
            decoded += 1
        }
        #expect(try decoder.decodeBinary(valid) as? Workout == workout)
        #expect(decoded < Self.corpusSize)
    }

    // MARK: Encoding

    @Test("Encoding failures are typed errors, not empty messages")
    @available(OS2022, *)
    func encodingFailure() async throws {
        struct Failing: BinaryMessagable {
            init() {}
            init(from data: Data) throws { throw SerializationError.invalidDataSize(expected: 0, actual: data.count) }
            func encode() throws -> Data { throw SerializationError.encodingFailed("no") }
        }
        #expect(throws: SerializationError.encodingFailed("no")) { try BinaryMessageEncoder.encode(Failing()) }
        let setup = try await ActivatedPair(watchKeepsMessages: false)
        await #expect(throws: ConnectivityError.serialization(.encodingFailed("no"))) {
            try await setup.phone.send(Failing())
        }
        await #expect(throws: ConnectivityError.serialization(.encodingFailed("no"))) {
            try await setup.phone.send(Failing(), options: .via(.applicationContext))
        }
        // 1.x-shaped parameters() of a failing binary message make sending fail too.
        let parameters: [String: any Sendable] = Failing().parameters()
        await #expect(throws: ConnectivityError.self) { try await setup.phone.send(parameters) }
    }

    @Test("Duplicate keys are a typed error, never a trap")
    @available(OS2022, *)
    func duplicateKeys() throws {
        struct Other: Messagable {
            static let key = "color"
            init(from parameters: [String: any Sendable]) throws {}
            func parameters() -> [String: any Sendable] { [:] }
        }
        #expect(throws: SerializationError.duplicateMessageKey("color")) {
            try MessageDecoder(validating: [ColorMessage.self, Other.self])
        }
        let lenient = MessageDecoder(messagableTypes: [ColorMessage.self, Other.self, Reading.self, Reading.self])
        #expect(throws: SerializationError.duplicateMessageKey("color")) {
            try lenient.decodeMessage(ColorMessage(red: 0, green: 0, blue: 0).message())
        }
        #expect(lenient.registeredKeys == ["reading"])
    }
}
