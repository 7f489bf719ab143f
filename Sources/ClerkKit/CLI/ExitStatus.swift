import ArgumentParser
import ClerkKit

/// The command's exit codes (sysexits.h values), one per kind of failure, as documented in `clerk --help`.
@available(OS2023, *)
enum ExitStatus {
    static let invalidResponse: Int32 = 65  // EX_DATAERR
    static let unavailable: Int32 = 69  // EX_UNAVAILABLE
    static let temporaryFailure: Int32 = 75  // EX_TEMPFAIL
    static let refused: Int32 = 77  // EX_NOPERM
    static let configuration: Int32 = 78  // EX_CONFIG
    static let other: Int32 = 1

    /// The exit code for an error from ClerkKit.
    static func code(for error: ClerkError) -> Int32 {
        switch error.code {
        case .transport: return unavailable
        case .invalidResponse, .decoding: return invalidResponse
        case .invalidPublishableKey, .invalidConfiguration, .storage: return configuration
        case .notSignedIn, .invalidState, .invalidToken: return refused
        case .api:
            let status = error.context.status ?? 400
            // A rate limit and a lockout end on their own: try again later.
            if status == 429 || status >= 500 || error.userLockout != nil { return temporaryFailure }
            return refused
        default: return other
        }
    }
}
