import ClerkKit
import ClerkKitTesting
import Foundation
import Logging
import Testing

/// The requests of the account API: each fits the Frontend API description and carries the fields clerk-ios
/// sends. Served by an in-process emulator; the requests are recorded on the way.
@Suite @MainActor
struct AccountRequestTests {
    /// A signed-in `Clerk` whose requests are recorded.
    @available(OS2023, *)
    private static func signedIn(randomness: any ClerkRandomness = SystemRandomness()) async throws -> (
        Clerk, StubTransport, ClerkEmulator
    ) {
        let emulator = ClerkEmulator(logger: Logger(label: "shapes") { _ in SwiftLogNoOpLogHandler() })
        _ = try await emulator.createUser(emailAddress: "ada@example.com", password: "analytical-engine-1843")
        let inner = emulator.inProcessTransport
        let transport = StubTransport { request, _ throws(ClerkError) in try await inner.send(request) }
        let configuration = try ClerkConfiguration(publishableKey: await emulator.publishableKey)
        let clerk = Clerk(
            configuration: configuration,
            dependencies: ClerkDependencies(configuration: configuration, transport: transport, randomness: randomness))
        try await clerk.load()
        _ = try await clerk.auth.signIn(identifier: "ada@example.com", password: "analytical-engine-1843")
        return (clerk, transport, emulator)
    }

