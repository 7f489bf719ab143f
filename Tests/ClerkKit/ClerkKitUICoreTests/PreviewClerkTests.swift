import ClerkKit
import ClerkKitUICore
import Testing

@Suite("ClerkKitUICore: preview sample data") @MainActor
struct PreviewClerkTests {
    @available(OS2023, *)
    @Test func theSampleUserDrivesEveryModelWithoutANetwork() throws {
        let clerk = try PreviewClerk.clerk()
        let profile = UserProfile(clerk: clerk)
        #expect(profile.display?.name == "Ada Lovelace")
        #expect(profile.emailAddresses.map(\.value) == ["ada@example.com"])
        #expect(profile.phoneNumbers.first?.isVerified == true)
        #expect(profile.hasPassword)
        let button = UserButtonModel(clerk: clerk)
        #expect(button.display?.initials == "AL")
        #expect(button.allowsMultipleSessions)
        let switcher = OrganizationSwitcherModel(clerk: clerk)
        #expect(switcher.memberships.map(\.organization.name) == ["Analytical Engines"])
        #expect(OrganizationProfile(clerk: clerk, organizationId: "org_preview").isAdmin)
        #expect(UserButtonModel(clerk: try PreviewClerk.clerk(signedIn: false)).display == nil)
    }

    @available(OS2023, *)
    @Test func anActionInAPreviewFailsOnTheScreenInsteadOfHanging() async throws {
        let profile = UserProfile(clerk: try PreviewClerk.clerk())
        profile.open(.editProfile)
        profile.firstName = "Augusta"
        await profile.saveProfile()
        #expect(profile.screen.errorMessage != nil)
        #expect(!profile.screen.isLoading)
        #expect(profile.path == [.editProfile])
    }
}
