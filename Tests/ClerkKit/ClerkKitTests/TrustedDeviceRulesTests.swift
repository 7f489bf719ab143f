import Foundation
import Testing

@testable import ClerkKit

@Suite struct TrustedDeviceRulesTests {
    @available(OS2023, *)
    private func environment(native: [String: Any]?) throws -> ClerkEnvironment {
        var object = Fixtures.environment()
        var auth = object["auth_config"] as? [String: Any] ?? [:]
        auth["native_settings"] = native
        object["auth_config"] = auth
        return try ClerkJSON.decoder().decode(ClerkEnvironment.self, from: Fixtures.data(object))
    }

    @available(OS2023, *)
    @Test func theInstanceSettingsDecideWhetherTrustedDevicesMayBeUsed() throws {
        #expect(TrustedDeviceRules.featureBlock(nil) == .environmentUnavailable)
        #expect(TrustedDeviceRules.featureBlock(try environment(native: nil)) == .nativeAPIDisabled)
        let cases: [(api: Bool, enabled: Bool, expected: TrustedDeviceAvailability?)] = [
            (false, false, .nativeAPIDisabled), (false, true, .nativeAPIDisabled), (true, false, .featureDisabled),
            (true, true, nil),
        ]
        for (api, enabled, expected) in cases {
            let native: [String: Any] = [
                "object": "native_settings", "api_enabled": api, "trusted_device_sign_in_enabled": enabled,
                "trusted_device_enrollment_prompt_after_sign_in_enabled": false,
                "trusted_device_enrollment_prompt_after_sign_up_enabled": false,
            ]
            #expect(TrustedDeviceRules.featureBlock(try environment(native: native)) == expected, "\(api) \(enabled)")
        }
    }