    @available(OS2023, *)
    @Test func everyAccountRequestFitsTheDescription() async throws {
        let (clerk, transport, _) = try await Self.signedIn()
        let account = clerk.account
        try await account.reload()
        try await account.update(UserUpdate(username: "ada", firstName: "Augusta", lastName: "King"))
        try await account.updateMetadata(unsafeMetadata: .object(["k": .string("v")]))
        try await account.changePassword(
            currentPassword: "analytical-engine-1843", newPassword: "difference-engine", signOutOfOtherSessions: false)
        let email = try await account.createEmailAddress("ada+clerk_test@example.com")
        try await account.prepareVerification(emailAddressId: email.id)
        try await account.attemptVerification(emailAddressId: email.id, code: "424242")
        _ = try await account.emailAddresses()
        let phone = try await account.createPhoneNumber("+15555550100", reservedForSecondFactor: true)
        try await account.prepareVerification(phoneNumberId: phone.id)
        try await account.attemptVerification(phoneNumberId: phone.id, code: "424242")
        try await account.updatePhoneNumber(phone.id, defaultSecondFactor: true)
        _ = try await account.phoneNumbers()
        try await account.deletePhoneNumber(phone.id)
        try await account.deleteEmailAddress(email.id)
        try await account.setProfileImage(Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]), contentType: "image/jpeg")
        try await account.deleteProfileImage()
        try await account.removePassword(currentPassword: "difference-engine")
        try await account.delete()
        try SpecCheck.validateAll(transport)
        let meRequests = transport.requests.filter { $0.url.path.hasPrefix("/v1/me") }
        #expect(meRequests.count == 19)
        for request in meRequests {
            #expect(request.query["_clerk_session_id"]?.hasPrefix("sess_") == true, "\(request.url.path)")
            #expect(request.query["_is_native"] == "true")
        }
    }

    @available(OS2023, *)
    @Test func secondFactorAndReverificationRequestsFitTheDescription() async throws {
        let (clerk, transport, emulator) = try await Self.signedIn()
        let totp = try await clerk.account.createTOTP()
        let secret = try #require(totp.secret)
        try await clerk.account.verifyTOTP(code: try #require(await emulator.totpCode(secret: secret)))
        _ = try await clerk.account.createBackupCodes()
        let auth = clerk.auth
        _ = try await auth.startVerification(level: .multiFactor)
        _ = try await auth.prepareVerificationFirstFactor(strategy: .emailCode)
        _ = try await auth.attemptVerificationFirstFactor(password: "analytical-engine-1843")
        let noPhone = await caught { try await auth.prepareVerificationSecondFactor() }
        #expect(noPhone?.apiError?.code == "strategy_for_user_invalid")
        let code = try #require(await emulator.totpCode(secret: secret))
        let done = try await auth.attemptVerificationSecondFactor(strategy: .totp, code: code)
        #expect(done.status == .complete)
        try await clerk.account.disableTOTP()
        try SpecCheck.validateAll(transport)
        let start = try #require(transport.requests.first { $0.url.path.hasSuffix("/verify") })
        #expect(start.form == ["level": "multi_factor"])
        let prepare = try #require(transport.requests(to: "/verify/prepare_first_factor").first)
        #expect(prepare.form["strategy"] == "email_code")
        #expect(prepare.form["email_address_id"]?.hasPrefix("idn_") == true)
        #expect(transport.requests(to: "/v1/me/totp/attempt_verification").first?.form.keys.sorted() == ["code"])
    }

    @available(OS2023, *)
    @Test func passkeyAndExternalAccountRequestsFitTheDescription() async throws {
        let (clerk, transport, emulator) = try await Self.signedIn()
        let userId = try #require(clerk.user?.id)
        let passkeyId = try await emulator.addPasskey(userId: userId)
        let google = try await emulator.addExternalAccount(
            userId: userId, provider: "google", emailAddress: "a@g.example")
        try await clerk.account.reload()
        _ = try await clerk.account.passkey(passkeyId)
        try await clerk.account.renamePasskey(passkeyId, to: "Laptop")
        try await clerk.account.deletePasskey(passkeyId)
        _ = try await clerk.account.reauthorizeExternalAccount(
            google, redirectUrl: "myapp://callback", additionalScopes: ["a", "b"])
        try await clerk.account.deleteExternalAccount(google)
        try SpecCheck.validateAll(transport)
        let reauthorize = try #require(transport.requests(to: "/reauthorize").first)
        #expect(reauthorize.method == "PATCH")
        #expect(reauthorize.formItems.filter { $0.0 == "additional_scope" }.map(\.1) == ["a", "b"])
        #expect(reauthorize.form["redirect_url"] == "myapp://callback")
    }

    @available(OS2023, *)
    @Test func bodiesCarryTheFieldsClerkIOSSends() async throws {
        let (clerk, transport, _) = try await Self.signedIn()
        let account = clerk.account
        try await account.changePassword(currentPassword: "analytical-engine-1843", newPassword: "difference-engine")
        let change = try #require(transport.requests(to: "/v1/me/change_password").last)
        #expect(
            change.form == [
                "current_password": "analytical-engine-1843", "new_password": "difference-engine",
                "sign_out_of_other_sessions": "1",
            ])
        try await account.updateMetadata(unsafeMetadata: .object(["plan": .string("pro")]))
        #expect(transport.requests(to: "/v1/me/metadata").last?.form == ["unsafe_metadata": #"{"plan":"pro"}"#])
        let email = try await account.createEmailAddress("ada+clerk_test@example.com")
        try await account.prepareVerification(emailAddressId: email.id)
        #expect(transport.requests(to: "/prepare_verification").last?.form == ["strategy": "email_code"])
        try await account.update(UserUpdate(firstName: "Augusta"))
        let patch = try #require(transport.requests.last { $0.method == "PATCH" && $0.url.path == "/v1/me" })
        #expect(patch.form == ["first_name": "Augusta"])  // nothing else is touched
    }

    @available(OS2023, *)
    @Test func theProfileImageIsOneMultipartFilePart() async throws {
        // Boundary and file name come from the injected randomness.
        let (clerk, transport, _) = try await Self.signedIn(randomness: CountingRandomness())
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data("pixels".utf8)
        try await clerk.account.setProfileImage(jpeg)
        let upload = try #require(transport.requests(to: "/v1/me/profile_image").last)
        let boundary = CountingRandomness.uuid(1).uuidString
        #expect(upload.headers["Content-Type"] == "multipart/form-data; boundary=\(boundary)")
        let fileName = CountingRandomness.uuid(2).uuidString.lowercased()
        let body = try #require(upload.body)
        let text = String(decoding: body, as: UTF8.self)
        #expect(
            text.hasPrefix(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(fileName)\"\r\n"))
        #expect(text.contains("\r\nContent-Type: image/jpeg\r\n\r\n"))
        #expect(text.hasSuffix("\r\n--\(boundary)--\r\n"))
        #expect(body.range(of: jpeg) != nil)
    }

    @available(OS2023, *)
    @Test func signedOutAccountCallsSendNothing() async throws {
        let transport = StubTransport(routes: [:])
        let harness = try ClerkHarness(transport: transport)
        let error = await caught { try await harness.clerk.account.update(UserUpdate(firstName: "x")) }
        #expect(error?.code == .notSignedIn)
        #expect(transport.requests.isEmpty)
    }
}
