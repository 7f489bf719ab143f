import ArgumentParser
import ClerkKit

/// `clerk org …`: the signed-in user's organizations.
@available(OS2023, *)
struct OrganizationCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "org", abstract: "Create and manage organizations.",
        subcommands: [
            OrganizationCreateCommand.self, OrganizationListCommand.self, OrganizationMembersCommand.self,
            OrganizationInviteCommand.self, OrganizationSwitchCommand.self,
        ])
}

/// `clerk org create --name`.
@available(OS2023, *)
struct OrganizationCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "create", abstract: "Create an organization.")
    @Option var name: String
    @Option var slug: String?
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let (name, slug) = (name, slug)
        try await CommandContext.run(connection) { context throws(ClerkError) in
            let organization = try await context.clerk.organizations.create(name: name, slug: slug)
            context.output.print([
                "organization_id": .string(organization.id), "slug": organization.slug.map(JSONValue.string) ?? .null,
            ])
        }
    }
}

/// `clerk org list`: the user's memberships.
@available(OS2023, *)
struct OrganizationListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the user's organizations.")
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        try await CommandContext.run(connection) { context throws(ClerkError) in
            let active = context.clerk.organization?.id
            let rows: [[String: JSONValue]] = try await context.clerk.organizations.myMemberships().collect().map {
                [
                    "id": .string($0.organization.id), "name": .string($0.organization.name),
                    "role": .string($0.role ?? "-"), "active": .bool($0.organization.id == active),
                ]
            }
            context.output.printList("organizations", rows, columns: ["id", "name", "role", "active"])
        }
    }
}

/// `clerk org members <organization>`.
@available(OS2023, *)
struct OrganizationMembersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "members", abstract: "List an organization's members.")
    @Argument var organization: String
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let organization = organization
        try await CommandContext.run(connection) { context throws(ClerkError) in
            let members = try await context.clerk.organizations.memberships(of: organization).collect()
            let rows: [[String: JSONValue]] = members.map {
                [
                    "user_id": $0.publicUserData?.userId.map(JSONValue.string) ?? .null,
                    "identifier": $0.publicUserData?.identifier.map(JSONValue.string) ?? .null,
                    "role": .string($0.role ?? "-"),
                ]
            }
            context.output.printList("members", rows, columns: ["user_id", "identifier", "role"])
        }
    }
}

/// `clerk org invite <organization> --email … [--role]`.
@available(OS2023, *)
struct OrganizationInviteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "invite", abstract: "Invite email addresses to an organization (admins only).")
    @Argument var organization: String
    @Option(name: .customLong("email"), help: "An address to invite; repeat for several.") var emails: [String]
    @Option var role = "org:member"
    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        if emails.isEmpty { throw ValidationError("give at least one --email") }
    }

    func run() async throws {
        let (organization, emails, role) = (organization, emails, role)
        try await CommandContext.run(connection) { context throws(ClerkError) in
            let invitations = try await context.clerk.organizations.invite(
                to: organization, emailAddresses: emails, role: role)
            let rows: [[String: JSONValue]] = invitations.map {
                ["id": .string($0.id), "email_address": .string($0.emailAddress), "role": .string($0.role)]
            }
            context.output.printList("invitations", rows, columns: ["id", "email_address", "role"])
        }
    }
}

/// `clerk org switch <organization|personal>`: sets the session's active organization.
@available(OS2023, *)
struct OrganizationSwitchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switch", abstract: "Make an organization (or `personal`) the session's active one.")
    @Argument var organization: String
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let target = organization == "personal" ? nil : organization
        try await CommandContext.run(connection) { context throws(ClerkError) in
            let session = try await context.clerk.organizations.setActive(target)
            context.output.print([
                "active_organization_id": session.lastActiveOrganizationId.map(JSONValue.string) ?? .null
            ])
        }
    }
}
