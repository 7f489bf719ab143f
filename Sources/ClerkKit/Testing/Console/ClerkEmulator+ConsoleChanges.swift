import ClerkKit
import Foundation

/// The changes the emulator console makes, each a JSON object in and a status with a JSON answer out.
@available(OS2023, *)
extension ClerkEmulator {
    /// Carries out the console change `name` with `body`: user, session, configuration, clock, fault and log
    /// changes. A refusal is `400` (or `404` for an unknown user or session) with `{"error": …}`.
    func consoleChange(_ name: String, _ body: [String: Any]) -> (status: Int, body: JSON) {
        do throws(ClerkError) {
            switch name {
            case "users/create":
                try checkConsolePassword(Self.text(body["password"]))
                let user = try createUser(
                    emailAddress: Self.text(body["emailAddress"]), phoneNumber: Self.text(body["phoneNumber"]),
                    username: Self.text(body["username"]), password: Self.text(body["password"]),
                    firstName: Self.text(body["firstName"]), lastName: Self.text(body["lastName"]))
                return (201, ["id": .string(user.id)])
            case "users/update":
                try updateUser(try Self.required(body, "id")) { user, _ in
                    if body["firstName"] != nil { user.firstName = Self.text(body["firstName"]) }
                    if body["lastName"] != nil { user.lastName = Self.text(body["lastName"]) }
                    if body["username"] != nil { user.username = Self.text(body["username"]) }
                }
            case "users/delete":
                try deleteUserFromConsole(try Self.required(body, "id"))
            case "users/password":
                let password = try Self.required(body, "password")
                try checkConsolePassword(password)
                try updateUser(try Self.required(body, "id")) { user, now in
                    user.password = PasswordDigest(password: password, salt: Array(IDs.random(16).utf8))
                    user.passwordUpdatedAt = now
                    user.passwordResetRequired = false
                }
            case "users/require-password-reset":
                try requirePasswordReset(userId: try Self.required(body, "id"))
            case "users/mfa":
                let id = try Self.required(body, "id")
                if body["enabled"] as? Bool == false {
                    try updateUser(id) { user, _ in
                        user.totpSecret = nil
                        user.backupCodes = []
                        for index in user.phones.indices { user.phones[index].reservedForSecondFactor = false }
                        user.mfaEnabledAt = nil
                    }
                    return (200, ["ok": true])
                }
                let secret = try enableTOTP(userId: id)
                return (200, ["ok": true, "totpSecret": .string(secret)])
            case "sessions/revoke", "sessions/expire", "sessions/expire-token":
                try changeSessionFromConsole(name, id: try Self.required(body, "id"))
            case "configuration":
                try configureFromConsole(body)
            case "clock/advance":
                guard let seconds = body["seconds"] as? Double, seconds.isFinite, abs(seconds) < 1e9 else {
                    throw ClerkError(.emulator, "seconds must be a number")
                }
                advanceClock(by: .milliseconds(Int64(seconds * 1000)))
            case "faults/add":
                inject(try Self.fault(body))
            case "faults/clear":
                clearFaults()
            case "requests/clear":
                clearRequestLog()
            default:
                return (404, ["error": "no such console change"])
            }
            return (200, ["ok": true])
        } catch {
            return (error.message.hasPrefix("no ") ? 404 : 400, ["error": .string(error.message)])
        }
    }

    private func deleteUserFromConsole(_ id: String) throws(ClerkError) {
        var store = try requireStore()
        guard store.users[id] != nil else { throw ClerkError(.emulator, "no user \(id)") }
        for session in store.sessions.values where session.userId == id && session.status == .active {
            store.endSession(session.id, status: .removed, now: nowMillis)
        }
        store.users[id] = nil
        store.userOrder.removeAll { $0 == id }
        store.memberships.removeAll { $0.userId == id }
        self.store = store
    }

    private func changeSessionFromConsole(_ name: String, id: String) throws(ClerkError) {
        var store = try requireStore()
        guard store.sessions[id] != nil else { throw ClerkError(.emulator, "no session \(id)") }
        switch name {
        case "sessions/revoke": store.endSession(id, status: .revoked, now: nowMillis)
        case "sessions/expire": store.endSession(id, status: .expired, now: nowMillis)
        default:
            // The session stays; its current token is dropped, so clients must fetch a fresh one.
            store.sessions[id]?.lastActiveToken = nil
        }
        self.store = store
    }

