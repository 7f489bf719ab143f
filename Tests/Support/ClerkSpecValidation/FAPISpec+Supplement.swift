import Yams

/// What clerk-ios 1.4.1 sends that the 2026-05-12 description leaves out, merged into the description when it
/// loads so requests and responses of these flows are checked as strictly as the rest:
///
/// - `POST /v1/client/magic_links/complete` (`flow_id`, `approval_token`, `code_verifier`): completes an email
///   link started with PKCE; answers with a sign-up or `{ticket}` for a sign-in.
/// - `code_challenge` and `code_challenge_method` on `prepare_first_factor`: the PKCE challenge of an
///   `email_link` sign-in.
/// - `flow_id` and `approval_token` on `GET /v1/verify`: the emailed link of such a sign-in carries them.
/// - `rotating_token_nonce` on `GET /v1/client/sign_ins/{id}` and `GET /v1/client/sign_ups/{id}`: the reload
///   after an OAuth callback (clerk-ios sends it; the description leaves it out).
/// - Hosted sign-in, which the description lists without operations: `POST /v1/client/hosted_auth`
///   (`redirect_url`, `code_challenge`, `state`, `mode`) answering `{object: hosted_auth, url}`, and its redemption
///   on `POST /v1/client` (`_method=GET`, `rotating_token_nonce`, `code_verifier`).
/// - `locale` on `Client.SignIn` (and its copy `Client.SignIn-2`), `Client.SignUp` and `Client.User`, and
///   `bypass_client_trust` on `Client.User`: recorded responses of the real service carry them; the description
///   lags.
/// - Trusted devices under their newer name (clerk-ios after 1.4.1): each `/v1/me/trusted_devices…` and
///   `/v1/client/trusted_devices/validate` operation again at `…/biometric_credentials…`; bodies, strategy and
///   settings keep their `trusted_device` names.
/// - A passkey as a second factor (clerk-ios after 1.4.1): `strategy=passkey` on a sign-in's and a session
///   reverification's `prepare_second_factor` and `attempt_second_factor` (with `public_key_credential`), and the
///   passkey verification in their `second_factor_verification`.
/// - A trusted device (biometric credential) as a reverification first factor: `strategy=trusted_device` on
///   `verify/prepare_first_factor` (`trusted_device_id`) and `verify/attempt_first_factor` (`trusted_device_id`,
///   `client_data`, `signature`, `algorithm`), as on a sign-in; the description already lists its verification.
/// - `enterprise_sso` as a strategy of the SAML verification stub: the description's enum lists only `saml`,
///   while `enterprise_sso` is a first-factor and sign-up strategy everywhere else in it.
///
/// Nothing else is added; every other operation is the description's own.
@available(OS2023, *)
extension FAPISpec {
    static let supplementYAML = """
        paths:
          /v1/client/magic_links/complete:
            post:
              summary: Complete an email link started with PKCE (sent by clerk-ios 1.4.1; not in the description)
              tags: [Sign Ins]
              operationId: completeMagicLink
              requestBody:
                content:
                  application/x-www-form-urlencoded:
                    schema:
                      type: object
                      properties:
                        flow_id: {type: string}
                        approval_token: {type: string}
                        code_verifier: {type: string}
                      required: [flow_id, approval_token, code_verifier]
              responses:
                '200':
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [response]
                        properties:
                          response:
                            oneOf:
                              - type: object
                                required: [ticket]
                                properties:
                                  ticket: {type: string}
                              - $ref: '#/components/schemas/Client.SignUp'
                          client:
                            nullable: true
                '400':
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/ClerkErrors'}
                '404':
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/ClerkErrors'}
                '422':
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/ClerkErrors'}
          /v1/verify:
            get:
              parameters:
                - {in: query, name: flow_id, schema: {type: string}}
                - {in: query, name: approval_token, schema: {type: string}}
          /v1/client/hosted_auth:
            post:
              summary: Start a hosted sign-in (sent by clerk-ios 1.4.1; not in the description)
              tags: [Client]
              operationId: createHostedAuth
              requestBody:
                content:
                  application/x-www-form-urlencoded:
                    schema:
                      type: object
                      additionalProperties: false
                      properties:
                        redirect_url: {type: string}
                        code_challenge: {type: string}
                        state: {type: string}
                        mode: {type: string, enum: [sign-in, sign-up]}
                      required: [redirect_url, code_challenge, state]
              responses:
                '200':
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [response]
                        properties:
                          response:
                            type: object
                            additionalProperties: false
                            required: [object, url]
                            properties:
                              object: {type: string, enum: [hosted_auth]}
                              url: {type: string}
                          client:
                            nullable: true
                '400':
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/ClerkErrors'}
                '422':
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/ClerkErrors'}
          /v1/client:
            post:
              requestBody:
                content:
                  application/x-www-form-urlencoded:
                    schema:
                      properties:
                        _method: {type: string, enum: [GET]}
                        rotating_token_nonce: {type: string}
                        code_verifier: {type: string}
              responses:
                '400':
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/ClerkErrors'}
          /v1/client/sign_ins/{sign_in_id}:
            get:
              parameters:
                - {in: query, name: rotating_token_nonce, schema: {type: string}}
          /v1/client/sign_ups/{sign_up_id}:
            get:
              parameters:
                - {in: query, name: rotating_token_nonce, schema: {type: string}}
          /v1/client/sign_ins/{sign_in_id}/prepare_first_factor:
            post:
              requestBody:
                content:
                  application/x-www-form-urlencoded:
                    schema:
                      properties:
                        code_challenge: {type: string}
                        code_challenge_method: {type: string, enum: [S256]}
          /v1/client/sign_ins/{sign_in_id}/prepare_second_factor:
            post:
              requestBody:
                content:
                  application/x-www-form-urlencoded:
                    schema:
                      properties:
                        strategy: {enum: [passkey]}
          /v1/client/sign_ins/{sign_in_id}/attempt_second_factor:
            post:
              requestBody:
                content:
                  application/x-www-form-urlencoded:
                    schema:
                      properties:
                        strategy: {enum: [passkey]}
                        public_key_credential: {type: string}
          /v1/client/sessions/{session_id}/verify/prepare_first_factor:
            post:
              requestBody:
                content:
                  application/x-www-form-urlencoded:
                    schema:
                      properties:
                        strategy: {enum: [trusted_device]}
                        trusted_device_id: {type: string}
          /v1/client/sessions/{session_id}/verify/attempt_first_factor:
            post:
              requestBody:
                content:
                  application/x-www-form-urlencoded:
                    schema:
                      properties:
                        strategy: {enum: [trusted_device]}
                        trusted_device_id: {type: string}
                        client_data: {type: string}
                        signature: {type: string}
                        algorithm: {type: string}
          /v1/client/sessions/{session_id}/verify/prepare_second_factor:
            post:
              requestBody:
                content:
                  application/x-www-form-urlencoded:
                    schema:
                      properties:
                        strategy: {enum: [passkey]}
          /v1/client/sessions/{session_id}/verify/attempt_second_factor:
            post:
              requestBody:
                content:
                  application/x-www-form-urlencoded:
                    schema:
                      properties:
                        strategy: {enum: [passkey]}
                        public_key_credential: {type: string}
        components:
          schemas:
            Client.SignIn:
              properties:
                locale: {type: string, nullable: true}
                second_factor_verification:
                  oneOf:
                    - $ref: '#/components/schemas/Stubs.Verification.Passkey'
            Client.SignIn-2:
              properties:
                locale: {type: string, nullable: true}
                second_factor_verification:
                  oneOf:
                    - $ref: '#/components/schemas/Stubs.Verification.Passkey'
            Client.SignUp:
              properties:
                locale: {type: string, nullable: true}
            Client.User:
              properties:
                locale: {type: string, nullable: true}
                bypass_client_trust: {type: boolean}
            Client.SessionReverification:
              properties:
                second_factor_verification:
                  oneOf:
                    - $ref: '#/components/schemas/Stubs.Verification.Passkey'
            Stubs.Verification.SAML:
              properties:
                strategy:
                  enum: [enterprise_sso]
        """

    /// `document` with `supplementYAML` merged in: objects key by key, arrays (parameter lists) appended,
    /// otherwise the supplement's value.
    static func supplemented(_ document: SpecNode) throws -> SpecNode {
        withBiometricCredentialPaths(merge(document, SpecNode.yaml(try Yams.load(yaml: supplementYAML))))
    }

    /// `document` with every trusted-device path also under its newer name, `biometric_credentials`.
    private static func withBiometricCredentialPaths(_ document: SpecNode) -> SpecNode {
        guard case .object(var members) = document, case .object(var paths)? = members["paths"] else {
            return document
        }
        for (path, item) in paths where path.contains("/trusted_devices") {
            paths[path.replacingOccurrences(of: "/trusted_devices", with: "/biometric_credentials")] = item
        }
        members["paths"] = .object(paths)
        return .object(members)
    }

    private static func merge(_ base: SpecNode, _ overlay: SpecNode) -> SpecNode {
        if case .array(let first) = base, case .array(let more) = overlay { return .array(first + more) }
        guard case .object(var members) = base, case .object(let additions) = overlay else { return overlay }
        for (key, value) in additions { members[key] = members[key].map { merge($0, value) } ?? value }
        return .object(members)
    }
}
