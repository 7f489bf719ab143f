#if canImport(SwiftUI)
import ClerkKit
import ClerkKitUICore
import SwiftUI

/// One organization screen; every field and button binds to the model.
@available(OS2023, *)
struct OrganizationDestinationView: View {
    @Bindable var model: OrganizationProfile
    let destination: OrganizationProfileDestination

    var body: some View {
        let errors = model.screen.fieldErrors
        let loading = model.screen.isLoading
        Form {
            switch destination {
            case .editProfile:
                ClerkField(
                    label: OrganizationText.name, text: $model.name, error: errors[.organizationName],
                    identifier: "organization.name")
                ClerkField(
                    label: OrganizationText.slug, text: $model.slug, error: errors[.organizationSlug],
                    identifier: "organization.slug")
                ActionButton(label: destination.title, isLoading: loading, identifier: "organization.save") {
                    await model.saveProfile()
                }
            case .members:
                ForEach(model.members) { member in
                    HStack {
                        Text(verbatim: member.publicUserData?.identifier ?? member.id)
                        Spacer()
                        Text(verbatim: member.roleName ?? member.role ?? "").font(.caption)
                        if model.isAdmin, let userId = member.publicUserData?.userId {
                            Menu {
                                ForEach(model.roles) { role in
                                    Button(role.name) { Task { await model.setRole(role.key, for: userId) } }
                                }
                                Button(role: .destructive) {
                                    Task { await model.removeMember(userId) }
                                } label: {
                                    ClerkText(OrganizationText.removeMember)
                                }
                            } label: {
                                ClerkText(OrganizationText.role)
                            }
                        }
                    }
                }
            case .invitations:
                ClerkField(
                    label: OrganizationText.inviteAddresses, text: $model.inviteAddresses, error: errors[.emailAddress],
                    identifier: "organization.invite.addresses")
                ActionButton(label: OrganizationText.invite, isLoading: loading, identifier: "organization.invite") {
                    await model.invite()
                }
                ForEach(model.invitations) { invitation in
                    HStack {
                        Text(verbatim: invitation.emailAddress)
                        ClerkText(OrganizationText.pending).font(.caption)
                        Spacer()
                        ActionButton(
                            label: OrganizationText.revokeInvitation, isLoading: loading,
                            identifier: "organization.invitation.revoke"
                        ) {
                            await model.revokeInvitation(invitation.id)
                        }
                    }
                }
            case .domains:
                ClerkField(label: OrganizationText.domains, text: $model.newDomain, identifier: "organization.domain")
                ActionButton(
                    label: OrganizationText.addDomain, isLoading: loading, identifier: "organization.domain.add"
                ) { await model.addDomain() }
                ForEach(model.domains) { domain in
                    HStack {
                        Text(verbatim: domain.name)
                        Spacer()
                        ActionButton(
                            label: ProfileText.remove, isLoading: loading, identifier: "organization.domain.remove"
                        ) {
                            await model.removeDomain(domain.id)
                        }
                    }
                }
            case .delete:
                ClerkText(model.deleteWarning)
                ClerkField(
                    label: .verbatim(UserProfile.deleteConfirmationPhrase), text: $model.deleteConfirmation,
                    identifier: "organization.delete.confirmation")
                ActionButton(
                    label: OrganizationText.delete, isLoading: loading, role: .destructive,
                    identifier: "organization.delete"
                ) { await model.delete() }
            }
            ScreenMessage(screen: model.screen)
        }
    }
}
#endif
