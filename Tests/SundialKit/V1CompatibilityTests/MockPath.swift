// Test doubles in the style of SundialKit 1.0's own tests, compiled against 2.0.
import Foundation
import SundialKit

@available(OS2022, *)
internal struct MockPath: NetworkPath {
    internal let isConstrained: Bool
    internal let isExpensive: Bool
    internal let pathStatus: PathStatus

    internal init(isConstrained: Bool = false, isExpensive: Bool = false, pathStatus: PathStatus = .unknown) {
        self.isConstrained = isConstrained
        self.isExpensive = isExpensive
        self.pathStatus = pathStatus
    }
}
