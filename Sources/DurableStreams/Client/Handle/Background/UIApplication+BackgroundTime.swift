#if os(iOS) && canImport(UIKit)
internal import UIKit

/// Background time from `UIApplication.shared`, which app extensions do not have.
@available(iOSApplicationExtension, unavailable)
struct ApplicationBackgroundTime: BackgroundTimeProvider {
    @MainActor func begin(name: String, expiration: @escaping @MainActor @Sendable () -> Void) -> Int? {
        let identifier = UIApplication.shared.beginBackgroundTask(withName: name) { expiration() }
        return identifier == .invalid ? nil : identifier.rawValue
    }

    @MainActor func end(_ identifier: Int) {
        UIApplication.shared.endBackgroundTask(UIBackgroundTaskIdentifier(rawValue: identifier))
    }
}
#endif
