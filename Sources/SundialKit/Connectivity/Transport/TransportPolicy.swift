/// The one routing policy: which transport a send uses, given the session's state.
///
/// - Counterpart reachable: a live `.message` (or `.data` for a ``BinaryMessagable``), which returns
///   the counterpart's reply.
/// - Not reachable: `.applicationContext` (only the latest state is delivered, when the counterpart next
///   runs), or, with ``SendOptions/guaranteedDelivery``, a `.userInfo` transfer (every message, in order).
/// - An explicit ``SendOptions/transport`` is used as given, and fails if it cannot be used now.
///
/// Nothing can be sent before activation (``ConnectivityManager`` holds sends made while an activation is in
/// progress until it ends), and queued transports need a paired device with the
/// counterpart app installed.
public enum TransportPolicy {
    /// What kind of payload is being sent.
    public enum Payload: Sendable, Hashable {
        /// A dictionary (a raw `ConnectivityMessage` or a ``Messagable``).
        case dictionary
        /// A ``BinaryMessagable``, which can travel as bytes or inside a dictionary.
        case binary
    }

    /// Chooses the transport for a send.
    /// - Parameters:
    ///   - payload: The kind of payload.
    ///   - options: The caller's options.
    ///   - state: The session's current state.
    /// - Returns: The transport to use.
    /// - Throws: `ConnectivityError` saying why nothing can be sent now.
    public static func transport(
        for payload: Payload,
        options: SendOptions,
        state: ConnectivityState
    ) throws(ConnectivityError) -> MessageTransport {
        switch state.activationState {
        case .activated: break
        case .inactive: throw .sessionInactive
        case .notActivated: throw .sessionNotActivated
        }
        if let transport = options.transport {
            try check(transport, for: payload, state: state)
            return transport
        }
        if state.isReachable {
            return payload == .binary && !options.forceDictionary ? .data : .message
        }
        try requireCounterpart(state)
        return options.guaranteedDelivery ? .userInfo : .applicationContext
    }

    private static func check(
        _ transport: MessageTransport,
        for payload: Payload,
        state: ConnectivityState
    ) throws(ConnectivityError) {
        switch transport {
        case .message:
            guard state.isReachable else { throw .notReachable }
        case .data:
            guard payload == .binary else {
                throw .invalidParameter("only a BinaryMessagable can be sent over .data")
            }
            guard state.isReachable else { throw .notReachable }
        case .applicationContext, .userInfo, .currentUserInfo:
            try requireCounterpart(state)
        case .file:
            throw .invalidParameter("files are sent with transferFile(_:metadata:)")
        }
    }

    private static func requireCounterpart(_ state: ConnectivityState) throws(ConnectivityError) {
        guard state.isPaired else { throw .deviceNotPaired }
        guard state.isPairedAppInstalled else { throw .companionAppNotInstalled }
    }
}
