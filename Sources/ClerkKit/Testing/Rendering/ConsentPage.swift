/// The emulated provider's pages: the consent form a person answers, and the page for a link that is no good.
@available(OS2023, *)
enum ConsentPage {
    /// A form that signs in to `provider` with an email address, or declines.
    static func form(provider: String, state: String, issuer: String) -> String {
        let name = escape(provider)
        return """
            <!doctype html>
            <html><head><meta charset="utf-8"><title>Sign in with \(name)</title></head>
            <body>
            <h1>Sign in with \(name)</h1>
            <p>The Clerk emulator stands in for \(name). Choose the account to continue with.</p>
            <form method="get" action="\(escape(issuer))/oauth/\(name)/consent">
            <input type="hidden" name="state" value="\(escape(state))">
            <label>Email address <input type="email" name="email" required></label>
            <label>First name <input type="text" name="first_name"></label>
            <button type="submit" name="decision" value="allow">Allow</button>
            <button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
            </form>
            </body></html>
            """
    }

    /// The hosted sign-in page: an email address and a password.
    static func hostedForm(flow: String, issuer: String, failed: Bool) -> String {
        """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>Sign in</title></head>
        <body>
        <h1>Sign in</h1>
        \(failed ? "<p>The email address or password is wrong.</p>" : "")
        <form method="get" action="\(escape(issuer))/hosted/submit">
        <input type="hidden" name="flow" value="\(escape(flow))">
        <label>Email address <input type="email" name="identifier" required></label>
        <label>Password <input type="password" name="password" required></label>
        <button type="submit">Continue</button>
        </form>
        </body></html>
        """
    }

    /// A page saying why the step cannot go on.
    static func error(_ message: String) -> String {
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>Error</title></head><body><p>"
            + escape(message) + "</p></body></html>"
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
