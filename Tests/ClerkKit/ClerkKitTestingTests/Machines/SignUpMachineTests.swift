import Foundation
import Testing

@testable import ClerkKitTesting

@Suite("SignUpMachine")
struct SignUpMachineTests {
    @available(OS2023, *)
    typealias F = MachineFixtures
    @available(OS2023, *)
    typealias Fields = SignUpMachine.Fields

    @available(OS2023, *)
    private func created(
        _ fields: Fields, configuration: ClerkEmulator.Configuration = .init()
    ) -> (SignUpMachine, Result<[SignUpMachine.Action], FAPIError>) {
        var machine = SignUpMachine(id: "sua_1", createdAt: F.now)
        let result = machine.handle(.create(fields), context: F.signUpContext(configuration: configuration))
        return (machine, result)
    }

    @Test("Email and password: nothing missing, the email unverified until its code is attempted")
    @available(OS2023, *)
    func emailFlow() {
        var (machine, result) = created(Fields(emailAddress: "new@example.com", password: F.password))
        #expect(F.actions(result) == [])
        #expect(machine.missingFields == [])
        #expect(machine.unverifiedFields == ["email_address"])
        #expect(machine.requiredFields == ["email_address", "password"])
        #expect(machine.optionalFields == ["phone_number", "username", "first_name", "last_name", "legal_accepted"])
        let prepared = machine.handle(.prepareVerification(strategy: "email_code"), context: F.signUpContext())
        #expect(
            F.actions(prepared) == [
                .deliver(Delivery(channel: .email, to: "new@example.com", code: "246801", purpose: "sign_up"))
            ])
        let wrong = machine.handle(
            .attemptVerification(strategy: "email_code", code: "000000"), context: F.signUpContext())
        #expect(F.failure(wrong) == .codeIncorrect)
        let right = machine.handle(
            .attemptVerification(strategy: "email_code", code: "246801"), context: F.signUpContext())
        guard case .createUser(let user)? = F.actions(right)?.first else {
            Issue.record("expected a user to be created")
            return
        }
        #expect(user.emailAddress == "new@example.com")
        #expect(user.password == F.password)
        #expect(user.strategy == "email_code")
        #expect(machine.status == .complete)
        #expect(machine.createdUserId == "user_new")
        #expect(machine.createdSessionId == "sess_new")
        #expect(machine.password == nil)
        #expect(machine.passwordEnabled)
    }

    @Test("Required fields stay missing until an update brings them")
    @available(OS2023, *)
    func missingFields() {
        let configuration = ClerkEmulator.Configuration(
            signUp: .init(requiredFields: [.emailAddress, .firstName, .legalAccepted], verifyEmailAddress: false))
        var (machine, _) = created(Fields(emailAddress: "new@example.com"), configuration: configuration)
        #expect(machine.missingFields == ["first_name", "legal_accepted"])
        #expect(machine.unverifiedFields == [])
        let context = F.signUpContext(configuration: configuration)
        _ = machine.handle(.update(Fields(firstName: "New")), context: context)
        #expect(machine.missingFields == ["legal_accepted"])
        #expect(machine.status == .missingRequirements)
        let done = machine.handle(.update(Fields(legalAccepted: true)), context: context)
        #expect(machine.status == .complete)
        #expect(machine.legalAcceptedAt == F.now)
        #expect(F.actions(done)?.count == 1)
    }

    @Test("A taken identifier is rejected and changes nothing")
    @available(OS2023, *)
    func taken() {
        var machine = SignUpMachine(id: "sua_1", createdAt: F.now)
        let before = machine
        let result = machine.handle(
            .create(Fields(emailAddress: "Taken@example.com", password: F.password)),
            context: F.signUpContext(taken: ["taken@example.com"]))
        #expect(F.failure(result) == .identifierExists("email_address"))
        #expect(machine.emailAddress == before.emailAddress)
        #expect(machine.password == nil)
    }

    @Test("Malformed identifiers and disabled fields are rejected")
    @available(OS2023, *)
    func invalidFields() {
        #expect(F.failure(created(Fields(emailAddress: "not-an-email")).1)?.code == "form_param_format_invalid")
        #expect(F.failure(created(Fields(phoneNumber: "555")).1)?.code == "form_param_format_invalid")
        #expect(F.failure(created(Fields(username: "ab")).1)?.code == "form_param_format_invalid")
        #expect(F.failure(created(Fields(password: "short")).1) == .passwordTooShort(8))
        let noUsernames = ClerkEmulator.Configuration(identifiers: [.emailAddress])
        #expect(
            F.failure(created(Fields(username: "ada_l"), configuration: noUsernames).1) == .paramUnknown("username"))
    }

    @Test("Changing the email address drops its verification")
    @available(OS2023, *)
    func changeEmail() {
        var (machine, _) = created(Fields(emailAddress: "a@example.com", password: F.password))
        _ = machine.handle(.prepareVerification(strategy: "email_code"), context: F.signUpContext())
        #expect(machine.emailVerification != nil)
        _ = machine.handle(.update(Fields(emailAddress: "b@example.com")), context: F.signUpContext())
        #expect(machine.emailVerification == nil)
        #expect(machine.emailAddress == "b@example.com")
        let attempt = machine.handle(
            .attemptVerification(strategy: "email_code", code: "246801"), context: F.signUpContext())
        #expect(F.failure(attempt) == .verificationMissing)
    }

    @Test("Test-mode phone numbers verify with 424242 without a delivery")
    @available(OS2023, *)
    func testPhone() {
        let configuration = ClerkEmulator.Configuration(signUp: .init(requiredFields: [.phoneNumber]))
        var (machine, _) = created(Fields(phoneNumber: "+1 201 555 0100"), configuration: configuration)
        #expect(machine.phoneNumber == "+12015550100")
        let context = F.signUpContext(configuration: configuration)
        #expect(F.actions(machine.handle(.prepareVerification(strategy: "phone_code"), context: context)) == [])
        let done = machine.handle(.attemptVerification(strategy: "phone_code", code: "424242"), context: context)
        #expect(F.actions(done)?.count == 1)
        #expect(machine.status == .complete)
    }

    @Test("Without verification the sign-up completes on create")
    @available(OS2023, *)
    func noVerification() {
        let configuration = ClerkEmulator.Configuration(signUp: .init(verifyEmailAddress: false))
        let (machine, result) = created(
            Fields(emailAddress: "new@example.com", password: F.password), configuration: configuration)
        #expect(machine.status == .complete)
        #expect(F.actions(result)?.count == 1)
    }

    @Test("A complete sign-up rejects every further input")
    @available(OS2023, *)
    func completeIsFinal() {
        let configuration = ClerkEmulator.Configuration(signUp: .init(verifyEmailAddress: false))
        var (machine, _) = created(
            Fields(emailAddress: "new@example.com", password: F.password), configuration: configuration)
        let inputs: [SignUpMachine.Input] = [
            .create(Fields(emailAddress: "x@example.com")), .update(Fields(firstName: "X")),
            .prepareVerification(strategy: "email_code"), .attemptVerification(strategy: "email_code", code: "1"),
        ]
        for input in inputs {
            let before = machine
            #expect(
                F.failure(machine.handle(input, context: F.signUpContext(configuration: configuration)))?.code
                    == "client_state_invalid")
            #expect(machine == before)
        }
    }

    @Test("Preparing a verification for a missing identifier or an unknown strategy fails")
    @available(OS2023, *)
    func prepareErrors() {
        var (machine, _) = created(Fields(emailAddress: "new@example.com"))
        #expect(
            F.failure(machine.handle(.prepareVerification(strategy: "phone_code"), context: F.signUpContext()))?.code
                == "client_state_invalid")
        #expect(
            F.failure(machine.handle(.prepareVerification(strategy: "web3"), context: F.signUpContext()))?.code
                == "strategy_for_user_invalid")
        #expect(
            F.failure(machine.handle(.attemptVerification(strategy: "web3", code: "1"), context: F.signUpContext()))?
                .code == "strategy_for_user_invalid")
    }
}
