import ClerkKit
import ClerkKitTesting
import Foundation
import Testing

/// Passkeys and OAuth accounts, management side, against the emulator over HTTP.
@Suite("ClerkKit ↔ emulator: passkeys and external accounts") @MainActor
struct ConnectionFlowTests {
    @available(OS2023, *)
    @Test func passkeysAreListedRenamedAndDeleted() async throws {
        try await withHarness { harness in
            let ada = try await harness.signInAda()
            let passkeyId = try await harness.emulator.addPasskey(userId: ada.id, name: "iPhone")
            let account = harness.clerk.account
            try await account.reload()
            #expect(harness.clerk.user?.passkeys.map(\.name) == ["iPhone"])
            #expect(try await account.passkey(passkeyId).verification?.status == .verified)
            let renamed = try await account.renamePasskey(passkeyId, to: "Work phone")
            #expect(renamed.name == "Work phone")
            #expect(harness.clerk.user?.passkeys.first?.name == "Work phone")
            let blank = await refusal { () async throws(ClerkError) in
                try await account.renamePasskey(passkeyId, to: " ")
            }
            #expect(blank?.apiError?.paramName == "name")
            try await account.deletePasskey(passkeyId)
            #expect(harness.clerk.user?.passkeys.isEmpty == true)
            let gone = await refusal { () async throws(ClerkError) in try await account.passkey(passkeyId) }
            #expect(gone?.context.status == 404)
        }
    }

    @available(OS2023, *)
    @Test func externalAccountsAreReauthorizedAndDisconnected() async throws {
        try await withHarness { harness in
            let ada = try await harness.signInAda()
            let google = try await harness.emulator.addExternalAccount(
                userId: ada.id, provider: "google", emailAddress: "ada@gmail.example")
            let account = harness.clerk.account
            try await account.reload()
            #expect(harness.clerk.user?.externalAccounts.first?.provider == "oauth_google")
            let missing = await refusal { () async throws(ClerkError) in
                try await account.reauthorizeExternalAccount(google, redirectUrl: "")
            }
            #expect(missing?.apiError?.code == "form_param_missing")
            let pending = try await account.reauthorizeExternalAccount(
                google, redirectUrl: "myapp://callback", additionalScopes: ["calendar"])
            #expect(pending.verification?.status == .unverified)
            let url = try #require(pending.verification?.externalVerificationRedirectUrl)
            #expect(url.contains("calendar"))
            try await account.deleteExternalAccount(google)
            #expect(harness.clerk.user?.externalAccounts.isEmpty == true)
        }
    }
}
