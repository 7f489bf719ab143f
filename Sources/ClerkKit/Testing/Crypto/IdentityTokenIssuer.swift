import Crypto
import Foundation

/// The emulated Apple and Google identity providers' signing key: issues OpenID Connect ID tokens (ES256 JWTs)
/// and checks the ones apps send back with `strategy=oauth_token_<provider>`.
@available(OS2023, *)
struct IdentityTokenIssuer: Sendable {
    /// The `iss` claim each provider's tokens carry.
    static let issuers = ["apple": "https://appleid.apple.com", "google": "https://accounts.google.com"]

    let keyId = IDs.make("idp")
    private let key = P256.Signing.PrivateKey()

    /// A signed ID token for `identity`, valid for `lifetime` milliseconds from `now`.
    func issue(
        _ identity: ProviderIdentity, audience: String, nonce: String?, now: Millis, lifetime: Millis = 600_000
    ) throws -> String {
        var claims: [(String, JSON)] = [
            ("iss", .string(Self.issuers[identity.provider] ?? "https://\(identity.provider).example")),
            ("aud", .string(audience)), ("sub", .string(identity.providerUserId)),
            ("email", .string(identity.emailAddress)), ("email_verified", true),
            ("iat", .int(now / 1000)), ("exp", .int((now + lifetime) / 1000)),
        ]
        if let nonce { claims.append(("nonce", .string(nonce))) }
        if let first = identity.firstName { claims.append(("given_name", .string(first))) }
        if let last = identity.lastName { claims.append(("family_name", .string(last))) }
        let header: JSON = ["alg": "ES256", "kid": .string(keyId), "typ": "JWT"]
        let input = Base64URL.encode(header.serialized) + "." + Base64URL.encode(JSON.object(claims).serialized)
        let signature = try key.signature(for: Data(input.utf8))
        return input + "." + Base64URL.encode(signature.rawRepresentation)
    }

    /// The account a token from `provider` proves, or why it does not: a bad signature, another issuer or key,
    /// an audience not in `audiences`, or an expired token.
    func verify(_ token: String, provider: String, audiences: Set<String>, now: Millis) -> Result<
        ProviderIdentity, FAPIError
    > {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let headerData = Base64URL.decode(parts[0]),
            let claimsData = Base64URL.decode(parts[1]), let signatureData = Base64URL.decode(parts[2]),
            let header = JSON.parseObject(String(decoding: headerData, as: UTF8.self)),
            let claims = JSON.parseObject(String(decoding: claimsData, as: UTF8.self))
        else { return .failure(Self.invalid("it is not a JWT")) }
        guard header["alg"]?.stringValue == "ES256", header["kid"]?.stringValue == keyId,
            let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signatureData),
            key.publicKey.isValidSignature(signature, for: Data((parts[0] + "." + parts[1]).utf8))
        else { return .failure(Self.invalid("its signature does not verify")) }
        guard let issuer = Self.issuers[provider], claims["iss"]?.stringValue == issuer else {
            return .failure(Self.invalid("it was not issued by \(provider)"))
        }
        guard let audience = claims["aud"]?.stringValue, audiences.contains(audience) else {
            return .failure(Self.invalid("its audience is not this application"))
        }
        guard case .int(let expiry)? = claims["exp"], expiry * 1000 > now else {
            return .failure(Self.invalid("it has expired"))
        }
        guard let subject = claims["sub"]?.stringValue, !subject.isEmpty,
            let email = claims["email"]?.stringValue, !email.isEmpty
        else { return .failure(Self.invalid("it names no account")) }
        return .success(
            ProviderIdentity(
                provider: provider, providerUserId: subject, emailAddress: email,
                firstName: claims["given_name"]?.stringValue, lastName: claims["family_name"]?.stringValue))
    }

    private static func invalid(_ reason: String) -> FAPIError {
        FAPIError(
            status: 422, code: "form_param_format_invalid", message: "is invalid",
            longMessage: "The ID token is invalid: \(reason).", paramName: "token")
    }
}
