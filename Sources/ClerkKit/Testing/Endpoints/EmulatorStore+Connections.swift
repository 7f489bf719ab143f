import Foundation

/// The user's passkeys (read, rename, delete) and OAuth accounts (disconnect, reauthorize).
@available(OS2023, *)
extension EmulatorStore {
    /// Serves `/v1/me/passkeys/{id}` and `/v1/me/external_accounts/{id}[/reauthorize]`; nil for other paths.
    mutating func connectionRoute(_ method: String, _ path: PathMatcher, _ call: inout Call) throws(FAPIError)
        -> Reply?
    {
        let form = call.request.form
        if let id = path.match("v1/me/passkeys/*")?.first {
            var user = try currentUser(&call)
            guard let index = user.passkeys.firstIndex(where: { $0.id == id }) else { throw FAPIError.resourceNotFound }
            switch method {
            case "GET":
                try form.requireKnown([])
                return .enveloped(passkeyJSON(user.passkeys[index]))
            case "PATCH":
                try form.requireKnown(["name"])
                let name = try form.required("name").trimmingCharacters(in: .whitespaces)
                guard (1...50).contains(name.count) else { throw FAPIError.paramInvalid("name") }
                user.passkeys[index].name = name
                user.passkeys[index].updatedAt = call.now
                users[user.id] = user
                return .enveloped(passkeyJSON(user.passkeys[index]))
            case "DELETE":
                try form.requireKnown([])
                try keepAWayToSignIn(user, removing: id)
                user.passkeys.remove(at: index)
                users[user.id] = user
                return .enveloped(Self.deleted("passkey", id))
            default:
                return nil
            }
        }
        let reauthorize = path.match("v1/me/external_accounts/*/reauthorize")?.first
        guard let id = reauthorize ?? path.match("v1/me/external_accounts/*")?.first else { return nil }
        var user = try currentUser(&call)
        guard let index = user.externalAccounts.firstIndex(where: { $0.id == id }) else {
            throw FAPIError.resourceNotFound
        }
        if reauthorize != nil, method == "PATCH" {
            try form.requireKnown([
                "additional_scope", "redirect_url", "action_complete_redirect_url", "oidc_login_hint", "oidc_prompt",
            ])
            let redirect = try form.required("redirect_url")
            let scopes = form.pairs.filter { $0.0 == "additional_scope" }.map(\.1).joined(separator: " ")
            let provider = user.externalAccounts[index].provider
            user.externalAccounts[index].reauthorizationURL =
                "\(issuer)/oauth/\(provider)/authorize?redirect_uri=\(Self.escape(redirect))"
                + "&scope=\(Self.escape("email profile " + scopes))"
            users[user.id] = user
            return .enveloped(externalAccountJSON(user.externalAccounts[index]))
        }
        guard reauthorize == nil, method == "DELETE" else { return nil }
        try form.requireKnown([])
        try keepAWayToSignIn(user, removing: id)
        user.externalAccounts.remove(at: index)
        users[user.id] = user
        return .enveloped(Self.deleted("external_account", id))
    }

    /// Refuses removing the user's last way to sign in (identifier, password, passkey or OAuth account).
    private func keepAWayToSignIn(_ user: UserRecord, removing id: String) throws(FAPIError) {
        let others =
            user.emails.count + user.phones.filter { !$0.reservedForSecondFactor }.count
            + (user.username == nil ? 0 : 1)
            + user.passkeys.filter { $0.id != id }.count + user.externalAccounts.filter { $0.id != id }.count
        guard others > 0 else {
            throw FAPIError(
                status: 400, code: "identification_deletion_failed", message: "cannot be deleted",
                longMessage: "The last way to sign in to an account cannot be removed.")
        }
    }
}
