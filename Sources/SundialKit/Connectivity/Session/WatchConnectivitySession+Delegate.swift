#if canImport(WatchConnectivity)
public import Foundation
public import WatchConnectivity

extension WatchConnectivitySession: WCSessionDelegate {
    /// Forwards the activation outcome.
    public func session(
        _ session: WCSession,
        activationDidCompleteWith activationState: WCSessionActivationState,
        error: (any Error)?
    ) {
        delegate?.session(
            self,
            activationDidCompleteWith: ActivationState(rawValue: activationState.rawValue) ?? .notActivated,
            error: error.map { ConnectivityError(watchConnectivityError: $0) }
        )
    }

    #if os(iOS)
    /// Forwards the change.
    public func sessionDidBecomeInactive(_ session: WCSession) {
        delegate?.sessionDidBecomeInactive(self)
    }

    /// Forwards the change.
    public func sessionDidDeactivate(_ session: WCSession) {
        delegate?.sessionDidDeactivate(self)
    }

    /// Forwards the change.
    public func sessionWatchStateDidChange(_ session: WCSession) {
        delegate?.sessionCompanionStateDidChange(self)
    }
    #else
    /// Forwards the change.
    public func sessionCompanionAppInstalledDidChange(_ session: WCSession) {
        delegate?.sessionCompanionStateDidChange(self)
    }
    #endif

    /// Forwards the change.
    public func sessionReachabilityDidChange(_ session: WCSession) {
        delegate?.sessionReachabilityDidChange(self)
    }

    /// Forwards the message with its reply handler; with no delegate, acknowledges it at once.
    public func session(
        _ session: WCSession,
        didReceiveMessage message: [String: Any],
        replyHandler: @escaping ([String: Any]) -> Void
    ) {
        let reply = UncheckedReply(replyHandler)
        guard let delegate else {
            reply.call([:])
            return
        }
        delegate.session(self, didReceiveMessage: PropertyListValue.sendableDictionary(message)) { response in
            reply.call(response as [String: Any])
        }
    }

    /// Forwards a message sent without a reply handler.
    public func session(_ session: WCSession, didReceiveMessage message: [String: Any]) {
        delegate?.session(self, didReceiveMessage: PropertyListValue.sendableDictionary(message)) { _ in }
    }

    /// Forwards the bytes with their reply handler; with no delegate, acknowledges them at once.
    public func session(
        _ session: WCSession,
        didReceiveMessageData messageData: Data,
        replyHandler: @escaping (Data) -> Void
    ) {
        let reply = UncheckedReply(replyHandler)
        guard let delegate else {
            reply.call(Data())
            return
        }
        delegate.session(self, didReceiveMessageData: messageData) { response in reply.call(response) }
    }

    /// Forwards bytes sent without a reply handler.
    public func session(_ session: WCSession, didReceiveMessageData messageData: Data) {
        delegate?.session(self, didReceiveMessageData: messageData) { _ in }
    }

    /// Forwards the context.
    public func session(_ session: WCSession, didReceiveApplicationContext applicationContext: [String: Any]) {
        delegate?.session(self, didReceiveApplicationContext: PropertyListValue.sendableDictionary(applicationContext))
    }

    /// Forwards the user info.
    public func session(_ session: WCSession, didReceiveUserInfo userInfo: [String: Any]) {
        delegate?.session(self, didReceiveUserInfo: PropertyListValue.sendableDictionary(userInfo))
    }

    /// Forwards the file; WatchConnectivity deletes it when this returns.
    public func session(_ session: WCSession, didReceive file: WCSessionFile) {
        let metadata = file.metadata.map(PropertyListValue.sendableDictionary)
        delegate?.session(self, didReceiveFile: ConnectivityFile(fileURL: file.fileURL, metadata: metadata))
    }

    /// Forwards the outcome.
    public func session(
        _ session: WCSession,
        didFinish userInfoTransfer: WCSessionUserInfoTransfer,
        error: (any Error)?
    ) {
        delegate?.session(
            self,
            didFinishUserInfoTransfer: PropertyListValue.sendableDictionary(userInfoTransfer.userInfo),
            error: error.map { ConnectivityError(watchConnectivityError: $0) }
        )
    }

    /// Forwards the outcome.
    public func session(_ session: WCSession, didFinish fileTransfer: WCSessionFileTransfer, error: (any Error)?) {
        delegate?.session(
            self,
            didFinishFileTransfer: fileTransfer.file.fileURL,
            error: error.map { ConnectivityError(watchConnectivityError: $0) }
        )
    }
}
#endif
