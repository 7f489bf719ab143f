/// The dictionary exchanged with the counterpart device.
///
/// Values must be property-list values (`String`, numbers, `Bool`, `Data`, `Date`, and arrays or
/// `[String: …]` dictionaries of those). Anything else is rejected with
/// ``ConnectivityError/payloadUnsupportedTypes(_:)`` before it reaches the session.
public typealias ConnectivityMessage = [String: any Sendable]
