// The connectivity code blocks of Sources/SundialKit/README.md, verbatim, so that they compile. The README shows
// the ColorMessage of Specification/SpecMessages.swift.
import Foundation
import SundialKit
import SundialKitCombine
import SundialKitStream
import SundialKitTesting

#if canImport(Combine)
import Combine
#else
import OpenCombine
import OpenCombineDispatch
#endif

@available(OS2022, *)
enum ConnectivityReadmeSnippets {
    static func streamSnippet() async throws -> (Double, PairedSessions) {
        let pair = PairedSessions()
        let decoder = MessageDecoder(messagableTypes: [ColorMessage.self])
        let phone = SundialKitStream.ConnectivityObserver(session: pair.phone, messageDecoder: decoder)
        let watch = SundialKitStream.ConnectivityObserver(session: pair.watch, messageDecoder: decoder)
        try await phone.activate(timeout: .seconds(60))
        try await watch.activate(timeout: .seconds(60))

        let incoming = await watch.messageStream()  // subscribe before the message can arrive
        let watchSide = Task {
            for await received in incoming {
                if let color = try? decoder.decode(received) as? ColorMessage {
                    try? received.reply?.send(ColorMessage(red: color.red / 2, green: color.green, blue: color.blue))
                    return
                }
            }
        }
        let reply = try await phone.send(ColorMessage(red: 1, green: 0.5, blue: 0), expecting: ColorMessage.self)
        await watchSide.value
        print("the watch replied", reply.red)
        return (reply.red, pair)
    }

    static func combineSnippet(
        decoder: MessageDecoder
    ) throws -> (SundialKitCombine.ConnectivityObserver, [AnyCancellable], PairedSessions) {
        let combinePair = PairedSessions()  // on a device: ConnectivityObserver(messageDecoder: decoder)
        let observer = SundialKitCombine.ConnectivityObserver(session: combinePair.phone, messageDecoder: decoder)
        let cancellables = [
            observer.$isReachable.sink { isReachable in print("reachable:", isReachable) },
            observer.typedMessageReceived.sink { message in print("received:", message) },
            observer.activationStatePublisher.filter { $0 == .activated }.first().sink { _ in
                observer.sendingMessageSubject.send(["message": "hello"])
            },
        ]
        try observer.activate()
        return (observer, cancellables, combinePair)
    }
}
