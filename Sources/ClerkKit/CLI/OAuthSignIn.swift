import ClerkKit
import ClerkKitLoopback

/// `clerk sign-in --oauth PROVIDER`: the browser round trip through a loopback redirect.
@available(OS2023, *)
enum OAuthSignIn {
    static func run(provider: OAuthProvider, _ connection: ConnectionOptions) async throws {
        try await CommandContext.run(connection) { context throws(ClerkError) in
            let browser = try await LoopbackWebAuthenticator()
            let result: TransferFlowResult
            do throws(ClerkError) {
                result = try await context.clerk.auth.signInWithOAuth(provider: provider, using: browser)
            } catch {
                await browser.shutdown()
                throw error
            }
            await browser.shutdown()
            guard let session = result.createdSessionId else {
                throw ClerkError(.invalidState, "the \(provider) sign-in needs more in the browser or the app")
            }
            let flow: String
            switch result {
            case .signIn: flow = "sign_in"
            case .signUp: flow = "sign_up"
            }
            context.output.print([
                "status": .string("complete"), "flow": .string(flow), "session_id": .string(session),
                "user_id": context.clerk.user.map { .string($0.id) } ?? .null,
            ])
        }
    }
}