    @available(OS2023, *)
    @Test func candidatesAreThisAppsNarrowedAndNewestFirst() {
        func credential(_ id: String, user: String = "user_1", hint: String? = nil, app: String = "com.a", at: Double)
            -> TrustedDeviceCredential
        {
            TrustedDeviceCredential(
                id: id, keyID: "k" + id, userID: user, identifierHint: hint, appIdentifier: app,
                createdAt: Date(timeIntervalSince1970: at))
        }
        let all = [
            credential("old", hint: "ada@example.com", at: 1), credential("new", hint: "ada@example.com", at: 3),
            credential("bob", user: "user_2", hint: "bob@example.com", at: 2), credential("other", app: "com.b", at: 4),
            credential("nohint", at: 0),
        ]
        let ids = { (list: [TrustedDeviceCredential]) in list.map(\.id) }
        #expect(ids(TrustedDeviceRules.candidates(all, appIdentifier: "com.a")) == ["new", "bob", "old", "nohint"])
        #expect(
            ids(TrustedDeviceRules.candidates(all, appIdentifier: nil)) == ["other", "new", "bob", "old", "nohint"])
        #expect(
            ids(TrustedDeviceRules.candidates(all, appIdentifier: "com.a", identifierHint: "ADA@example.com"))
                == ["new", "old", "nohint"])
        #expect(ids(TrustedDeviceRules.candidates(all, appIdentifier: "com.a", userID: "user_2")) == ["bob"])
        #expect(ids(TrustedDeviceRules.candidates(all, appIdentifier: "com.a", id: "old")) == ["old"])
        #expect(TrustedDeviceRules.candidates(all, appIdentifier: "com.a", id: "other").isEmpty)
    }

    @available(OS2023, *)
    @Test func theServerListAndRefusalsDecideWhatIsForgotten() throws {
        let credential = TrustedDeviceCredential(
            id: "tdv_1", keyID: "k", userID: "user_1", appIdentifier: "com.a", createdAt: Date())
        func device(_ id: String, _ status: String) throws -> TrustedDevice {
            try TrustedDevice(
                jsonData: Fixtures.data([
                    "id": id, "platform": "ios", "app_identifier": "com.a", "name": NSNull(), "algorithm": "ES256",
                    "status": status,
                ]))
        }
        #expect(TrustedDeviceRules.serverVerdict(credential, devices: []) == .serverCredentialMissing)
        #expect(
            TrustedDeviceRules.serverVerdict(credential, devices: [try device("tdv_2", "active")])
                == .serverCredentialMissing)
        #expect(
            TrustedDeviceRules.serverVerdict(credential, devices: [try device("tdv_1", "revoked")])
                == .serverCredentialRevoked)
        #expect(TrustedDeviceRules.serverVerdict(credential, devices: [try device("tdv_1", "active")]) == nil)

        func apiError(_ code: String) -> ClerkError {
            ClerkError(.api, "refused", apiError: ClerkAPIError(code: code, message: "m"))
        }
        #expect(TrustedDeviceRules.credentialIsGone(apiError("trusted_device_not_found")))
        #expect(TrustedDeviceRules.credentialIsGone(apiError("resource_not_found")))
        #expect(!TrustedDeviceRules.credentialIsGone(apiError("trusted_device_verification_failed")))
        #expect(!TrustedDeviceRules.credentialIsGone(ClerkError(.transport, "offline")))
    }

    @available(OS2023, *)
    @Test func declinedUnlocksAreCancellationsAndOtherFailuresAreNot() {
        struct Failure: Error {}
        for code in [-2, -3, -4, -9] {
            #expect(
                TrustedDeviceRules.signingFailure(laErrorCode: code, underlying: Failure()).code
                    == .authenticationCancelled)
        }
        for code in [-1, -5, -6, -7, -8, 0, 1] {
            #expect(TrustedDeviceRules.signingFailure(laErrorCode: code, underlying: Failure()).code == .invalidState)
        }
    }

    @available(OS2023, *)
    @Test func keysAreCanonicalAndMissingOrCorruptKeysAreTypedErrors() async throws {
        #expect(TrustedDeviceKey.canonicalJWK(x963: Data([0x04] + [UInt8](repeating: 0, count: 63))) == nil)
        #expect(TrustedDeviceKey.canonicalJWK(x963: Data([0x02] + [UInt8](repeating: 0, count: 64))) == nil)
        let point = Data([0x04] + [UInt8](repeating: 0xFF, count: 32) + [UInt8](repeating: 0x00, count: 32))
        #expect(
            TrustedDeviceKey.canonicalJWK(x963: point)
                == #"{"crv":"P-256","kty":"EC","x":"__________________________________________8","y":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}"#
        )
        let store = InMemorySecureStore()
        let keys = SoftwareTrustedDeviceKeys(store: store)
        let key = try await keys.createKey()
        #expect(try keys.containsKey(keyID: key.keyID))
        #expect(try await keys.sign(Data("x".utf8), keyID: key.keyID, reason: "").count == 64)
        for bad in ["", "../escape", "a/b", String(repeating: "a", count: 65)] {
            #expect(try !keys.containsKey(keyID: bad))
            let error = await caught { try await keys.sign(Data(), keyID: bad, reason: "") }
            #expect(error?.code == .invalidState)
        }
        store.set(Data([1, 2, 3]), forKey: "clerkTrustedDeviceKey.\(key.keyID)")
        #expect(await caught { try await keys.sign(Data(), keyID: key.keyID, reason: "") }?.code == .invalidState)
        try keys.deleteKey(keyID: key.keyID)
        #expect(try !keys.containsKey(keyID: key.keyID))
        #expect(await caught { try await keys.sign(Data(), keyID: key.keyID, reason: "") }?.code == .invalidState)
    }

    @available(OS2023, *)
    @Test func anUnreadableCredentialListReadsAsEmptyAndIsReplaced() throws {
        let store = InMemorySecureStore(["trustedDeviceCredentials": Data("{not json".utf8)])
        let credentials = TrustedDeviceCredentialStore(store: store)
        #expect(credentials.all().isEmpty)
        let credential = TrustedDeviceCredential(
            id: "tdv_1", keyID: "k", userID: "user_1", appIdentifier: "com.a", createdAt: Date(timeIntervalSince1970: 5)
        )
        try credentials.replace([credential])
        #expect(credentials.all() == [credential])
        try credentials.replace([])
        #expect(store.keys.isEmpty)
    }
}
