import Foundation

@testable import ClerkKitTesting

/// Users and contexts for the state-machine tests.
@available(OS2023, *)
enum MachineFixtures {
    static let now: Millis = 1_800_000_000_000
    static let password = "correct horse battery"
    static let secret = Array("12345678901234567890".utf8)

    static func user(totp: Bool = false, smsSecondFactor: Bool = false, backupCodes: [String] = []) -> UserRecord {
        var user = UserRecord(id: "user_1", username: "ada_l", createdAt: now, updatedAt: now)
        user.emails = [
            EmailRecord(id: "idn_email", address: "ada@example.com", verificationStrategy: "admin", createdAt: now)
        ]
        user.phones = [
            PhoneRecord(
                id: "idn_phone", number: "+14155552671", verificationStrategy: "admin",
                reservedForSecondFactor: smsSecondFactor, defaultSecondFactor: smsSecondFactor, createdAt: now)
        ]
        user.primaryEmailId = "idn_email"
        user.primaryPhoneId = "idn_phone"
        user.password = PasswordDigest(password: password, salt: Array("salt".utf8))
        user.totpSecret = totp ? secret : nil
        user.backupCodes = backupCodes
        return user
    }

    static func signInContext(
        _ user: UserRecord?, now: Millis = now, configuration: ClerkEmulator.Configuration = .init()
    ) -> SignInMachine.Context {
        SignInMachine.Context(
            configuration: configuration, passwordPolicy: PasswordPolicy(configuration: configuration, overlay: nil),
            user: user, now: now, freshCode: "135790", newSessionId: "sess_new")
    }

    static func signUpContext(
        now: Millis = now, configuration: ClerkEmulator.Configuration = .init(), taken: Set<String> = []
    ) -> SignUpMachine.Context {
        SignUpMachine.Context(
            configuration: configuration, passwordPolicy: PasswordPolicy(configuration: configuration, overlay: nil),
            now: now, freshCode: "246801",
            isTaken: { _, value in taken.contains(value.lowercased()) }, newUserId: "user_new",
            newSessionId: "sess_new")
    }

    static func failure<Action>(_ result: Result<[Action], FAPIError>) -> FAPIError? {
        if case .failure(let error) = result { return error }
        return nil
    }

    static func actions<Action>(_ result: Result<[Action], FAPIError>) -> [Action]? {
        if case .success(let actions) = result { return actions }
        return nil
    }
}
