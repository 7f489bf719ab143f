public import Foundation

/// The claims ClerkKit reads from a session JWT. The signature is not verified: the token is only cached and
/// forwarded, and the backend verifies it.
@available(OS2023, *)
public struct SessionJWT: Sendable, Hashable {
    /// The encoded token.
    public var raw: String
    /// `exp`.
    public var expiresAt: Date
    /// `iat`.
    public var issuedAt: Date?
    /// The header's `oiat` ("origin issued at"), when the session minter issued the token.
    public var originIssuedAt: Date?
    /// `sid`: the session.
    public var sessionId: String?
    /// `org_id`, or `o.id` in version 2 tokens: the active organization.
    public var organizationId: String?
    /// `sub`: the user.
    public var subject: String?

    /// Reads `raw`; throws ``ClerkError/Code/invalidToken`` when it is not a JWT with an `exp` claim.
    public init(_ raw: String) throws(ClerkError) {
        let parts = raw.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
            let headerData = Base64URL.decode(String(parts[0])),
            let payloadData = Base64URL.decode(String(parts[1])),
            case .object(let header)? = try? JSONDecoder().decode(JSONValue.self, from: headerData),
            case .object(let claims)? = try? JSONDecoder().decode(JSONValue.self, from: payloadData),
            case .number(let exp)? = claims["exp"]
        else {
            throw ClerkError(.invalidToken, "The session token is not a readable JWT.")
        }
        self.raw = raw
        expiresAt = Date(timeIntervalSince1970: exp)
        if case .number(let iat)? = claims["iat"] { issuedAt = Date(timeIntervalSince1970: iat) }
        if case .number(let oiat)? = header["oiat"] { originIssuedAt = Date(timeIntervalSince1970: oiat) }
        if case .string(let sid)? = claims["sid"] { sessionId = sid }
        if case .string(let sub)? = claims["sub"] { subject = sub }
        if case .string(let org)? = claims["org_id"] {
            organizationId = org
        } else if case .object(let org)? = claims["o"], case .string(let id)? = org["id"] {
            organizationId = id
        }
    }
}
