import ClerkKit
import ClerkKitTesting
import ClerkSpecValidation
import Foundation
import Logging
import Testing

/// `ClerkPreview` and the emulator's in-process transport: no socket, same answers.
@Suite("Previews and the in-process transport") @MainActor
struct PreviewTests {
    @available(OS2023, *)
    @Test func aPreviewClerkIsSignedInAsTheSampleUser() async throws {
        let clerk = try await ClerkPreview.clerk()
        #expect(clerk.user?.firstName == "Ada")
        #expect(clerk.user?.primaryEmailAddress?.emailAddress == ClerkPreview.emailAddress)
        #expect(clerk.session != nil)
        #expect(try await clerk.auth.getToken() != nil)
        let signedOut = try await ClerkPreview.clerk(signedIn: false)
        #expect(signedOut.environment != nil)
        #expect(signedOut.session == nil)
    }

    @available(OS2023, *)
    @Test func inProcessExchangesFitTheDescriptionAndFaultsApply() async throws {
        let emulator = ClerkEmulator(logger: Logger(label: "in-process") { _ in SwiftLogNoOpLogHandler() })
        _ = try await emulator.createUser(emailAddress: "ada@example.com", password: ClerkPreview.password)
        let clerk = Clerk(
            configuration: try ClerkConfiguration(publishableKey: await emulator.publishableKey),
            transport: emulator.inProcessTransport)
        try await clerk.load()
        await emulator.inject(.init(method: "POST", path: "/v1/client/sign_ins", outcome: .dropConnection))
        do throws(ClerkError) {
            _ = try await clerk.auth.signIn(identifier: "ada@example.com", password: ClerkPreview.password)
            Issue.record("a dropped request signed in")
        } catch {
            #expect(error.code == .transport)
        }
        let signIn = try await clerk.auth.signIn(identifier: "ada@example.com", password: ClerkPreview.password)
        #expect(signIn.status == .complete)

        #expect(try await Harness.problems(in: await emulator.requestLog()) == [])
    }
}
