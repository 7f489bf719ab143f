import ClerkKit
import ClerkKitTesting
import Foundation
import Testing

/// Trusted devices under their newer name: an instance whose environment advertises
/// `biometric_credential_sign_in_enabled` is called at `/v1/me/biometric_credentials…` and
/// `/v1/client/biometric_credentials/validate`; others at the trusted-device paths. The emulator serves both.
@Suite("ClerkKit ↔ emulator: biometric-credential endpoints") @MainActor
struct BiometricCredentialPathTests {
    @available(OS2023, *)
    func paths(biometricNaming: Bool) async throws -> [String] {
        var configuration = TrustedDeviceFlowTests.configuration()
        configuration.biometricCredentialNaming = biometricNaming
        var paths: [String] = []
        try await withHarness(configuration) { harness in
            let flows = TrustedDeviceFlowTests()
            let store = InMemorySecureStore()
            let clerk = try await flows.app(harness, store: store)
            #expect(clerk.environment?.authConfig?.nativeSettings?.usesBiometricCredentialEndpoints == biometricNaming)
            let device = try await flows.enroll(harness, clerk)
            #expect(try await clerk.trustedDevices.availability() == .available)
            let signIn = try await clerk.auth.signInWithTrustedDevice(identifierHint: "ada@example.com")
            #expect(signIn.status == .complete)
            #expect(try await clerk.trustedDevices.list().map(\.id) == [device.id])
            try await clerk.trustedDevices.revoke(id: device.id)
            paths = await harness.emulator.requestLog().map(\.path).filter {
                $0.contains("trusted_devices") || $0.contains("biometric_credentials")
            }
        }
        return paths
    }

    @available(OS2023, *)
    @Test func theAdvertisedNamingIsUsed() async throws {
        let renamed = try await paths(biometricNaming: true)
        #expect(!renamed.isEmpty)
        #expect(renamed.allSatisfy { $0.contains("/biometric_credentials") }, "\(renamed)")
        #expect(renamed.contains("/v1/client/biometric_credentials/validate"))
        #expect(renamed.contains("/v1/me/biometric_credentials/prepare"))
        let classic = try await paths(biometricNaming: false)
        #expect(!classic.isEmpty)
        #expect(classic.allSatisfy { $0.contains("/trusted_devices") }, "\(classic)")
    }

    @available(OS2023, *)
    @Test func settingsWithOnlyTheNewNameEnableTrustedDevices() throws {
        let json = #"{"api_enabled":true,"biometric_credential_sign_in_enabled":true}"#
        let settings = try JSONDecoder().decode(NativeSettings.self, from: Data(json.utf8))
        #expect(settings.trustedDeviceSignInEnabled && settings.usesBiometricCredentialEndpoints)
        let classic = #"{"api_enabled":true,"trusted_device_sign_in_enabled":false}"#
        let old = try JSONDecoder().decode(NativeSettings.self, from: Data(classic.utf8))
        #expect(!old.trustedDeviceSignInEnabled && !old.usesBiometricCredentialEndpoints)
    }
}
