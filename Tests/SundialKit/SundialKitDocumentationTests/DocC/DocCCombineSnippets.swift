// The SundialKitCombine catalog's code blocks, verbatim (see DocCSnippets.swift).
import SundialKit
import SundialKitCombine

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

@available(OS2022, *)
enum DocCCombineSnippets {
    #if os(Linux)
    // SundialKitCombine: getting started.
    static func network() throws -> AnyCancellable {
        let observer = try NetworkObserver()
        let cancellable = observer.$pathStatus.sink { status in
            print("path status:", status)
        }
        observer.start(queue: .main)
        return cancellable
    }
    #endif

    // Connectivity with Combine.
    static func connectivity() throws -> Set<AnyCancellable> {
        let observer = ConnectivityObserver(messageDecoder: MessageDecoder(messagableTypes: [ColorMessage.self]))
        try observer.activate()

        var cancellables = Set<AnyCancellable>()
        observer.typedMessageReceived
            .compactMap { $0 as? ColorMessage }
            .sink { color in print(color.red) }
            .store(in: &cancellables)
        observer.$isReachable
            .sink { isReachable in print("reachable:", isReachable) }
            .store(in: &cancellables)

        Task {
            let result = try await observer.send(ColorMessage(red: 1, green: 0.5, blue: 0))
            print("Sent via: \(result.context)")
        }
        return cancellables
    }
}
