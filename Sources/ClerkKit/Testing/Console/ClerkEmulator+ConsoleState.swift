import Foundation

/// What the emulator console shows: everything in one JSON document, which the page polls.
@available(OS2023, *)
extension ClerkEmulator {
    /// The most request-log entries the console shows (the newest).
    static let consoleLogEntries = 200

    /// The instance as the console shows it: users with their identifiers, MFA and sessions; sessions; the outbox;
    /// the configuration; the clock; faults; the JWKS; the newest requests. Never a password or a secret.
    func consoleState() -> JSON {
        guard let store else { return ["error": "the emulator has no signing key"] }
        let now = nowMillis
        let users: [JSON] = store.userOrder.compactMap { store.users[$0] }.map { user in
            let sessions = store.sessions.values.filter { $0.userId == user.id }.sorted { $0.createdAt < $1.createdAt }
            return .object([
                ("id", .string(user.id)), ("firstName", .optional(user.firstName)),
                ("lastName", .optional(user.lastName)), ("username", .optional(user.username)),
                ("emailAddresses", .strings(user.emails.map(\.address))),
                ("phoneNumbers", .strings(user.phones.map(\.number))),
                ("hasPassword", .bool(user.password != nil)), ("totp", .bool(user.totpSecret != nil)),
                ("smsSecondFactor", .bool(!user.mfaPhones.isEmpty)),
                ("backupCodes", .int(Int64(user.backupCodes.count))),
                ("twoFactorEnabled", .bool(user.twoFactorEnabled)), ("createdAt", .int(user.createdAt)),
                ("sessions", .array(sessions.map { consoleSession($0, now: now) })),
            ])
        }
        let sessions = store.sessions.values.sorted { $0.createdAt < $1.createdAt }.map { consoleSession($0, now: now) }
        let outbox: [JSON] = store.outbox.map { message in
            .object([
                ("channel", .string(message.channel.rawValue)), ("to", .string(message.to)),
                ("code", .optional(message.code)), ("link", .optional(message.link?.absoluteString)),
                ("purpose", .string(message.purpose)),
                ("sentAt", .int(Int64((message.sentAt.timeIntervalSince1970 * 1000).rounded()))),
            ])
        }
        let requests: [JSON] = log.suffix(Self.consoleLogEntries).map { entry in
            .object([
                ("method", .string(entry.method)), ("path", .string(entry.path)), ("status", .int(Int64(entry.status))),
            ])
        }
        let organizations: [JSON] = store.organizations.values.sorted { $0.createdAt < $1.createdAt }.map {
            organization in
            let members = store.memberships.filter { $0.organizationId == organization.id }.count
            return .object([
                ("id", .string(organization.id)), ("name", .string(organization.name)),
                ("slug", .string(organization.slug)), ("members", .int(Int64(members))),
            ])
        }
        let jwks = (try? store.signer.jwks().serializedString).flatMap { Self.parsedJSON($0) } ?? .null
        return .object([
            ("users", .array(users)), ("sessions", .array(sessions)), ("outbox", .array(outbox)),
            ("configuration", consoleConfiguration(store.configuration)), ("organizations", .array(organizations)),
            ("clock", .object([("now", .int(now)), ("offsetMillis", .int(clockOffset.clampedMillis))])),
            ("faults", .array(faults.map(Self.consoleFault))), ("jwks", jwks), ("requests", .array(requests)),
            ("requestCount", .int(Int64(log.count))),
        ])
    }

    private func consoleSession(_ session: SessionRecord, now: Millis) -> JSON {
        let tasks = store?.sessionTasks(session) ?? []
        let status =
            session.status == .active && session.expireAt <= now
            ? "expired" : tasks.isEmpty ? session.status.rawValue : "pending"
        return .object([
            ("id", .string(session.id)), ("userId", .string(session.userId)), ("clientId", .string(session.clientId)),
            ("status", .string(status)), ("tasks", .strings(tasks)), ("createdAt", .int(session.createdAt)),
            ("expireAt", .int(session.expireAt)),
            ("lastActiveAt", .int(session.lastActiveAt)), ("hasToken", .bool(session.lastActiveToken != nil)),
        ])
    }

    private func consoleConfiguration(_ configuration: Configuration) -> JSON {
        .object([
            ("identifiers", .strings(configuration.identifiers.map(\.rawValue).sorted())),
            ("firstFactors", .strings(configuration.firstFactors.map(\.rawValue).sorted())),
            ("secondFactors", .strings(configuration.secondFactors.map(\.rawValue).sorted())),
            ("requiredFields", .strings(configuration.signUp.requiredFields.map(\.rawValue).sorted())),
            ("verifyEmailAddress", .bool(configuration.signUp.verifyEmailAddress)),
            ("verifyPhoneNumber", .bool(configuration.signUp.verifyPhoneNumber)),
            ("minimumPasswordLength", .int(Int64(configuration.signUp.minimumPasswordLength))),
            ("signUpMode", .string(configuration.signUp.mode.rawValue)),
            ("singleSessionMode", .bool(configuration.singleSessionMode)),
            ("organizationsEnabled", .bool(configuration.organizations.enabled)),
            ("maximumMemberships", .int(Int64(configuration.organizations.maximumMemberships))),
            ("forceOrganizationSelection", .bool(configuration.organizations.forceSelection)),
            ("secondFactorRequired", .bool(configuration.secondFactorRequired)),
            ("sessionTokenLifetimeSeconds", .int(configuration.sessionTokenLifetime.clampedMillis / 1000)),
            ("applicationName", .string(configuration.applicationName)),
        ])
    }

    private static func consoleFault(_ entry: FaultEntry) -> JSON {
        let outcome: JSON
        switch entry.fault.outcome {
        case .proceed: outcome = "delay only"
        case .error(let status, let code, _, _): outcome = .string("\(status) \(code)")
        case .dropConnection: outcome = "drop the connection"
        case .htmlPage(let status, _): outcome = .string("\(status) HTML page")
        }
        return .object([
            ("method", .optional(entry.fault.method)), ("path", .string(entry.fault.path)),
            ("delayMillis", .int(entry.fault.delay.clampedMillis)), ("outcome", outcome),
            ("remaining", entry.remaining.map { .int(Int64($0)) } ?? .null),
        ])
    }

    /// A JSON document as ``JSON`` (objects keep their keys' order), or `nil`.
    static func parsedJSON(_ text: String) -> JSON? {
        guard let value = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) else {
            return nil
        }
        return json(from: value)
    }

    private static func json(from value: Any) -> JSON {
        switch value {
        case let string as String: return .string(string)
        case let number as NSNumber:
            // Key sets hold strings; a number is kept as a number (a boolean would read as 0 or 1).
            let double = number.doubleValue
            return double == double.rounded() && abs(double) < 9e15 ? .int(number.int64Value) : .double(double)
        case let array as [Any]: return .array(array.map(json(from:)))
        case let object as [String: Any]:
            return .object(object.keys.sorted().map { ($0, json(from: object[$0] as Any)) })
        default: return .null
        }
    }
}
