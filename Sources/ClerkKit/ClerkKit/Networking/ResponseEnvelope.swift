import Foundation

/// What a Frontend API body says about the client and errors, read once per response.
///
/// Handles `{response, client}`, `{errors, clerk_trace_id, meta: {client}}`, a bare client, and bodies that
/// carry neither (a bare environment, token or list).
@available(OS2023, *)
struct ResponseEnvelope: Decodable, Sendable {
    var responseObject: String?
    var responseIsNull = false
    var responseClient: Client?
    /// The `response` of a sign-in, sign-up or session, read in the same pass (nil when it does not decode): the
    /// events and the caller take it from here instead of reading the body again.
    var responseResource: (any Sendable)?
    var client: Client?
    var metaClient: Client?
    var bareClient: Client?
    var errors: [ClerkAPIError]?
    var clerkTraceId: String?

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private struct ObjectProbe: Decodable {
        var object: String?
    }

    /// An envelope around a resource read before, from a body that carries no client or error.
    init(resource: any Sendable) {
        responseResource = resource
    }

    init(from decoder: any Decoder) throws {
        defer {
            // The caller's resource, read from the same parse (a failure is reported by the caller's own read).
            if responseResource == nil, errors == nil, let key = ResourceReaderKey.key,
                let reader = decoder.userInfo[key] as? any ResourceReading
            {
                responseResource = try? reader.read(decoder)
            }
        }
        // A bare array (`GET /v1/me/sessions/active`) carries no client.
        guard let container = try? decoder.container(keyedBy: AnyKey.self) else { return }
        let response = AnyKey("response")
        if container.contains(response) {
            if try container.decodeNil(forKey: response) {
                responseIsNull = true
            } else if let probe = try? container.decode(ObjectProbe.self, forKey: response) {
                responseObject = probe.object
                switch probe.object {
                case "client":
                    responseClient = try container.decode(Client.self, forKey: response)
                    responseResource = responseClient
                case "sign_in_attempt": responseResource = try? container.decode(SignIn.self, forKey: response)
                case "sign_up_attempt": responseResource = try? container.decode(SignUp.self, forKey: response)
                case "session": responseResource = try? container.decode(Session.self, forKey: response)
                default: break
                }
            }
        }
        let clientKey = AnyKey("client")
        if container.contains(clientKey), try !container.decodeNil(forKey: clientKey) {
            client = try container.decode(Client.self, forKey: clientKey)
        }
        let meta = AnyKey("meta")
        if container.contains(meta), try !container.decodeNil(forKey: meta),
            let metaContainer = try? container.nestedContainer(keyedBy: AnyKey.self, forKey: meta),
            metaContainer.contains(clientKey), try !metaContainer.decodeNil(forKey: clientKey)
        {
            metaClient = try metaContainer.decode(Client.self, forKey: clientKey)
        }
        if try container.decodeIfPresent(String.self, forKey: AnyKey("object")) == "client" {
            bareClient = try Client(from: decoder)
        }
        errors = try container.decodeIfPresent([ClerkAPIError].self, forKey: AnyKey("errors"))
        clerkTraceId = try container.decodeIfPresent(String.self, forKey: AnyKey("clerk_trace_id"))
    }
}

/// `{"response": T}` — the resource inside an envelope.
@available(OS2023, *)
struct Wrapped<Resource: Decodable>: Decodable {
    var response: Resource
}
