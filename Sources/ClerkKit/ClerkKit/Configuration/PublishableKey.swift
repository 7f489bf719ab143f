import Foundation

/// Decodes a publishable key into the Frontend API URL and instance type.
///
/// `pk_test_` / `pk_live_` followed by the base64url encoding of `<fapi-host>$`.
@available(OS2023, *)
enum PublishableKey {
    struct Decoded: Equatable {
        var frontendAPIURL: URL
        var instanceType: InstanceType
    }

    static func decode(_ key: String) throws(ClerkError) -> Decoded {
        let trimmed = key.trimmingCharacters(in: .whitespacesAndNewlines)
        let instanceType: InstanceType
        if trimmed.hasPrefix("pk_test_") {
            instanceType = .development
        } else if trimmed.hasPrefix("pk_live_") {
            instanceType = .production
        } else {
            throw invalid("The publishable key must start with pk_test_ or pk_live_.")
        }
        let encoded = String(trimmed.dropFirst("pk_test_".count))
        guard let data = Base64URL.decode(encoded), let decoded = String(data: data, encoding: .utf8) else {
            throw invalid("The publishable key is not valid base64url.")
        }
        guard decoded.hasSuffix("$") else {
            throw invalid("The publishable key does not end with the `$` terminator.")
        }
        let host = String(decoded.dropLast())
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: ".-:"))
        guard !host.isEmpty, host.unicodeScalars.allSatisfy(allowed.contains),
            let url = URL(string: "https://\(host)"), url.host != nil
        else {
            throw invalid("The publishable key does not name a Frontend API host.")
        }
        return Decoded(frontendAPIURL: url, instanceType: instanceType)
    }

    private static func invalid(_ message: String) -> ClerkError {
        ClerkError(.invalidPublishableKey, message)
    }
}
