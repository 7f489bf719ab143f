// The Swift block of the storage DocC catalog, word for word (scripts/readme-snippets checks it), compiled here.
import DurableStreamsStorage

@available(OS2023, *)
enum StorageDocCSnippets {
    static func gettingStarted() async throws {
        let store = try await FileStreamStorage.open(at: "/tmp/streams")
        let path = try StreamPath(validating: "/orders")
        _ = try await store.create(path, CreateRequest(configuration: StreamConfiguration(contentType: "text/plain")))
        _ = try await store.append(path, AppendRequest(payload: Array("hello".utf8), contentType: "text/plain"))
        let read = try await store.read(path, from: .beginning, maxBytes: 1 << 20)
        print(String(decoding: read.payload, as: UTF8.self), read.next)

        // A fork of /orders at its tail: it reads "hello", then its own appends.
        let replay = try StreamPath(validating: "/orders-replay")
        let fork = ForkRequest(source: path, inheritsContentType: true)
        let configuration = StreamConfiguration(contentType: "text/plain")
        _ = try await store.create(replay, CreateRequest(configuration: configuration, fork: fork))
        await store.shutdown()
    }
}
