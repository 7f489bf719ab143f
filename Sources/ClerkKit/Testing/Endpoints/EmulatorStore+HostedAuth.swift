import Crypto
import Foundation

/// A hosted sign-in (the Account Portal flow): the app asks for a page (`POST /v1/client/hosted_auth` with a PKCE
/// challenge and its `state`), the person signs in there in the browser, the browser comes back to the app with
/// `rotating_token_nonce` and the `state`, and the app redeems the nonce with its verifier
/// (`POST /v1/client`, `_method=GET`), taking over the browser's signed-in client.
@available(OS2023, *)
struct HostedAuthFlow: Sendable, Equatable {
    var id: String
    var challenge: String
    var state: String
    var redirectURL: String
    var signUp: Bool
    var expireAt: Millis
    /// Set once the person signed in: the browser's client, and the nonce the app redeems (once).
    var browserClientId: String?
    var nonce: String?
}

@available(OS2023, *)
extension EmulatorStore {
    /// `POST /v1/client/hosted_auth`: a hosted page for a PKCE challenge (S256) and the app's `state`.
    mutating func createHostedAuth(_ call: inout Call) throws(FAPIError) -> Reply {
        let form = call.request.form
        try form.requireKnown(["redirect_url", "code_challenge", "state", "mode"])
        let redirect = try form.required("redirect_url")
        let state = try form.required("state")
        let challenge = try form.required("code_challenge")
        guard challenge.count == 43, Base64URL.decode(challenge)?.count == 32 else {
            throw FAPIError.paramInvalid("code_challenge")
        }
        let mode = form["mode"] ?? "sign-in"
        guard mode == "sign-in" || mode == "sign-up" else { throw FAPIError.paramInvalid("mode") }
        _ = establishClient(&call)
        let flow = HostedAuthFlow(
            id: IDs.make("hauth"), challenge: challenge, state: state, redirectURL: redirect, signUp: mode == "sign-up",
            expireAt: call.now + configuration.codeLifetime.clampedMillis)
        hostedFlows[flow.id] = flow
        return .enveloped(["object": "hosted_auth", "url": .string("\(issuer)/hosted/\(mode)?flow=\(flow.id)")])
    }

    /// `GET /hosted/sign-in|sign-up?flow=…` and `GET /hosted/submit`: the hosted page. A scripted outcome for
    /// `hosted` (``ClerkEmulator/setConsent(_:for:)``) signs in at once as the account's user (signing them up
    /// first in sign-up mode); otherwise the page asks for the email address and password.
    mutating func hostedPageRoute(_ method: String, _ path: PathMatcher, _ call: inout Call) -> EmulatorResponse? {
        guard method == "GET", path.match("hosted/*") != nil else { return nil }
        let query = call.request.query
        guard let id = query["flow"], let flow = hostedFlows[id], flow.nonce == nil, flow.expireAt > call.now else {
            return EmulatorResponse(status: 400, html: ConsentPage.error("This sign-in page is invalid or was used."))
        }
        let user: UserRecord?
        if path.match("hosted/submit") != nil {
            let candidate = query["identifier"].flatMap { self.user(identifiedBy: $0) }
            let password = query["password"] ?? ""
            user = candidate.flatMap { $0.password?.matches(password) == true ? $0 : nil }
            guard user != nil else {
                return EmulatorResponse(
                    status: 200, html: ConsentPage.hostedForm(flow: id, issuer: issuer, failed: true))
            }
        } else if case .approve(let account)? = consentOutcomes["hosted"] {
            user = self.user(identifiedBy: account.emailAddress) ?? (flow.signUp ? hostedSignUp(account, call) : nil)
            guard user != nil else {
                return EmulatorResponse(status: 400, html: ConsentPage.error("No account has this email address."))
            }
        } else if consentOutcomes["hosted"] == .deny {
            return EmulatorResponse(status: 303, body: nil, headers: [("Location", flow.redirectURL)])
        } else {
            return EmulatorResponse(status: 200, html: ConsentPage.hostedForm(flow: id, issuer: issuer, failed: false))
        }
        guard let user else { return nil }
        let browser = createClient(now: call.now)
        createSession(
            id: IDs.make("sess"), userId: user.id, clientId: browser.id, strategy: "password", secondFactor: false,
            now: call.now)
        let nonce = IDs.random(40)
        hostedFlows[id]?.browserClientId = browser.id
        hostedFlows[id]?.nonce = nonce
        let separator = flow.redirectURL.contains("?") ? "&" : "?"
        let location =
            flow.redirectURL + separator + "rotating_token_nonce=\(nonce)&state=\(Self.escape(flow.state))"
        return EmulatorResponse(status: 303, body: nil, headers: [("Location", location)])
    }

    /// `POST /v1/client` with `_method=GET`, `rotating_token_nonce` and `code_verifier`: the app takes over the
    /// browser's signed-in client (its token goes out in `Authorization`). A nonce is redeemed once.
    mutating func redeemHostedAuth(_ call: inout Call) throws(FAPIError) -> Reply {
        let form = call.request.form
        try form.requireKnown(["rotating_token_nonce", "code_verifier"])
        let nonce = try form.required("rotating_token_nonce")
        let verifier = try form.required("code_verifier")
        guard let (id, flow) = hostedFlows.first(where: { $0.value.nonce == nonce }), let browser = flow.browserClientId
        else {
            throw FAPIError(
                status: 400, code: "rotating_token_nonce_invalid", message: "is invalid",
                longMessage: "The sign-in was already completed or is unknown.", paramName: "rotating_token_nonce")
        }
        hostedFlows[id] = nil  // a wrong verifier ends the flow too
        guard Base64URL.encode(SHA256.hash(data: Data(verifier.utf8))) == flow.challenge else {
            throw FAPIError(
                status: 400, code: "pkce_verification_failed", message: "The code verifier does not match.",
                longMessage: "The code verifier does not match the challenge.")
        }
        call.clientId = browser
        return .clientAsResponse
    }

    private mutating func hostedSignUp(_ account: ClerkEmulator.ProviderAccount, _ call: Call) -> UserRecord {
        var user = UserRecord(
            id: IDs.make("user"), firstName: account.firstName, lastName: account.lastName, createdAt: call.now,
            updatedAt: call.now)
        let email = EmailRecord(
            id: IDs.make("idn"), address: account.emailAddress, verificationStrategy: "email_code", createdAt: call.now)
        user.emails = [email]
        user.primaryEmailId = email.id
        users[user.id] = user
        userOrder.append(user.id)
        return user
    }
}
