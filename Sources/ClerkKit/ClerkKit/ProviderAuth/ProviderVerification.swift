import Foundation

/// The pure decisions of a provider flow: whether the browser came back to the flow's redirect URL, and what a
/// provider verification asks for next.
@available(OS2023, *)
enum ProviderVerification {
    /// What the flow does after reloading the sign-in or sign-up.
    enum Next: Equatable {
        /// Nothing more: return the sign-in or sign-up as it is.
        case done
        /// The account must finish in the other flow (`transfer=1`).
        case transfer
        /// The provider step failed with this error.
        case fail(ClerkAPIError?)
    }

    /// The decision for `verification`, given whether the caller allows a transfer.
    static func next(_ verification: Verification?, transferable: Bool) -> Next {
        switch verification?.status {
        case .transferable?: transferable ? .transfer : .done
        case .failed?, .expired?: .fail(verification?.error)
        default: verification?.error.map { .fail($0) } ?? .done
        }
    }

    /// The `rotating_token_nonce` of `callback` (decoded once), after checking that it comes back to
    /// `redirectURL` (same scheme, host, port and path) and carries no error.
    static func nonce(in callback: URL, redirectURL: URL) throws(ClerkError) -> String? {
        guard let got = URLComponents(url: callback, resolvingAgainstBaseURL: false),
            let want = URLComponents(url: redirectURL, resolvingAgainstBaseURL: false),
            got.scheme?.lowercased() == want.scheme?.lowercased(), got.host?.lowercased() == want.host?.lowercased(),
            got.port == want.port, trimmed(got.path) == trimmed(want.path)
        else {
            throw ClerkError(.invalidCallback, "The browser came back to a URL that is not the flow's redirect URL.")
        }
        let items = got.queryItems ?? []
        if let error = items.first(where: { $0.name == "error" })?.value {
            throw ClerkError(.invalidCallback, "The provider step ended with an error (\(error)).")
        }
        return items.first { $0.name == "rotating_token_nonce" }?.value.flatMap { $0.isEmpty ? nil : $0 }
    }

    private static func trimmed(_ path: String) -> String {
        path.hasSuffix("/") ? String(path.dropLast()) : path
    }
}
