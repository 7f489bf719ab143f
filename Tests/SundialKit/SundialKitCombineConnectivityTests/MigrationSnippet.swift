// The Swift block of Sources/SundialKit/MIGRATION.md, word for word (scripts/readme-snippets checks it), compiled
// with the 1.0 README's `Message`.
import SundialKit
import SundialKitCombine

@available(OS2019, *)
func migratedSend(_ observer: ConnectivityObserver) async throws {
    // 1.x
    observer.sendingMessageSubject.send(Message(text: "hi").message())

    // 2.x: typed, awaited (after the activation), with the reply decoded
    let reply = try await observer.send(Message(text: "hi"), expecting: Message.self)
    print(reply.text)
}
