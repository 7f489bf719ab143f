import Foundation
import Testing

@testable import ClerkKitTesting

/// The provider inputs of the sign-in and sign-up machines: every outcome of a provider step, in every state
/// where it can arrive.
@Suite("Sign-in and sign-up machines: OAuth, SSO, ID tokens, transfers and passkeys")
struct ProviderMachineTests {
    @available(OS2023, *)
    typealias F = MachineFixtures
    @available(OS2023, *)
    static let ada = ProviderIdentity(
        provider: "google", providerUserId: "g-1", emailAddress: "ada@example.com", firstName: "Ada", lastName: "L")

    @available(OS2023, *)
    static func started(strategy: String = "oauth_google", user: UserRecord? = nil) -> SignInMachine {
        var machine = SignInMachine(id: "sia_1", createdAt: F.now)
        _ = machine.startExternal(
            strategy: strategy, identifier: user?.displayIdentifier, user: user, url: "https://idp/authorize",
            F.signInContext(user))
        return machine
    }

    @available(OS2023, *)
    @Test func aProviderStepEndsVerifiedTransferableFailedOrExpired() {
        let user = F.user()
        var known = Self.started()
        let done = known.externalVerified(Self.ada, user: user, F.signInContext(user))
        #expect(known.status == .complete)
        #expect(F.actions(done) == [.createSession(userId: user.id, strategy: "oauth_google", secondFactor: false)])
        #expect(known.firstFactor?.externalURL == "https://idp/authorize")

        var unknown = Self.started()
        #expect(F.actions(unknown.externalVerified(Self.ada, user: nil, F.signInContext(nil))) == [])
        #expect(unknown.firstFactor?.status == .transferable)
        #expect(unknown.status == .needsIdentifier)
        // A second callback for a step that already ended is refused.
        #expect(
            F.failure(unknown.externalVerified(Self.ada, user: user, F.signInContext(user)))?.code
                == "client_state_invalid")

        var declined = Self.started()
        declined.externalFailed(.verificationFailed)
        #expect(declined.firstFactor?.status == .failed)
        #expect(declined.firstFactor?.error == .verificationFailed)

        var late = Self.started()
        let lateContext = F.signInContext(user, now: F.now + SignInMachine.externalLifetime + 1)
        #expect(F.failure(late.externalVerified(Self.ada, user: user, lateContext)) == .verificationExpired)
        #expect(late.firstFactor?.status == .expired)

        var withMFA = Self.started()
        let mfaUser = F.user(totp: true)
        _ = withMFA.externalVerified(Self.ada, user: mfaUser, F.signInContext(mfaUser))
        #expect(withMFA.status == .needsSecondFactor)
    }

    @available(OS2023, *)
    @Test func ssoForSomeoneElseThanTheIdentifiedUserFails() {
        let user = F.user()
        var machine = Self.started(strategy: "enterprise_sso", user: user)
        var other = F.user()
        other.id = "user_2"
        let result = machine.externalVerified(Self.ada, user: other, F.signInContext(other))
        #expect(F.failure(result)?.code == "external_account_not_found")
        #expect(machine.firstFactor?.status == .failed)
        #expect(machine.status != .complete)
    }

    @available(OS2023, *)
    @Test func transfersAndIdentityCreatesNeedAFreshSignIn() {
        let user = F.user()
        var fresh = SignInMachine(id: "sia_2", createdAt: F.now)
        _ = fresh.transfer(from: "oauth_google", user: user, F.signInContext(user))
        #expect(fresh.status == .complete)
        #expect(fresh.firstFactor?.expireAt != nil)
        #expect(
            F.failure(fresh.transfer(from: "oauth_google", user: user, F.signInContext(user)))?.code
                == "client_state_invalid")
        var token = SignInMachine(id: "sia_3", createdAt: F.now)
        _ = token.createWithIdentity(strategy: "oauth_token_apple", identity: Self.ada, user: nil, F.signInContext(nil))
        #expect(token.firstFactor?.strategy == "oauth_token_apple")
        #expect(token.firstFactor?.status == .transferable)
    }

    @available(OS2023, *)
    @Test func aSignUpThroughAProviderCompletesWithoutAPasswordOrTransfers() {
        var configuration = ClerkEmulator.Configuration()
        configuration.signUp.requiredFields = [.emailAddress, .password]
        let context = F.signUpContext(configuration: configuration)
        var machine = SignUpMachine(id: "sua_1", createdAt: F.now)
        _ = machine.startExternal(strategy: "oauth_google", url: "https://idp", context)
        let result = machine.externalVerified(Self.ada, existingUser: false, context)
        #expect(machine.status == .complete)
        guard case .createUser(let new)? = F.actions(result)?.first else {
            Issue.record("no user created")
            return
        }
        #expect(new.strategy == "oauth_google")
        #expect(new.externalAccount == Self.ada)
        #expect(new.password == nil)
        #expect(machine.emailVerification?.strategy == "from_oauth_google")

        var existing = SignUpMachine(id: "sua_2", createdAt: F.now)
        _ = existing.startExternal(strategy: "oauth_google", url: "https://idp", context)
        #expect(F.actions(existing.externalVerified(Self.ada, existingUser: true, context)) == [])
        #expect(existing.external?.status == .transferable)
        #expect(existing.status == .missingRequirements)

        var required = ClerkEmulator.Configuration()
        required.signUp.requiredFields = [.emailAddress, .username]
        let strict = F.signUpContext(configuration: required)
        var missing = SignUpMachine(id: "sua_3", createdAt: F.now)
        _ = missing.startExternal(strategy: "oauth_google", url: "https://idp", strict)
        _ = missing.externalVerified(Self.ada, existingUser: false, strict)
        #expect(missing.missingFields == ["username"])
        #expect(missing.status == .missingRequirements)
    }

    @available(OS2023, *)
    @Test func aPasskeyStepTakesOneUserAndExpires() {
        let user = F.user()
        var anyone = SignInMachine(id: "sia_4", createdAt: F.now)
        _ = anyone.startPasskey(challenge: "c", options: "{}", F.signInContext(nil))
        #expect(anyone.status == .needsFirstFactor)
        #expect((try? anyone.passkeyChallenge(now: F.now).get()) == "c")
        #expect(F.actions(anyone.passkeyVerified(user, F.signInContext(user)))?.count == 1)
        #expect(anyone.status == .complete)

        var identified = SignInMachine(id: "sia_5", createdAt: F.now)
        _ = identified.handle(
            .create(identifier: "ada@example.com", strategy: nil, password: nil), context: F.signInContext(user))
        _ = identified.startPasskey(challenge: "c", options: "{}", F.signInContext(user))
        var other = F.user()
        other.id = "user_2"
        #expect(F.failure(identified.passkeyVerified(other, F.signInContext(other)))?.code == "passkey_not_found")
        #expect(identified.firstFactor?.attempts == 1)

        var late = SignInMachine(id: "sia_6", createdAt: F.now)
        _ = late.startPasskey(challenge: "c", options: "{}", F.signInContext(nil))
        let expired = F.signInContext(user, now: F.now + 3_600_000)
        #expect(F.failure(late.passkeyVerified(user, expired)) == .verificationExpired)
        #expect(
            F.failure(SignInMachine(id: "x", createdAt: F.now).passkeyChallenge(now: F.now).map { [$0] })
                == .verificationMissing)
    }
}
