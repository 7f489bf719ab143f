import ClerkKit
import ClerkKitTesting
import Foundation
import Testing

/// Trusted devices under their newer name (`/v1/me/biometric_credentials…`,
/// `/v1/client/biometric_credentials/validate`). clerk-ios's rename keeps every body, strategy and setting key, so
/// the environment says nothing about the paths: ClerkKit uses the described ones and moves to the newer name, for
/// good, when a service answers 404 there. The emulator serves both names, or one only to play a service from
/// before or after the rename.
@Suite("ClerkKit ↔ emulator: biometric-credential endpoints") @MainActor
struct BiometricCredentialPathTests {
    @available(OS2023, *)
    func paths(_ routes: ClerkEmulator.TrustedDeviceRoutes) async throws -> [String] {
        var configuration = TrustedDeviceFlowTests.configuration()
        configuration.trustedDeviceRoutes = routes
        var paths: [String] = []
        try await withHarness(configuration) { harness in
            let flows = TrustedDeviceFlowTests()
            let clerk = try await flows.app(harness, store: InMemorySecureStore())
            #expect(clerk.environment?.authConfig?.nativeSettings?.trustedDeviceSignInEnabled == true)
            let device = try await flows.enroll(harness, clerk)
            #expect(try await clerk.trustedDevices.availability() == .available)
            let signIn = try await clerk.auth.signInWithTrustedDevice(identifierHint: "ada@example.com")
            #expect(signIn.status == .complete)
            #expect(try await clerk.trustedDevices.list().map(\.id) == [device.id])
            try await clerk.trustedDevices.revoke(id: device.id)
            paths = await harness.emulator.requestLog().map(\.path).filter {
                $0.contains("trusted_devices") || $0.contains("biometric_credentials")
            }.map { $0.replacingOccurrences(of: device.id, with: "{id}") }
        }
        return paths
    }

    @available(OS2023, *)
    @Test func aServiceWithBothNamesIsCalledAtTheDescribedPaths() async throws {
        let both = try await paths(.both)
        #expect(both.count == 5, "\(both)")
        #expect(both.allSatisfy { $0.contains("/trusted_devices") }, "\(both)")
        let described = try await paths(.trustedDevicesOnly)
        #expect(described == both)
    }

    @available(OS2023, *)
    @Test func aServiceWithOnlyTheNewNameIsFoundOnceAndThenUsed() async throws {
        let renamed = try await paths(.biometricCredentialsOnly)
        // The first request (enrollment's prepare) is refused at the described path and sent again; every later
        // request goes to the newer name directly.
        #expect(renamed.first == "/v1/me/trusted_devices/prepare", "\(renamed)")
        #expect(renamed.dropFirst().allSatisfy { $0.contains("/biometric_credentials") }, "\(renamed)")
        #expect(renamed.count == 6, "\(renamed)")
        #expect(renamed.contains("/v1/client/biometric_credentials/validate"))
        #expect(renamed.contains("/v1/me/biometric_credentials"))
    }

    @available(OS2023, *)
    @Test func anUnservedNameIsAnUnknownPath() async throws {
        var configuration = TrustedDeviceFlowTests.configuration()
        configuration.trustedDeviceRoutes = .trustedDevicesOnly
        try await withHarness(configuration) { harness in
            let url = harness.url.appendingPathComponent("v1/client/biometric_credentials/validate")
            let response = try await harness.emulator.inProcessTransport.send(
                ClerkHTTPRequest(method: "POST", url: url, body: Data("trusted_device_id=tdv_x".utf8)))
            #expect(response.status == 404)
        }
    }

    /// The settings keep their `trusted_device_…` keys after the rename (clerk-ios reads those); no other key
    /// turns the feature on, and a missing one means off.
    @available(OS2023, *)
    @Test func nativeSettingsKeepTheirTrustedDeviceKeys() throws {
        let json = #"{"api_enabled":true,"trusted_device_sign_in_enabled":true}"#
        #expect(try JSONDecoder().decode(NativeSettings.self, from: Data(json.utf8)).trustedDeviceSignInEnabled)
        let guessed = #"{"api_enabled":true,"biometric_credential_sign_in_enabled":true}"#
        #expect(!(try JSONDecoder().decode(NativeSettings.self, from: Data(guessed.utf8)).trustedDeviceSignInEnabled))
    }
}
