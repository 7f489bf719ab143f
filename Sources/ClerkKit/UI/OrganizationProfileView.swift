#if canImport(SwiftUI)
import ClerkKit
import ClerkKitUICore
public import SwiftUI

/// An organization's profile: name and slug, members and roles, invitations, verified domains, leaving and
/// deleting. It acts on the environment's Clerk (`\.clerk`).
@available(OS2023, *)
public struct OrganizationProfileView: View {
    @Environment(\.clerk) private var clerk
    @Environment(\.dismiss) private var dismiss
    private let organizationId: String?

    /// The profile of `organizationId`, by default the session's active organization.
    public init(organizationId: String? = nil) {
        self.organizationId = organizationId
    }

    /// The view.
    public var body: some View {
        if let clerk, let id = organizationId ?? clerk.organization?.id {
            OrganizationProfileContent(model: OrganizationProfile(clerk: clerk, organizationId: id), dismiss: dismiss)
        }
    }
}

/// The profile's root and its navigation path, bound to an ``OrganizationProfile``.
@available(OS2023, *)
struct OrganizationProfileContent: View {
    @State var model: OrganizationProfile
    let dismiss: DismissAction
    @Environment(\.clerkLocalizer) private var localizer

    var body: some View {
        NavigationStack {
            List {
                if let organization = model.organization {
                    VStack(alignment: .leading) {
                        Text(verbatim: organization.name).font(.headline)
                        if let count = model.memberCount { ClerkText(count).font(.subheadline) }
                    }
                }
                ForEach(destinations, id: \.self) { destination in
                    Button {
                        Task { await model.open(destination) }
                    } label: {
                        ClerkText(destination.title)
                    }
                    .accessibilityIdentifier(destination.accessibilityIdentifier + ".open")
                }
                ActionButton(
                    label: OrganizationText.leave, isLoading: model.screen.isLoading, role: .destructive,
                    identifier: "organization.leave"
                ) {
                    await model.leave()
                }
                ScreenMessage(screen: model.screen)
            }
            .navigationTitle(model.organization?.name ?? "")
            .navigationDestination(isPresented: Binding(get: { !model.path.isEmpty }, set: { if !$0 { model.back() } }))
            {
                if let destination = model.path.last {
                    OrganizationDestinationView(model: model, destination: destination)
                        .navigationTitle(localizer.string(destination.title))
                }
            }
            .task { await model.reload() }
        }
        .onChange(of: model.isFinished) { _, finished in if finished { dismiss() } }
    }

    private var destinations: [OrganizationProfileDestination] {
        model.isAdmin ? [.editProfile, .members, .invitations, .domains, .delete] : [.members]
    }
}
#endif
