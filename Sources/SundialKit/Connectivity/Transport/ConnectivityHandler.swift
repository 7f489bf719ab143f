/// A closure that sends a reply dictionary back to the sender of a message.
public typealias ConnectivityHandler = @Sendable (ConnectivityMessage) -> Void
