import CourierTestSupport
import Foundation
import SundialKitProtobuf
import SundialKitProtobufExample
import SundialKitStream
import SundialKitTesting
import SwiftProtobuf
import Testing

@Suite("SundialKitProtobuf")
struct ProtobufMessagableTests {
    let summary = Sundial_Example_WorkoutSummary.with {
        $0.name = "Ride"
        $0.heartRates = [100, 140, 160]
        $0.samples = Data(repeating: 3, count: 512)
        $0.peak = .with {
            $0.bpm = 160
            $0.timestampMs = 1_700_000_000_000
        }
    }

    @Test("The key is the fully-qualified Protobuf name")
    @available(OS2022, *)
    func key() {
        #expect(Sundial_Example_HeartRateUpdate.key == "sundial.example.HeartRateUpdate")
    }

    @Test("Binary over .data and inside dictionaries round-trip")
    @available(OS2022, *)
    func roundTrips() throws {
        let decoder = try MessageDecoder(validating: [Sundial_Example_WorkoutSummary.self])
        let data = try BinaryMessageEncoder.encode(summary)
        #expect(try decoder.decodeBinary(data) as? Sundial_Example_WorkoutSummary == summary)
        #expect(try MessageDecoder.decodeProtobuf(Sundial_Example_WorkoutSummary.self, from: data) == summary)
        #expect(try decoder.decodeMessage(summary.message()) as? Sundial_Example_WorkoutSummary == summary)
        #expect(throws: SerializationError.unknownMessageType("sundial.example.WorkoutSummary")) {
            try MessageDecoder.decodeProtobuf(Sundial_Example_HeartRateUpdate.self, from: data)
        }
    }

    @Test("Phone to watch through PairedSessions and the Stream observer, live and queued")
    @available(OS2022, *)
    func endToEnd() async throws {
        let pair = PairedSessions()
        let decoder = try MessageDecoder(validating: [
            Sundial_Example_WorkoutSummary.self, Sundial_Example_HeartRateUpdate.self,
        ])
        let phone = ConnectivityObserver(session: pair.phone, messageDecoder: decoder)
        let watch = ConnectivityObserver(session: pair.watch, messageDecoder: decoder)
        try await phone.activate(timeout: .seconds(60))
        try await watch.activate(timeout: .seconds(60))
        _ = try await phone.reachabilityStream().firstValue(within: .seconds(60)) { $0 }
        let incoming = await watch.messageStream()
        let responder = Task {
            var transports: [MessageTransport] = []
            for await received in incoming {
                transports.append(received.transport)
                if received.transport == .data {
                    try received.reply?.send(Sundial_Example_HeartRateUpdate.with { $0.bpm = 61 })
                } else {
                    #expect(try decoder.decode(received) as? Sundial_Example_WorkoutSummary == summary)
                    return transports
                }
            }
            return transports
        }
        let reply = try await phone.send(
            summary, expecting: Sundial_Example_HeartRateUpdate.self, options: SendOptions(replyTimeout: .seconds(60)))
        #expect(reply.bpm == 61)
        try await phone.send(summary, options: .via(.userInfo))
        #expect(try await responder.value == [.data, .userInfo])
    }

    @Test("Random, truncated and mutated Protobuf payloads: typed errors or faithful values")
    @available(OS2022, *)
    func badInputCorpus() throws {
        let decoder = MessageDecoder(messagableTypes: [Sundial_Example_WorkoutSummary.self])
        let payload = try summary.serializedData()
        var state: UInt64 = 0x5EED_0004
        func nextByte() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
        var decoded = 0
        for index in 0..<10_000 {
            var body: Data
            switch index % 3 {
            case 0: body = Data((0..<Int(nextByte() % 64)).map { _ in nextByte() })
            case 1: body = payload.prefix(Int(nextByte()) % payload.count)
            default:
                body = payload
                body[Int(nextByte()) % body.count] ^= max(nextByte(), 1)
            }
            let input = try BinaryMessageEncoder.encode(payload: body, typeKey: Sundial_Example_WorkoutSummary.key)
            // The typed entry point agrees with the decoder: the same value, or a typed error for the same input.
            let direct = try? MessageDecoder.decodeProtobuf(Sundial_Example_WorkoutSummary.self, from: input)
            let message: any Messagable
            do throws(SerializationError) {
                message = try decoder.decodeBinary(input)
                #expect(direct == message as? Sundial_Example_WorkoutSummary)
            } catch {
                #expect(direct == nil)
                guard error.code == .decodingFailed, let type = error.context.key else {
                    Issue.record("unexpected \(error)")
                    continue
                }
                #expect(type == Sundial_Example_WorkoutSummary.key)
                continue
            }
            let value = try #require(message as? Sundial_Example_WorkoutSummary)
            #expect(try Sundial_Example_WorkoutSummary(serializedBytes: value.serializedData()) == value)
            decoded += 1
        }
        #expect(decoded < 10_000)
    }
}
