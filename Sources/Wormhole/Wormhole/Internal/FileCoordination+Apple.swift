#if canImport(Darwin)
import Foundation

/// `NSFileCoordinator` around one access, as MMWormhole's coordinated strategy does (Apple platforms only).
@available(OS2021, *)
extension FileCoordination {
    /// Runs `body` inside a coordinated write or read of `path`.
    func coordinate<Result>(
        writing: Bool,
        path: String,
        _ body: () throws(WormholeError) -> Result
    ) throws(WormholeError) -> Result {
        let url = URL(fileURLWithPath: path)
        let coordinator = NSFileCoordinator(filePresenter: nil)
        var coordinationError: NSError?
        var outcome: Swift.Result<Result, WormholeError>?
        // The accessor runs synchronously, before `coordinate` returns, unless coordination fails.
        if writing {
            coordinator.coordinate(writingItemAt: url, options: [], error: &coordinationError) { _ in
                outcome = Swift.Result { () throws(WormholeError) in try body() }
            }
        } else {
            coordinator.coordinate(readingItemAt: url, options: [], error: &coordinationError) { _ in
                outcome = Swift.Result { () throws(WormholeError) in try body() }
            }
        }
        if let outcome {
            return try outcome.get()
        }
        throw .fileSystem(
            operation: writing ? "coordinate writing" : "coordinate reading",
            path: path,
            reason: coordinationError?.localizedDescription ?? "the file coordinator did not grant access"
        )
    }
}
#endif
