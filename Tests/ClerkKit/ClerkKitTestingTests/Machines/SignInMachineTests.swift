import Foundation
import Testing

@testable import ClerkKitTesting

@Suite("SignInMachine")
struct SignInMachineTests {
    @available(OS2023, *)
    typealias F = MachineFixtures

    @available(OS2023, *)
    private func identified(_ user: UserRecord = F.user(), identifier: String = "ada@example.com") -> SignInMachine {
        var machine = SignInMachine(id: "sia_1", createdAt: F.now)
        _ = machine.handle(
            .create(identifier: identifier, strategy: nil, password: nil), context: F.signInContext(user))
        return machine
    }

    @Test("Create without an identifier waits for one; a strategy without one is form_param_missing")
    @available(OS2023, *)
    func createWithoutIdentifier() {
        var machine = SignInMachine(id: "sia_1", createdAt: F.now)
        #expect(
            F.actions(
                machine.handle(.create(identifier: nil, strategy: nil, password: nil), context: F.signInContext(nil)))
                == [])
        #expect(machine.status == .needsIdentifier)
        var withStrategy = SignInMachine(id: "sia_2", createdAt: F.now)
        let result = withStrategy.handle(
            .create(identifier: nil, strategy: "email_code", password: nil), context: F.signInContext(nil))
        #expect(F.failure(result)?.code == "form_param_missing")
    }

    @Test("An unknown identifier fails and leaves the sign-in unidentified")
    @available(OS2023, *)
    func unknownIdentifier() {
        var machine = SignInMachine(id: "sia_1", createdAt: F.now)
        let result = machine.handle(
            .create(identifier: "x@example.com", strategy: nil, password: nil), context: F.signInContext(nil))
        #expect(F.failure(result) == .identifierNotFound)
        #expect(machine.status == .needsIdentifier)
        #expect(machine.identifier == nil)
    }

    @Test("A disabled identifier kind is rejected")
    @available(OS2023, *)
    func disabledIdentifier() {
        var machine = SignInMachine(id: "sia_1", createdAt: F.now)
        let result = machine.handle(
            .create(identifier: "ada_l", strategy: nil, password: nil),
            context: F.signInContext(F.user(), configuration: .init(identifiers: [.emailAddress])))
        #expect(F.failure(result)?.code == "form_param_value_invalid")
    }

    @Test("Password on create completes and asks for a session")
    @available(OS2023, *)
    func passwordOnCreate() {
        var machine = SignInMachine(id: "sia_1", createdAt: F.now)
        let result = machine.handle(
            .create(identifier: "ADA@example.com", strategy: nil, password: F.password),
            context: F.signInContext(F.user()))
        #expect(F.actions(result) == [.createSession(userId: "user_1", strategy: "password", secondFactor: false)])
        #expect(machine.status == .complete)
        #expect(machine.createdSessionId == "sess_new")
        #expect(machine.firstFactor?.status == .verified)
    }

    @Test("A wrong password is counted and keeps the sign-in waiting for a first factor")
    @available(OS2023, *)
    func wrongPassword() {
        var machine = identified()
        for attempt in 1...2 {
            let result = machine.handle(
                .attemptFirstFactor(strategy: "password", code: nil, password: "nope"),
                context: F.signInContext(F.user()))
            #expect(F.failure(result) == .passwordIncorrect)
            #expect(machine.firstFactor?.attempts == attempt)
        }
        #expect(machine.status == .needsFirstFactor)
    }

    @Test("Email code: prepare delivers the fresh code; attempt completes")
    @available(OS2023, *)
    func emailCode() {
        var machine = identified()
        let prepared = machine.handle(
            .prepareFirstFactor(strategy: "email_code", emailAddressId: nil, phoneNumberId: nil),
            context: F.signInContext(F.user()))
        #expect(
            F.actions(prepared) == [
                .deliver(Delivery(channel: .email, to: "ada@example.com", code: "135790", purpose: "sign_in"))
            ])
        #expect(machine.firstFactor?.expireAt == F.now + 600_000)
        #expect(machine.firstFactor?.targetId == "idn_email")
        let attempted = machine.handle(
            .attemptFirstFactor(strategy: "email_code", code: "135790", password: nil),
            context: F.signInContext(F.user()))
        #expect(F.actions(attempted) == [.createSession(userId: "user_1", strategy: "email_code", secondFactor: false)])
    }

    @Test("Test-mode identifiers get 424242 and no delivery")
    @available(OS2023, *)
    func testMode() {
        var user = F.user()
        user.emails[0].address = "ada+clerk_test@example.com"
        user.phones[0].number = "+12015550155"
        var machine = identified(user, identifier: "ada+clerk_test@example.com")
        let email = machine.handle(
            .prepareFirstFactor(strategy: "email_code", emailAddressId: nil, phoneNumberId: nil),
            context: F.signInContext(user))
        #expect(F.actions(email) == [])
        #expect(machine.firstFactor?.code == "424242")
        let phone = machine.handle(
            .prepareFirstFactor(strategy: "phone_code", emailAddressId: nil, phoneNumberId: "idn_phone"),
            context: F.signInContext(user))
        #expect(F.actions(phone) == [])
        #expect(TestMode.isTestIdentifier("+1 (201) 555-0199"))
        #expect(!TestMode.isTestIdentifier("+1 (201) 555-0200"))
        #expect(!TestMode.isTestIdentifier("+44 20 7946 0958"))
        #expect(!TestMode.isTestIdentifier("ada@example.com"))
    }

    @Test("Attempting a code that was never prepared is verification_missing")
    @available(OS2023, *)
    func attemptWithoutPrepare() {
        var machine = identified()
        let result = machine.handle(
            .attemptFirstFactor(strategy: "phone_code", code: "123456", password: nil),
            context: F.signInContext(F.user()))
        #expect(F.failure(result) == .verificationMissing)
    }

    @Test("Wrong codes count up to the limit, then the verification fails for good")
    @available(OS2023, *)
    func attemptLimit() {
        var machine = identified()
        let context = F.signInContext(F.user(), configuration: .init(maximumCodeAttempts: 3))
        _ = machine.handle(
            .prepareFirstFactor(strategy: "email_code", emailAddressId: nil, phoneNumberId: nil), context: context)
        for _ in 1...3 {
            let result = machine.handle(
                .attemptFirstFactor(strategy: "email_code", code: "000000", password: nil), context: context)
            #expect(F.failure(result) == .codeIncorrect)
        }
        #expect(machine.firstFactor?.status == .failed)
        let right = machine.handle(
            .attemptFirstFactor(strategy: "email_code", code: "135790", password: nil), context: context)
        #expect(F.failure(right) == .verificationFailed)
        #expect(machine.status == .needsFirstFactor)
    }

    @Test("A code past its expiry is verification_expired")
    @available(OS2023, *)
    func expiry() {
        var machine = identified()
        _ = machine.handle(
            .prepareFirstFactor(strategy: "email_code", emailAddressId: nil, phoneNumberId: nil),
            context: F.signInContext(F.user()))
        let result = machine.handle(
            .attemptFirstFactor(strategy: "email_code", code: "135790", password: nil),
            context: F.signInContext(F.user(), now: F.now + 600_001))
        #expect(F.failure(result) == .verificationExpired)
        #expect(machine.firstFactor?.status == .expired)
    }

    @Test("A strategy the user or instance lacks is strategy_for_user_invalid")
    @available(OS2023, *)
    func invalidStrategies() {
        var noPassword = F.user()
        noPassword.password = nil
        var machine = identified(noPassword)
        let password = machine.handle(
            .attemptFirstFactor(strategy: "password", code: nil, password: "x"), context: F.signInContext(noPassword))
        #expect(F.failure(password)?.code == "strategy_for_user_invalid")
        let disabled = machine.handle(
            .prepareFirstFactor(strategy: "phone_code", emailAddressId: nil, phoneNumberId: nil),
            context: F.signInContext(noPassword, configuration: .init(firstFactors: [.emailCode])))
        #expect(F.failure(disabled)?.code == "strategy_for_user_invalid")
        let unknown = machine.handle(
            .prepareFirstFactor(strategy: "carrier_pigeon", emailAddressId: nil, phoneNumberId: nil),
            context: F.signInContext(noPassword))
        #expect(F.failure(unknown)?.code == "strategy_for_user_invalid")
    }

    @Test("TOTP second factor: the RFC 6238 code completes with the second factor recorded")
    @available(OS2023, *)
    func totpSecondFactor() {
        let user = F.user(totp: true)
        var machine = identified(user)
        let first = machine.handle(
            .attemptFirstFactor(strategy: "password", code: nil, password: F.password), context: F.signInContext(user))
        #expect(F.actions(first) == [])
        #expect(machine.status == .needsSecondFactor)
        let wrong = machine.handle(
            .attemptSecondFactor(strategy: "totp", code: "000000"), context: F.signInContext(user))
        #expect(F.failure(wrong) == .codeIncorrect)
        let code = TOTP.code(secret: F.secret, at: F.now)
        let right = machine.handle(.attemptSecondFactor(strategy: "totp", code: code), context: F.signInContext(user))
        #expect(F.actions(right) == [.createSession(userId: "user_1", strategy: "password", secondFactor: true)])
    }

    @Test("A backup code completes and is consumed")
    @available(OS2023, *)
    func backupCode() {
        let user = F.user(totp: true, backupCodes: ["aaaa1111", "bbbb2222"])
        var machine = identified(user)
        _ = machine.handle(
            .attemptFirstFactor(strategy: "password", code: nil, password: F.password), context: F.signInContext(user))
        let result = machine.handle(
            .attemptSecondFactor(strategy: "backup_code", code: "bbbb2222"), context: F.signInContext(user))
        #expect(
            F.actions(result) == [
                .consumeBackupCode(userId: "user_1", code: "bbbb2222"),
                .createSession(userId: "user_1", strategy: "password", secondFactor: true),
            ])
    }

    @Test("SMS second factor: prepare delivers to the MFA phone")
    @available(OS2023, *)
    func smsSecondFactor() {
        let user = F.user(smsSecondFactor: true)
        var machine = identified(user)
        _ = machine.handle(
            .attemptFirstFactor(strategy: "password", code: nil, password: F.password), context: F.signInContext(user))
        #expect(SignInMachine.secondFactors(for: user, .init()).map(\.strategy) == ["phone_code"])
        let prepared = machine.handle(
            .prepareSecondFactor(strategy: "phone_code", phoneNumberId: nil), context: F.signInContext(user))
        #expect(
            F.actions(prepared) == [
                .deliver(Delivery(channel: .sms, to: "+14155552671", code: "135790", purpose: "second_factor"))
            ])
        let attempted = machine.handle(
            .attemptSecondFactor(strategy: "phone_code", code: "135790"), context: F.signInContext(user))
        #expect(F.actions(attempted) == [.createSession(userId: "user_1", strategy: "password", secondFactor: true)])
    }

    @Test("Reset password: code, new password, session; with a second factor it waits for it")
    @available(OS2023, *)
    func resetPassword() {
        for totp in [false, true] {
            let user = F.user(totp: totp)
            var machine = identified(user)
            _ = machine.handle(
                .prepareFirstFactor(strategy: "reset_password_email_code", emailAddressId: nil, phoneNumberId: nil),
                context: F.signInContext(user))
            _ = machine.handle(
                .attemptFirstFactor(strategy: "reset_password_email_code", code: "135790", password: nil),
                context: F.signInContext(user))
            #expect(machine.status == .needsNewPassword)
            let short = machine.handle(
                .resetPassword(password: "short", signOutOfOtherSessions: true), context: F.signInContext(user))
            #expect(F.failure(short) == .passwordTooShort(8))
            let reset = machine.handle(
                .resetPassword(password: "a new password", signOutOfOtherSessions: false),
                context: F.signInContext(user))
            let change = SignInMachine.Action.setPassword(
                userId: "user_1", password: "a new password", signOutOfOtherSessions: false)
            if totp {
                #expect(F.actions(reset) == [change])
                #expect(machine.status == .needsSecondFactor)
            } else {
                #expect(
                    F.actions(reset) == [
                        change,
                        .createSession(userId: "user_1", strategy: "reset_password_email_code", secondFactor: false),
                    ])
                #expect(machine.status == .complete)
            }
        }
    }

    @Test("Email link: prepare sends a link token; opening the link verifies and completes")
    @available(OS2023, *)
    func emailLink() {
        let configuration = ClerkEmulator.Configuration(firstFactors: [.emailLink])
        var machine = identified()
        var context = F.signInContext(F.user(), configuration: configuration)
        context.freshLinkToken = "link-token"
        let prepared = machine.handle(
            .prepareFirstFactor(strategy: "email_link", emailAddressId: "idn_email", phoneNumberId: nil),
            context: context)
        #expect(
            F.actions(prepared) == [
                .deliver(
                    Delivery(
                        channel: .email, to: "ada@example.com", code: nil, linkToken: "link-token", purpose: "sign_in"))
            ])
        #expect(F.failure(machine.handle(.verifyLink(token: "other"), context: context)) == .codeIncorrect)
        let opened = machine.handle(.verifyLink(token: "link-token"), context: context)
        #expect(F.actions(opened) == [.createSession(userId: "user_1", strategy: "email_link", secondFactor: false)])
    }

    @available(OS2023, *)
    enum Stage: String, CaseIterable, Sendable {
        case needsIdentifier, needsFirstFactor, needsSecondFactor, needsNewPassword, complete
    }

    @available(OS2023, *)
    enum InputKind: String, CaseIterable, Sendable {
        case create, prepareFirst, attemptFirst, prepareSecond, attemptSecond, reset, verifyLink
    }

    /// A machine in `stage`, for a user with TOTP and an SMS second factor.
    @available(OS2023, *)
    private func machine(in stage: Stage) -> SignInMachine {
        let user = F.user(totp: true, smsSecondFactor: true)
        var machine = SignInMachine(id: "sia_1", createdAt: F.now)
        let context = F.signInContext(user)
        switch stage {
        case .needsIdentifier:
            break
        case .needsFirstFactor:
            _ = machine.handle(.create(identifier: "ada@example.com", strategy: nil, password: nil), context: context)
        case .needsSecondFactor, .complete:
            _ = machine.handle(
                .create(identifier: "ada@example.com", strategy: nil, password: F.password), context: context)
            if stage == .complete {
                _ = machine.handle(
                    .attemptSecondFactor(strategy: "totp", code: TOTP.code(secret: F.secret, at: F.now)),
                    context: context)
            }
        case .needsNewPassword:
            _ = machine.handle(.create(identifier: "ada@example.com", strategy: nil, password: nil), context: context)
            _ = machine.handle(
                .prepareFirstFactor(strategy: "reset_password_email_code", emailAddressId: nil, phoneNumberId: nil),
                context: context)
            _ = machine.handle(
                .attemptFirstFactor(strategy: "reset_password_email_code", code: "135790", password: nil),
                context: context)
        }
        return machine
    }

    @available(OS2023, *)
    private func input(_ kind: InputKind) -> SignInMachine.Input {
        switch kind {
        case .create: .create(identifier: "ada@example.com", strategy: nil, password: nil)
        case .prepareFirst: .prepareFirstFactor(strategy: "email_code", emailAddressId: nil, phoneNumberId: nil)
        case .attemptFirst: .attemptFirstFactor(strategy: "password", code: nil, password: F.password)
        case .prepareSecond: .prepareSecondFactor(strategy: "phone_code", phoneNumberId: nil)
        case .attemptSecond: .attemptSecondFactor(strategy: "backup_code", code: "x")
        case .reset: .resetPassword(password: "a new password", signOutOfOtherSessions: true)
        case .verifyLink: .verifyLink(token: "token")
        }
    }

    /// Which inputs each stage accepts; every other pair is rejected with the machine unchanged.
    @available(OS2023, *)
    private func accepts(_ stage: Stage, _ kind: InputKind) -> Bool {
        switch (stage, kind) {
        case (.needsIdentifier, .create), (.needsFirstFactor, .prepareFirst), (.needsFirstFactor, .attemptFirst),
            (.needsSecondFactor, .prepareSecond), (.needsNewPassword, .reset):
            true
        default: false
        }
    }

    @Test("Every stage rejects the inputs it does not take, unchanged", arguments: Stage.allCases, InputKind.allCases)
    @available(OS2023, *)
    func transitions(stage: Stage, kind: InputKind) {
        var machine = machine(in: stage)
        #expect(machine.status.rawValue.replacingOccurrences(of: "_", with: "") == stage.rawValue.lowercased())
        let before = machine
        let result = machine.handle(input(kind), context: F.signInContext(F.user(totp: true, smsSecondFactor: true)))
        if accepts(stage, kind) {
            #expect(F.failure(result) == nil)
        } else {
            #expect(F.failure(result) != nil)
            #expect(machine == before)
        }
    }
}