    private func configureFromConsole(_ body: [String: Any]) throws(ClerkError) {
        var store = try requireStore()
        var configuration = store.configuration
        if let values = body["identifiers"] {
            configuration.identifiers = try Self.set(values, Identifier.init(rawValue:), "identifiers")
        }
        if let values = body["firstFactors"] {
            configuration.firstFactors = try Self.set(values, FirstFactor.init(rawValue:), "firstFactors")
        }
        if let values = body["secondFactors"] {
            configuration.secondFactors = try Self.set(values, SecondFactor.init(rawValue:), "secondFactors")
        }
        if let values = body["requiredFields"] {
            configuration.signUp.requiredFields = try Self.set(values, SignUpField.init(rawValue:), "requiredFields")
        }
        if let value = body["verifyEmailAddress"] as? Bool { configuration.signUp.verifyEmailAddress = value }
        if let value = body["verifyPhoneNumber"] as? Bool { configuration.signUp.verifyPhoneNumber = value }
        if let value = body["minimumPasswordLength"] as? Int, (1...256).contains(value) {
            configuration.signUp.minimumPasswordLength = value
        }
        if let raw = body["signUpMode"] as? String {
            guard let mode = SignUpMode(rawValue: raw) else { throw ClerkError(.emulator, "unknown signUpMode") }
            configuration.signUp.mode = mode
        }
        if let value = body["singleSessionMode"] as? Bool { configuration.singleSessionMode = value }
        if let value = body["organizationsEnabled"] as? Bool { configuration.organizations.enabled = value }
        if let value = body["secondFactorRequired"] as? Bool { configuration.secondFactorRequired = value }
        if let value = body["forceOrganizationSelection"] as? Bool {
            configuration.organizations.forceSelection = value
        }
        if let value = body["maximumMemberships"] as? Int, (0...1000).contains(value) {
            configuration.organizations.maximumMemberships = value
        }
        store.configuration = configuration
        self.store = store
    }

    private static func fault(_ body: [String: Any]) throws(ClerkError) -> Fault {
        let path = try required(body, "path")
        let outcome: Fault.Outcome
        switch body["outcome"] as? String ?? "error" {
        case "drop": outcome = .dropConnection
        case "delay": outcome = .proceed
        default:
            let status = body["status"] as? Int ?? 500
            guard (400...599).contains(status) else { throw ClerkError(.emulator, "status must be 400–599") }
            outcome = .error(status: status, code: text(body["code"]) ?? "internal_clerk_error")
        }
        let delay = (body["delaySeconds"] as? Double).map { min(max($0, 0), 60) } ?? 0
        let times = body["times"] as? Int
        return Fault(
            method: text(body["method"]), path: path, delay: .milliseconds(Int64(delay * 1000)), outcome: outcome,
            times: times.map { max(1, $0) })
    }

    private static func set<Value: Hashable>(_ values: Any, _ make: (String) -> Value?, _ name: String)
        throws(ClerkError)
        -> Set<Value>
    {
        guard let strings = values as? [String] else { throw ClerkError(.emulator, "\(name) must be a list") }
        var result = Set<Value>()
        for string in strings {
            guard let value = make(string) else { throw ClerkError(.emulator, "unknown \(name) value \(string)") }
            result.insert(value)
        }
        return result
    }

    private static func text(_ value: Any?) -> String? {
        guard let string = value as? String else { return nil }
        let trimmed = string.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }

    private static func required(_ body: [String: Any], _ key: String) throws(ClerkError) -> String {
        guard let value = text(body[key]) else { throw ClerkError(.emulator, "\(key) is required") }
        return value
    }

    /// A password set from the console meets the instance's rules, as one set by the user would.
    private func checkConsolePassword(_ password: String?) throws(ClerkError) {
        guard let password, let problem = store?.passwordPolicy.problem(with: password) else { return }
        throw ClerkError(.emulator, problem.message)
    }
}
