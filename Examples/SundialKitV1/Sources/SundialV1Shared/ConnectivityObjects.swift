import Foundation
import SundialKit
import SundialKitCombine

#if canImport(Combine)
import Combine
#else
import OpenCombine
import OpenCombineDispatch
#endif

/// The network object of SundialKit 1.x's README: the observer's path status, assigned to a `@Published` property.
public final class NetworkConnectivityObject<Monitor: PathMonitor>: ObservableObject {
    /// Our NetworkObserver.
    public let connectivityObserver: NetworkObserver<Monitor, NeverPing>

    /// Our published property for pathStatus, initially set to `.unknown`.
    @Published public var pathStatus: PathStatus = .unknown

    /// Follows `observer`'s path status.
    public init(observer: NetworkObserver<Monitor, NeverPing>) {
        connectivityObserver = observer
        // set the pathStatus changes to our published property
        connectivityObserver
            .pathStatusPublisher
            .receive(on: DispatchQueue.main)
            .assign(to: &self.$pathStatus)
    }

    /// Starts listening.
    public func start() {
        self.connectivityObserver.start(queue: .global())
    }
}

/// The watch object of SundialKit 1.x's README: reachability, the last message received, and sending.
public final class WatchConnectivityObject: ObservableObject {
    /// Our ConnectivityObserver.
    public let connectivityObserver: ConnectivityObserver

    // create a `MessageDecoder` which can decode our new `StatusMessage`
    let messageDecoder = MessageDecoder(messagableTypes: [StatusMessage.self])

    /// Our published property for isReachable, initially set to false.
    @Published public var isReachable: Bool = false

    /// Our published property for the last message received.
    @Published public var lastReceivedMessage: String = ""

    /// Follows `observer` (by default, this device's session).
    public init(observer: ConnectivityObserver = ConnectivityObserver()) {
        connectivityObserver = observer
        // set the isReachable changes to our published property
        connectivityObserver
            .isReachablePublisher
            .receive(on: DispatchQueue.main)
            .assign(to: &self.$isReachable)

        // set the lastReceivedMessage to the text of each StatusMessage received
        connectivityObserver
            .messageReceivedPublisher
            .map(\.message)
            .compactMap(messageDecoder.decode)
            .compactMap { ($0 as? StatusMessage)?.text }
            .receive(on: DispatchQueue.main)
            .assign(to: &self.$lastReceivedMessage)
    }

    /// Sends a `StatusMessage` with `text` to the counterpart.
    public func sendMessage(_ text: String) {
        // create a dictionary from the message
        let message = StatusMessage(text: text).message()
        // send the message to the counterpart
        connectivityObserver.sendingMessageSubject.send(message)
    }

    /// Activates the session.
    public func activate() {
        // activate the session
        try? connectivityObserver.activate()
    }
}
