import HTTPTypes

/// A subscription request the server refuses: the protocol's error code, its status and a message, sent as
/// `{"error":{"code":…,"message":…}}`.
@available(OS2023, *)
struct SubscriptionFailure: Error, Sendable, Equatable {
    /// The protocol's error codes.
    enum Code: String, Sendable {
        case invalidRequest = "INVALID_REQUEST"
        case notFound = "SUBSCRIPTION_NOT_FOUND"
        case alreadyExists = "SUBSCRIPTION_ALREADY_EXISTS"
        case webhookURLRejected = "WEBHOOK_URL_REJECTED"
        case tokenInvalid = "TOKEN_INVALID"
        case fenced = "FENCED"
        case alreadyClaimed = "ALREADY_CLAIMED"
        case noPendingWork = "NO_PENDING_WORK"
        case invalidOffset = "INVALID_OFFSET"
        /// The store could not keep the change; nothing was changed.
        case storageUnavailable = "STORAGE_UNAVAILABLE"
        /// The server's store cannot keep subscriptions (a custom store that is not a `StreamCatalog`).
        case notSupported = "NOT_SUPPORTED"

        var status: HTTPResponse.Status {
            switch self {
            case .invalidRequest, .webhookURLRejected: .badRequest
            case .notFound: .notFound
            case .tokenInvalid: .unauthorized
            case .alreadyExists, .fenced, .alreadyClaimed, .noPendingWork, .invalidOffset: .conflict
            case .storageUnavailable: .serviceUnavailable
            case .notSupported: .notImplemented
            }
        }
    }

    var code: Code
    var message: String
    /// For ``Code/alreadyClaimed``: the worker holding the lease, and the generation.
    var holder: String?
    var generation: Int?

    init(_ code: Code, _ message: String, holder: String? = nil, generation: Int? = nil) {
        self.code = code
        self.message = message
        self.holder = holder
        self.generation = generation
    }

    static let notFound = SubscriptionFailure(.notFound, "Subscription not found")
    static let fenced = SubscriptionFailure(.fenced, "Wake generation is stale")
}
