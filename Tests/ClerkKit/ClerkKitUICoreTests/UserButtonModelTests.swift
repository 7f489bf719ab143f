import ClerkKit
import ClerkKitTesting
import ClerkKitUICore
import Foundation
import Testing

@Suite("ClerkKitUICore: the user button against the emulator") @MainActor
struct UserButtonModelTests {
    @available(OS2023, *)
    @Test func theMenuOpensTheProfileAndAsksForAnotherAccount() async throws {
        try await withUIHarness { harness in
            let button = UserButtonModel(clerk: harness.clerk)
            #expect(button.display == nil)
            try await harness.signInAda()
            #expect(button.display?.initials == "AL")
            #expect(button.accessibilityLabel == .localized(.profileOpenAccountMenu))
            #expect(!button.allowsMultipleSessions)
            button.isMenuPresented = true
            button.manageAccount()
            #expect(!button.isMenuPresented && button.isProfilePresented)
            button.isMenuPresented = true
            button.addAccount()
            #expect(!button.isMenuPresented && button.isAddAccountPresented)
        }
    }

    @available(OS2023, *)
    @Test func severalAccountsSwitchAndSignOutOneAtATime() async throws {
        var configuration = ClerkEmulator.Configuration()
        configuration.singleSessionMode = false
        try await withUIHarness(configuration) { harness in
            try await harness.signInAda()
            _ = try await harness.emulator.createUser(
                emailAddress: "grace@example.com", password: UIHarness.password, firstName: "Grace", lastName: "Hopper")
            _ = try await harness.clerk.auth.signIn(identifier: "grace@example.com", password: UIHarness.password)
            let button = UserButtonModel(clerk: harness.clerk)
            #expect(button.allowsMultipleSessions)
            #expect(button.display?.name == "Grace Hopper")
            let other = try #require(button.otherSessions.first)
            #expect(button.otherSessions.count == 1)
            let row = try #require(button.display(for: other))
            #expect(row.display.name == "Ada Lovelace")
            #expect(Localizer().string(row.label) == "Switch to Ada Lovelace")
            button.isMenuPresented = true
            await button.switchTo(other.id)
            #expect(!button.isMenuPresented)
            #expect(button.display?.name == "Ada Lovelace")
            await button.signOut()
            #expect(button.display?.name == "Grace Hopper")
            #expect(button.otherSessions.isEmpty)
            await harness.emulator.inject(
                .init(method: "DELETE", path: "/v1/client/sessions", outcome: .dropConnection, times: nil))
            await button.signOutAll()
            #expect(button.screen.errorMessage == .localized(.errorConnection))
            #expect(!button.screen.isLoading)
            #expect(button.display?.name == "Grace Hopper")
            await harness.emulator.clearFaults()
            await button.signOutAll()
            #expect(button.display == nil)
            #expect(harness.clerk.session == nil)
        }
    }
}
