// A README example, compiled and run by ReadmeTests.

// snippet: listening
import Wormhole

@MainActor
@available(OS2022, *)
final class CounterModel {
    private(set) var count = 0
    var onChange: ((Int) -> Void)?  // e.g. to refresh a view
    private var token: ListenerToken?

    func start(_ wormhole: Wormhole) async throws {
        // The handler runs on the main actor because it is marked @MainActor; any isolation works.
        token = try await wormhole.listen(for: "counter", as: CounterUpdate.self) { @MainActor [weak self] delivery in
            if let update = delivery.message {
                self?.count = update.count
                self?.onChange?(update.count)
            }
        }
    }

    func stop(_ wormhole: Wormhole) {
        if let token {
            wormhole.stopListening(token)
        }
    }
}
// end-snippet
