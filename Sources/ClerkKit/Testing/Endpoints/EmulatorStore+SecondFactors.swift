import Foundation

/// The user's authenticator app (TOTP, RFC 6238) and backup codes.
@available(OS2023, *)
extension EmulatorStore {
    /// Serves `/v1/me/totp`, `/v1/me/totp/attempt_verification` and `/v1/me/backup_codes`; nil for other paths.
    mutating func secondFactorRoute(_ method: String, _ path: PathMatcher, _ call: inout Call) throws(FAPIError)
        -> Reply?
    {
        let form = call.request.form
        if path.match("v1/me/totp") != nil, method == "POST" || method == "DELETE" {
            try form.requireKnown([])
            try requireRecentVerification(&call)
            var user = try currentUser(&call)
            guard configuration.secondFactors.contains(.totp) else { throw FAPIError.notEnabled("strategy", "TOTP") }
            if method == "DELETE" {
                guard user.totpSecret != nil else { throw FAPIError.resourceNotFound }
                user.totpSecret = nil
                save(&user, now: call.now)
                return .enveloped(Self.deleted("totp", "totp_" + user.id.dropFirst(5)))
            }
            guard user.totpSecret == nil else {
                throw FAPIError(
                    status: 422, code: "totp_already_enabled", message: "is already enabled",
                    longMessage: "An authenticator app is already enabled; disable it first.")
            }
            let secret = (0..<20).map { _ in UInt8.random(in: 0...255) }
            user.pendingTotpSecret = secret
            user.totpCreatedAt = call.now
            save(&user, now: call.now)
            return .enveloped(totpJSON(user, secret: secret, verified: false, backupCodes: nil))
        }
        if method == "POST", path.match("v1/me/totp/attempt_verification") != nil {
            try form.requireKnown(["code"])
            let code = try form.required("code")
            var user = try currentUser(&call)
            guard let secret = user.pendingTotpSecret else { throw FAPIError.verificationMissing }
            guard TOTP.verify(code, secret: secret, at: call.now) else { throw FAPIError.codeIncorrect }
            user.totpSecret = secret
            user.pendingTotpSecret = nil
            var created: [String]?
            // The first second factor comes with backup codes, where the instance uses them.
            if user.backupCodes.isEmpty, configuration.secondFactors.contains(.backupCode) {
                created = Self.newBackupCodes()
                user.backupCodes = created ?? []
            }
            if user.mfaEnabledAt == nil { user.mfaEnabledAt = call.now }
            save(&user, now: call.now)
            return .enveloped(totpJSON(user, secret: nil, verified: true, backupCodes: created))
        }
        if method == "POST", path.match("v1/me/backup_codes") != nil {
            try form.requireKnown([])
            try requireRecentVerification(&call)
            var user = try currentUser(&call)
            guard user.twoFactorEnabled else {
                throw FAPIError(
                    status: 422, code: "backup_codes_not_available", message: "are not available",
                    longMessage: "Backup codes need another second factor (an authenticator app or SMS) first.")
            }
            user.backupCodes = Self.newBackupCodes()
            save(&user, now: call.now)
            return .enveloped([
                "object": "backup_code", "id": .string("bcode_" + user.id.dropFirst(5)),
                "codes": .strings(user.backupCodes), "created_at": .int(call.now), "updated_at": .int(call.now),
            ])
        }
        return nil
    }

    private mutating func save(_ user: inout UserRecord, now: Millis) {
        user.updatedAt = now
        users[user.id] = user
    }

    static func newBackupCodes() -> [String] { (0..<10).map { _ in IDs.random(8).lowercased() } }

    private func totpJSON(_ user: UserRecord, secret: [UInt8]?, verified: Bool, backupCodes: [String]?) -> JSON {
        let uri = secret.map {
            "otpauth://totp/\(Self.escape(configuration.applicationName)):\(Self.escape(user.displayIdentifier))"
                + "?issuer=\(Self.escape(configuration.applicationName))&secret=\(TOTP.base32($0))"
                + "&algorithm=SHA1&digits=6&period=30"
        }
        return [
            "object": "totp", "id": .string("totp_" + user.id.dropFirst(5)),
            "secret": .optional(secret.map(TOTP.base32)), "uri": .optional(uri), "verified": .bool(verified),
            "backup_codes": backupCodes.map(JSON.strings) ?? .null,
            "created_at": .int(user.totpCreatedAt ?? user.updatedAt),
            "updated_at": .int(user.updatedAt),
        ]
    }
}
