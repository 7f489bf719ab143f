import Crypto
import Foundation

/// An email link prepared with a PKCE challenge. The emailed link carries `flow_id` and `approval_token`;
/// opening it (`GET /v1/verify`) approves the flow and redirects to the app's `redirect_url` with both; the app
/// completes it with the verifier and gets a sign-in ticket. Completing a flow whose link was not opened is
/// `flow_not_approved`.
@available(OS2023, *)
struct MagicLinkFlow: Sendable, Equatable {
    enum Status: Sendable, Equatable { case pending, approved, consumed }

    var id: String
    var userId: String
    /// `BASE64URL(SHA256(code_verifier))`, as sent with `code_challenge_method=S256`.
    var challenge: String
    var approvalToken: String
    var status: Status
    var expireAt: Millis
}

@available(OS2023, *)
extension EmulatorStore {
    /// Checks the PKCE fields of a `prepare_first_factor` before anything is sent: only `email_link` takes them,
    /// only `S256`, and a redirect URL is required (the approval goes there).
    static func checkPKCE(_ form: FormBody) throws(FAPIError) {
        guard let challenge = form["code_challenge"] else {
            if form["code_challenge_method"] != nil { throw FAPIError.paramMissing("code_challenge") }
            return
        }
        guard form["strategy"] == "email_link" else { throw FAPIError.paramInvalid("code_challenge") }
        guard form["code_challenge_method"] == "S256" else { throw FAPIError.paramInvalid("code_challenge_method") }
        guard challenge.count == 43, Base64URL.decode(challenge)?.count == 32 else {
            throw FAPIError.paramInvalid("code_challenge")
        }
        guard let redirect = form["redirect_url"], !redirect.isEmpty else {
            throw FAPIError.paramMissing("redirect_url")
        }
    }

    /// Ties the email link `token` (just delivered for `userId`) to a new PKCE flow.
    mutating func startMagicLinkFlow(linkToken token: String, userId: String, challenge: String, now: Millis) {
        let flow = MagicLinkFlow(
            id: IDs.make("flow"), userId: userId, challenge: challenge, approvalToken: IDs.random(48),
            status: .pending, expireAt: now + configuration.codeLifetime.clampedMillis)
        magicLinkFlows[flow.id] = flow
        emailLinks[token]?.flowId = flow.id
        if let index = outbox.indices.last, let link = outbox[index].link {
            outbox[index].link = URL(
                string: link.absoluteString + "&flow_id=\(flow.id)&approval_token=\(flow.approvalToken)")
        }
    }

    /// Opening a PKCE email link: approves the flow and redirects to the app with `flow_id` and `approval_token`.
    mutating func approveMagicLinkFlow(_ flowId: String, redirectURL: String?, now: Millis) throws(FAPIError) -> Reply {
        guard var flow = magicLinkFlows[flowId], flow.status == .pending, flow.expireAt > now else {
            throw FAPIError(
                status: 400, code: "verification_expired", message: "has expired",
                longMessage: "The email link expired; send a new one.")
        }
        flow.status = .approved
        magicLinkFlows[flowId] = flow
        let base = redirectURL ?? issuer
        let separator = base.contains("?") ? "&" : "?"
        return .redirect("\(base)\(separator)flow_id=\(flow.id)&approval_token=\(flow.approvalToken)")
    }

    /// `POST /v1/client/magic_links/complete`: checks the approval token and the verifier against the challenge,
    /// then answers with a sign-in ticket for the flow's user. A flow completes once.
    mutating func completeMagicLink(_ call: inout Call) throws(FAPIError) -> Reply {
        let form = call.request.form
        try form.requireKnown(["flow_id", "approval_token", "code_verifier"])
        let flowId = try form.required("flow_id")
        let approvalToken = try form.required("approval_token")
        let verifier = try form.required("code_verifier")
        _ = establishClient(&call)
        guard var flow = magicLinkFlows[flowId], flow.approvalToken == approvalToken else {
            throw Self.magicLinkError("approval_token_invalid", "The email link is not valid.")
        }
        guard flow.status != .consumed else {
            throw Self.magicLinkError("approval_token_consumed", "The email link was already used.")
        }
        guard flow.expireAt > call.now else {
            throw Self.magicLinkError("approval_token_expired", "The email link expired; send a new one.")
        }
        guard flow.status == .approved else {
            throw Self.magicLinkError("flow_not_approved", "The email link has not been opened yet.")
        }
        flow.status = .consumed  // a wrong verifier ends the flow too
        magicLinkFlows[flowId] = flow
        guard Base64URL.encode(SHA256.hash(data: Data(verifier.utf8))) == flow.challenge else {
            throw Self.magicLinkError("pkce_verification_failed", "The code verifier does not match the challenge.")
        }
        let ticket = IDs.random(64)
        tickets[ticket] = (flow.userId, call.now + configuration.codeLifetime.clampedMillis)
        return .enveloped(["ticket": .string(ticket)])
    }

    private static func magicLinkError(_ code: String, _ message: String) -> FAPIError {
        FAPIError(status: 400, code: code, message: message, longMessage: message)
    }
}
