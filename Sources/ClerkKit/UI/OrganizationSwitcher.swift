#if canImport(SwiftUI)
import ClerkKit
import ClerkKitUICore
public import SwiftUI

/// The active organization (or the personal account) with a menu to switch, manage it, or create one.
@available(OS2023, *)
public struct OrganizationSwitcher: View {
    @Environment(\.clerk) private var clerk

    /// An organization switcher acting on the environment's Clerk.
    public init() {}

    /// The view.
    public var body: some View {
        if let clerk {
            OrganizationSwitcherContent(model: OrganizationSwitcherModel(clerk: clerk))
        }
    }
}

/// The switcher bound to an ``OrganizationSwitcherModel``.
@available(OS2023, *)
struct OrganizationSwitcherContent: View {
    @State var model: OrganizationSwitcherModel
    @State private var managedOrganization: ManagedOrganization?
    @Environment(\.clerkLocalizer) private var localizer

    var body: some View {
        Menu {
            if model.showsPersonalAccount {
                Button {
                    Task { await model.select(nil) }
                } label: {
                    ClerkText(OrganizationText.personalAccount)
                }
            }
            ForEach(model.memberships) { membership in
                Button {
                    Task { await model.select(membership.organization.id) }
                } label: {
                    Text(verbatim: membership.organization.name)
                }
            }
            if let active = model.activeOrganization {
                Button {
                    managedOrganization = ManagedOrganization(id: active.id)
                } label: {
                    ClerkText(OrganizationText.manage)
                }
            }
            ForEach(model.invitations) { invitation in
                Button {
                    Task { await model.accept(invitation: invitation.id) }
                } label: {
                    Text(verbatim: invitation.publicOrganizationData?.name ?? invitation.emailAddress)
                }
            }
            if model.canCreate {
                Button {
                    model.startCreating()
                } label: {
                    ClerkText(OrganizationText.create)
                }
            }
        } label: {
            ClerkText(model.title)
        }
        .accessibilityLabel(Text(verbatim: localizer.string(OrganizationText.switchOrganization)))
        .accessibilityIdentifier(OrganizationSwitcherModel.accessibilityIdentifier)
        .task { await model.load() }
        .sheet(isPresented: $model.isCreatePresented) { CreateOrganizationView(model: model) }
        .sheet(item: $managedOrganization) { organization in
            OrganizationProfileView(organizationId: organization.id)
        }
    }
}

/// The organization whose profile is presented.
struct ManagedOrganization: Identifiable, Hashable {
    let id: String
}

/// The create-organization form.
@available(OS2023, *)
struct CreateOrganizationView: View {
    @Bindable var model: OrganizationSwitcherModel

    var body: some View {
        Form {
            ClerkField(
                label: OrganizationText.name, text: $model.name, error: model.screen.fieldErrors[.organizationName],
                identifier: "organization.create.name")
            ClerkField(
                label: OrganizationText.slug, text: $model.slug, error: model.screen.fieldErrors[.organizationSlug],
                identifier: "organization.create.slug")
            ScreenMessage(screen: model.screen)
            ActionButton(
                label: OrganizationText.create, isLoading: model.screen.isLoading,
                identifier: "organization.create.submit"
            ) {
                await model.create()
            }
        }
    }
}
#endif
