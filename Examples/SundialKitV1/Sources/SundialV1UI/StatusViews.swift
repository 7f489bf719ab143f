#if canImport(SwiftUI)
import SundialKit
import SundialKitCombine
import SundialV1Shared
import SwiftUI

/// The iPhone app's screen, as a SundialKit 1.x app wrote it: reachability, the last message, and a button.
public struct PhoneStatusView: View {
    @StateObject private var object = WatchConnectivityObject()

    /// Creates the screen.
    public init() {}

    /// Reachability, the Watch's last message, and a button that sends one.
    public var body: some View {
        VStack(spacing: 12) {
            Text(object.isReachable ? "Reachable" : "Not reachable")
            Text(object.lastReceivedMessage)
            Button("Say hello") {
                object.sendMessage("Hello from the iPhone at \(Date())")
            }
        }
        .onAppear(perform: object.activate)
    }
}

/// The Watch app's screen: the iPhone's last message, and a button that answers.
public struct WatchStatusView: View {
    @StateObject private var object = WatchConnectivityObject()

    /// Creates the screen.
    public init() {}

    /// The iPhone's last message and a button that answers it.
    public var body: some View {
        VStack {
            Text(object.lastReceivedMessage)
            Button("Answer") {
                object.sendMessage("Hello back from the Watch")
            }
        }
        .onAppear(perform: object.activate)
    }
}

/// The network screen of SundialKit 1.x's README: the path status, watched while the view is shown.
public struct NetworkStatusView: View {
    @StateObject private var object = NetworkConnectivityObject(observer: NetworkObserver())

    /// Creates the screen.
    public init() {}

    /// The current path status.
    public var body: some View {
        Text("\(String(describing: object.pathStatus))")
            .onAppear(perform: object.start)
    }
}
#endif
