public import Foundation

extension ConnectivityManager {
    /// Records the outcome and settles any ``activate(timeout:)`` waiting for it.
    public func session(
        _ session: any ConnectivityManagedSession,
        activationDidCompleteWith activationState: ActivationState,
        error: ConnectivityError?
    ) {
        refreshState()
        relay.send(.activationCompleted(activationState, error))
        let outcome: Result<Void, ConnectivityError> =
            if let error {
                .failure(error)
            } else if activationState == .activated {
                .success(())
            } else {
                .failure(.sessionNotActivated)
            }
        finishActivation(nil, with: outcome)
    }

    /// Records the change.
    public func sessionDidBecomeInactive(_ session: any ConnectivityManagedSession) {
        refreshState()
    }

    /// Records the change, then activates the session again when ``reactivatesAfterDeactivation(of:)`` says so
    /// (on iPhone, after the user switched watches, as Apple documents for `sessionDidDeactivate`).
    public func sessionDidDeactivate(_ session: any ConnectivityManagedSession) {
        refreshState()
        if Self.reactivatesAfterDeactivation(of: session) {
            _ = beginActivation(timeoutNanoseconds: Self.defaultActivationTimeoutNanoseconds)
        }
    }

    /// Whether a deactivated session is activated again at once: yes, except a SundialKit 1.x session of your
    /// own (through `ConnectivitySessionAdapter`), which keeps 1.x's behaviour (the app activates it).
    package static func reactivatesAfterDeactivation(of session: any ConnectivityManagedSession) -> Bool {
        !(session is ConnectivitySessionAdapter)
    }

    /// Records the change, then reports the call (`ConnectivityEvent.companionStateReported`).
    public func sessionCompanionStateDidChange(_ session: any ConnectivityManagedSession) {
        refreshState()
        relay.send(.companionStateReported(state))
    }

    /// Records the change, then reports the call (`ConnectivityEvent.reachabilityReported`).
    public func sessionReachabilityDidChange(_ session: any ConnectivityManagedSession) {
        refreshState()
        relay.send(.reachabilityReported(state))
    }

    /// Hands the message on with a ``ConnectivityReply``.
    public func session(
        _ session: any ConnectivityManagedSession,
        didReceiveMessage message: ConnectivityMessage,
        replyHandler: @escaping @Sendable (ConnectivityMessage) -> Void
    ) {
        let reply = ConnectivityReply(dictionaryReply: replyHandler)
        let received = ConnectivityReceiveResult(
            message: message,
            context: .replyWith { response in try? reply.send(response) },
            transport: .message,
            reply: reply
        )
        relay.send(.messageReceived(received))
    }

    /// Hands the bytes on with a ``ConnectivityReply``.
    public func session(
        _ session: any ConnectivityManagedSession,
        didReceiveMessageData messageData: Data,
        replyHandler: @escaping @Sendable (Data) -> Void
    ) {
        let reply = ConnectivityReply(dataReply: replyHandler)
        let received = ConnectivityReceiveResult(
            message: [:],
            context: .replyWith { response in try? reply.send(response) },
            transport: .data,
            data: messageData,
            reply: reply
        )
        relay.send(.messageReceived(received))
    }

    /// Hands the context on.
    public func session(
        _ session: any ConnectivityManagedSession,
        didReceiveApplicationContext applicationContext: ConnectivityMessage
    ) {
        let received = ConnectivityReceiveResult(
            message: applicationContext,
            context: .applicationContext,
            transport: .applicationContext
        )
        relay.send(.messageReceived(received))
    }

    /// Hands the user info on.
    public func session(_ session: any ConnectivityManagedSession, didReceiveUserInfo userInfo: ConnectivityMessage) {
        let received = ConnectivityReceiveResult(message: userInfo, context: .applicationContext, transport: .userInfo)
        relay.send(.messageReceived(received))
    }

    /// Moves the file into ``fileInbox`` (the session deletes the original on return), then hands it on.
    public func session(_ session: any ConnectivityManagedSession, didReceiveFile file: ConnectivityFile) {
        let manager = FileManager.default
        let destination = fileInbox.appendingPathComponent(
            "\(UUID().uuidString)-\(file.fileURL.lastPathComponent)",
            isDirectory: false
        )
        do {
            try manager.createDirectory(at: fileInbox, withIntermediateDirectories: true)
            try manager.moveItem(at: file.fileURL, to: destination)
        } catch {
            relay.send(.receiveFailed(.fileNotAccessible))
            return
        }
        relay.send(.fileReceived(ConnectivityFile(fileURL: destination, metadata: file.metadata)))
    }

    /// Reports the finished transfer.
    public func session(
        _ session: any ConnectivityManagedSession,
        didFinishUserInfoTransfer userInfo: ConnectivityMessage,
        error: ConnectivityError?
    ) {
        relay.send(.transferFinished(.userInfo, error))
    }

    /// Reports the finished transfer.
    public func session(
        _ session: any ConnectivityManagedSession, didFinishFileTransfer file: URL, error: ConnectivityError?
    ) {
        relay.send(.transferFinished(.file, error))
    }
}
