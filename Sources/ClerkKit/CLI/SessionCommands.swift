import ArgumentParser
import ClerkKit

/// `clerk token`: prints a session token (JWT) for the current session.
@available(OS2023, *)
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token", abstract: "Print a session token (JWT) for the signed-in session.")

    @Option(help: "A JWT template name.") var template: String?
    @Flag(name: .customLong("skip-cache"), help: "Always ask the service for a new token.") var skipCache = false
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let (template, skipCache) = (template, skipCache)
        try await CommandContext.run(connection) { context throws(ClerkError) in
            guard
                let token = try await context.clerk.auth.getToken(
                    GetTokenOptions(template: template, skipCache: skipCache))
            else { throw ClerkError(.notSignedIn, "not signed in") }
            if context.output.json {
                context.output.print(["jwt": .string(token)])
            } else {
                print(token)
            }
        }
    }
}

/// `clerk whoami`: prints the signed-in user.
@available(OS2023, *)
struct WhoamiCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "whoami", abstract: "Print the signed-in user.")
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        try await CommandContext.run(connection) { context throws(ClerkError) in
            guard let user = context.clerk.user, let session = context.clerk.session else {
                throw ClerkError(.notSignedIn, "not signed in")
            }
            context.output.print([
                "user_id": .string(user.id), "session_id": .string(session.id),
                "username": user.username.map(JSONValue.string) ?? .null,
                "email_address": user.primaryEmailAddress.map { .string($0.emailAddress) } ?? .null,
                "phone_number": user.primaryPhoneNumber.map { .string($0.phoneNumber) } ?? .null,
                "first_name": user.firstName.map(JSONValue.string) ?? .null,
                "last_name": user.lastName.map(JSONValue.string) ?? .null,
            ])
        }
    }
}

/// `clerk sessions`: lists the user's active sessions.
@available(OS2023, *)
struct SessionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions", abstract: "List the signed-in user's active sessions.")
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        try await CommandContext.run(connection) { context throws(ClerkError) in
            let current = context.clerk.session?.id
            let sessions = try await context.clerk.auth.activeSessions()
            let rows: [[String: JSONValue]] = sessions.map { session in
                [
                    "id": .string(session.id), "status": .string(session.status.rawValue),
                    "current": .bool(session.id == current),
                ]
            }
            context.output.printList("sessions", rows, columns: ["id", "status", "current"])
        }
    }
}

/// `clerk sign-out`: ends the current session, one session, or all of them.
@available(OS2023, *)
struct SignOutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign-out", abstract: "Sign out of the current session, one session (--session) or all (--all).")

    @Option(help: "The session to sign out of.") var session: String?
    @Flag(help: "Sign out of every session on this client.") var all = false
    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        if all && session != nil { throw ValidationError("give --session or --all, not both") }
    }

    func run() async throws {
        let (session, all) = (session, all)
        try await CommandContext.run(connection) { context throws(ClerkError) in
            let target = all ? nil : (session ?? context.clerk.session?.id)
            if !all && target == nil { throw ClerkError(.notSignedIn, "not signed in") }
            try await context.clerk.auth.signOut(sessionId: target)
            context.output.print(["signed_out": .string(target ?? "all")])
        }
    }
}
