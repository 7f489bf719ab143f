import Foundation

/// What the `Authorization` response header does to the stored device token. Pure.
@available(OS2023, *)
enum DeviceTokenUpdate: Sendable, Equatable {
    /// The header was absent: keep the token.
    case keep
    /// A new token, stored verbatim.
    case set(String)
    /// The header was empty or exactly `Bearer`: wipe the identity.
    case clear

    init(authorizationHeader value: String?) {
        guard let value else {
            self = .keep
            return
        }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        self = trimmed.isEmpty || trimmed == "Bearer" ? .clear : .set(value)
    }
}

/// Where a response stands among the responses that carried a client: the server's `Date`, then the order
/// requests were sent in.
@available(OS2023, *)
struct ResponseOrder: Sendable, Equatable, Codable {
    /// The response's `Date` header, if it had a readable one.
    var serverDate: Date?
    /// The request's place in this process's send order.
    var sequence: UInt64

    /// Whether a client from a response at `self` may replace one held from a response at `held`.
    ///
    /// A later server date wins; an earlier one loses. With equal dates (they have one-second resolution) or a
    /// date missing on either side, the request sent later wins.
    func supersedes(_ held: ResponseOrder?) -> Bool {
        guard let held else { return true }
        if let mine = serverDate, let theirs = held.serverDate, mine != theirs {
            return mine > theirs
        }
        return sequence > held.sequence
    }
}

/// What a response says about the client. Pure.
@available(OS2023, *)
enum ClientUpdate: Sendable, Equatable {
    /// The response carried no client: leave it.
    case none
    /// `GET /v1/client` answered `response: null`: keep what is held (not a sign-out).
    case preserve
    /// A client snapshot to apply if it is not older than the one held.
    case replace(Client)

    /// Reads `{response, client}`, `meta.client` or a bare client from a decoded body.
    static func from(envelope: ResponseEnvelope, isClientEndpoint: Bool) -> ClientUpdate {
        if let client = envelope.responseClient { return .replace(client) }
        if isClientEndpoint && envelope.responseIsNull { return .preserve }
        if let client = envelope.client ?? envelope.metaClient ?? envelope.bareClient { return .replace(client) }
        return .none
    }
}
