import Foundation
import SundialKit

@available(OS2022, *)
internal final class MockNetworkPing: NetworkPing {
    internal struct StatusType {}
    internal let id: UUID
    internal let timeInterval: TimeInterval

    internal init(id: UUID, timeInterval: TimeInterval) {
        self.id = id
        self.timeInterval = timeInterval
    }

    internal func shouldPing(onStatus _: PathStatus) -> Bool {
        true
    }

    internal func onPing(_ closure: @escaping (StatusType) -> Void) {
        closure(.init())
    }
}
