@available(OS2023, *)
extension Account {
    /// Starts enrolling an authenticator app (`POST /v1/me/totp`): show ``TOTPResource/uri`` as a QR code (or
    /// the secret), then confirm with ``verifyTOTP(code:)``. Until then sign-in does not ask for it.
    public func createTOTP() async throws(ClerkError) -> TOTPResource {
        try await perform(FAPIRequest("POST", "/v1/me/totp"), as: TOTPResource.self)
    }

    /// Confirms the enrolment with a code from the app; the user's ``User/totpEnabled`` becomes true.
    @discardableResult
    public func verifyTOTP(code: String) async throws(ClerkError) -> TOTPResource {
        let request = try FAPIRequest(
            "POST", "/v1/me/totp/attempt_verification", parameters: AccountParameters.Code(code: code))
        return try await perform(request, as: TOTPResource.self)
    }

    /// Removes the authenticator app (`DELETE /v1/me/totp`).
    @discardableResult
    public func disableTOTP() async throws(ClerkError) -> DeletedObject {
        try await perform(FAPIRequest("DELETE", "/v1/me/totp"), as: DeletedObject.self)
    }

    /// Replaces the backup codes with a new set (`POST /v1/me/backup_codes`); each works once at sign-in.
    public func createBackupCodes() async throws(ClerkError) -> BackupCodes {
        try await perform(FAPIRequest("POST", "/v1/me/backup_codes"), as: BackupCodes.self)
    }
}
