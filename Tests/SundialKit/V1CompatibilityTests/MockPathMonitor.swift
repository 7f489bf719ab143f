import Foundation
import SundialKit

// A monitor shared across threads by these tests, so it guards its state with a lock (1.0-style plain classes also
// conform: see SundialKitV1SourceCompatibilityTests).
@available(OS2022, *)
internal final class MockPathMonitor: PathMonitor, @unchecked Sendable {
    internal typealias PathType = MockPath

    private let lock = NSLock()
    internal let id: UUID
    private var pathUpdate: (@Sendable (MockPath) -> Void)?
    private var label: String?
    private var cancelled = false

    internal init(id: UUID) {
        self.id = id
    }

    internal var dispatchQueueLabel: String? { lock.withLock { label } }
    internal var isCancelled: Bool { lock.withLock { cancelled } }

    internal func onPathUpdate(_ handler: @escaping @Sendable (MockPath) -> Void) {
        lock.withLock { pathUpdate = handler }
    }

    internal func start(queue: DispatchQueue) {
        let handler = lock.withLock {
            label = queue.label
            return pathUpdate
        }
        handler?(.init(isConstrained: false, isExpensive: false, pathStatus: .satisfied(.wiredEthernet)))
    }

    internal func cancel() {
        lock.withLock { cancelled = true }
    }

    internal func sendPath(_ path: MockPath) {
        lock.withLock { pathUpdate }?(path)
    }
}
