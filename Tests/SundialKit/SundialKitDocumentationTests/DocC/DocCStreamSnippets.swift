// The code blocks of the catalogs that use SundialKitStream's observer, verbatim (see DocCSnippets.swift).
import SundialKit
import SundialKitProtobuf
import SundialKitProtobufExample
import SundialKitStream
import SundialKitTesting

@available(OS2022, *)
enum DocCStreamSnippets {
    #if os(Linux)
    // SundialKitStream: getting started.
    static func network() async throws {
        let network = try NetworkStream()
        for await status in network.pathStatusStream {
            print("path status:", status)
        }
    }
    #endif

    // Connectivity with AsyncStream.
    static func connectivity() async throws -> ColorMessage {
        let observer = ConnectivityObserver(messageDecoder: MessageDecoder(messagableTypes: [ColorMessage.self]))
        try await observer.activate()

        let incoming = await observer.messageStream()
        Task {
            for await received in incoming {
                let answer = await compute(received.message)  // await freely: the reply still reaches the sender
                try? received.reply?.send(answer)
            }
        }

        let reply = try await observer.send(ColorMessage(red: 1, green: 0.5, blue: 0), expecting: ColorMessage.self)
        return reply
    }

    // SundialKitProtobuf: getting started.
    static func protobuf() async throws {
        let observer = ConnectivityObserver(
            messageDecoder: MessageDecoder(messagableTypes: [Sundial_Example_HeartRateUpdate.self])
        )
        try await observer.activate()
        try await observer.send(Sundial_Example_HeartRateUpdate.with { $0.bpm = 72 })
    }

    // Testing watch apps with PairedSessions.
    static func pairedSessions() async throws -> (PairedSessions, ConnectivityObserver) {
        let pair = PairedSessions()
        let phone = ConnectivityObserver(session: pair.phone)
        let watch = ConnectivityObserver(session: pair.watch)
        try await phone.activate(timeout: .seconds(5))
        try await watch.activate(timeout: .seconds(5))

        pair.setLinkUp(false)
        try await phone.send(["state": "paused"])  // application context, latest wins
        pair.setLinkUp(true)  // delivered to the watch now
        return (pair, watch)
    }
}
