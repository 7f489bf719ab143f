import Foundation

/// Removes secrets from anything ClerkKit logs: form fields, query items and headers.
///
/// A field is secret when its name is one of ``secretNames`` or contains `password`, `token`, `code`, `secret`,
/// `signature` or `ticket`. Secrets are replaced by `<redacted>` before a log line is built.
@available(OS2023, *)
enum Redaction {
    static let placeholder = "<redacted>"

    static let secretNames: Set<String> = [
        "authorization", "password", "new_password", "current_password", "code", "token", "jwt", "ticket",
        "code_verifier", "code_challenge", "rotating_token_nonce", "approval_token", "client_data", "signature",
        "public_key_credential", "x-clerk-client-id",
    ]
    private static let secretFragments = ["password", "token", "code", "secret", "signature", "ticket", "nonce"]

    /// Whether a field, header or query name carries a secret.
    static func isSecret(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return secretNames.contains(lowered) || secretFragments.contains { lowered.contains($0) }
    }

    /// `name=value` pairs with secret values replaced.
    static func describe(_ fields: [(String, String?)]) -> String {
        fields.map { name, value in
            guard let value else { return name }
            return "\(name)=\(isSecret(name) ? placeholder : value)"
        }.joined(separator: "&")
    }

    /// A URL's path and redacted query.
    static func describe(_ url: URL) -> String {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "<url>" }
        let query = (components.queryItems ?? []).map { ($0.name, $0.value) }
        let path = components.percentEncodedPath
        return query.isEmpty ? path : "\(path)?\(describe(query))"
    }

    /// Header names and redacted values.
    static func describe(_ headers: ClerkHTTPHeaders) -> String {
        headers.fields.map { "\($0.name): \(isSecret($0.name) ? placeholder : $0.value)" }.joined(separator: ", ")
    }
}
