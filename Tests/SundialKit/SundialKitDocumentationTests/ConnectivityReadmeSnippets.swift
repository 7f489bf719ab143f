// The connectivity code blocks of Sources/SundialKit/README.md, verbatim, so that they compile.
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

struct ColorMessage: Messagable {
    static let key = "color"
    let red: Double

    init(red: Double) { self.red = red }

    init(from parameters: [String: any Sendable]) throws {
        guard let red = parameters["red"] as? Double else { throw SerializationError.missingField("red") }
        self.red = red
    }

    func parameters() -> [String: any Sendable] { ["red": red] }
}

enum ConnectivityReadmeSnippets {
    static func streamSnippet() async throws -> (Double, PairedSessions) {
        let pair = PairedSessions()
        let decoder = MessageDecoder(messagableTypes: [ColorMessage.self])
        let phone = SundialKitStream.ConnectivityObserver(session: pair.phone, messageDecoder: decoder)
        let watch = SundialKitStream.ConnectivityObserver(session: pair.watch, messageDecoder: decoder)
        try await phone.activate(timeout: .seconds(10))
        try await watch.activate(timeout: .seconds(10))

        let incoming = watch.messageStream()  // subscribe before the message can arrive
        let watchSide = Task {
            for await received in incoming {
                if let color = try? decoder.decode(received) as? ColorMessage {
                    try? received.reply?.send(ColorMessage(red: color.red / 2))
                    return
                }
            }
        }
        let reply = try await phone.send(ColorMessage(red: 1), expecting: ColorMessage.self)
        await watchSide.value
        print("the watch replied", reply.red)
        return (reply.red, pair)
    }

    static func combineSnippet(pair: PairedSessions) -> (SundialKitCombine.ConnectivityObserver, AnyCancellable) {
        let observer = SundialKitCombine.ConnectivityObserver(session: pair.phone)
        let cancellable = observer.isReachablePublisher
            .receive(on: DispatchQueue.main)
            .sink { isReachable in print("reachable:", isReachable) }
        observer.sendingMessageSubject.send(["message": "hello"])
        return (observer, cancellable)
    }
}
