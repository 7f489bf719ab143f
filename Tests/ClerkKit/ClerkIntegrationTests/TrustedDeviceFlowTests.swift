import ClerkKit
import ClerkKitTesting
import Foundation
import Testing

/// Trusted devices end to end: a software P-256 key per credential (in the instance's store), enrolled from the
/// account and used to sign in; the emulator checks every signature with the enrolled public key.
@Suite("ClerkKit ↔ emulator: trusted devices") @MainActor
struct TrustedDeviceFlowTests {
    @available(OS2023, *)
    static func configuration(enabled: Bool = true) -> ClerkEmulator.Configuration {
        var configuration = ClerkEmulator.Configuration()
        configuration.trustedDevices = enabled
        return configuration
    }

    /// A Clerk on `store` for the app `com.example.app`, as an iPhone app's installation would be.
    @available(OS2023, *)
    func app(_ harness: Harness, store: InMemorySecureStore, keys: (any TrustedDeviceKeyStore)? = nil) async throws
        -> Clerk
    {
        var options = ClerkOptions(
            device: DeviceInfo(
                isMobile: true, deviceType: "iphone", deviceModel: "iPhone15,2", bundleId: "com.example.app"))
        options.trustedDeviceKeys = keys
        let configuration = try ClerkConfiguration(
            publishableKey: await harness.emulator.publishableKey, proxyURL: harness.url, options: options)
        let clerk = Clerk(configuration: configuration, store: store)
        try await clerk.load()
        return clerk
    }

    /// Creates Ada, signs her in on `clerk`, enrolls the installation and signs out.
    @available(OS2023, *)
    func enroll(_ harness: Harness, _ clerk: Clerk) async throws -> TrustedDevice {
        _ = try await harness.emulator.createUser(emailAddress: "ada@example.com", password: Harness.password)
        try await clerk.auth.signIn(identifier: "ada@example.com", password: Harness.password)
        let device = try await clerk.trustedDevices.enroll(
            deviceName: "Ada's iPhone", identifierHint: "ada@example.com")
        try await clerk.auth.signOut()
        return device
    }

    @available(OS2023, *)
    @Test func anEnrolledDeviceSignsInWithoutPasswordAndIsListed() async throws {
        try await withHarness(Self.configuration()) { harness in
            let store = InMemorySecureStore()
            let clerk = try await app(harness, store: store)
            let device = try await enroll(harness, clerk)
            #expect(device.isActive && device.appIdentifier == "com.example.app" && device.name == "Ada's iPhone")
            #expect(store.keys.contains("trustedDeviceCredentials"))
            #expect(store.keys.contains { $0.hasPrefix("clerkTrustedDeviceKey.") })
            #expect(try await clerk.trustedDevices.availability() == .available)
            for _ in 0..<2 {
                let signIn = try await clerk.auth.signInWithTrustedDevice(identifierHint: "ada@example.com")
                #expect(signIn.status == .complete)
                #expect(clerk.user?.primaryEmailAddress?.emailAddress == "ada@example.com")
                let listed = try await clerk.trustedDevices.list()
                #expect(listed.map(\.id) == [device.id])
                #expect(listed.first?.lastUsedAt != nil)
                try await clerk.auth.signOut()
            }
            // The same app on another installation (another store) has no credential.
            let other = try await app(harness, store: InMemorySecureStore())
            #expect(try await other.trustedDevices.availability() == .noLocalCredential)
            let none = await refusal { () async throws(ClerkError) in try await other.auth.signInWithTrustedDevice() }
            #expect(none?.code == .invalidState)
        }
    }

    @available(OS2023, *)
    @Test func aRevokedDeviceIsRefusedAndForgotten() async throws {
        try await withHarness(Self.configuration()) { harness in
            let store = InMemorySecureStore()
            let clerk = try await app(harness, store: store)
            let device = try await enroll(harness, clerk)
            // Revoked from another device of the user.
            let laptop = try await harness.secondClient()
            try await laptop.auth.signIn(identifier: "ada@example.com", password: Harness.password)
            let revoked = try await laptop.trustedDevices.revoke(id: device.id)
            #expect(revoked.status == "revoked" && revoked.revokedAt != nil)
            #expect(try await laptop.trustedDevices.list().isEmpty)
            let refused = await refusal { () async throws(ClerkError) in try await clerk.auth.signInWithTrustedDevice()
            }
            #expect(refused?.apiError?.code == "trusted_device_not_found")
            #expect(clerk.session == nil)
            // The dead credential and its key are gone from this installation.
            #expect(!store.keys.contains("trustedDeviceCredentials"))
            #expect(!store.keys.contains { $0.hasPrefix("clerkTrustedDeviceKey.") })
            #expect(try await clerk.trustedDevices.availability() == .noLocalCredential)
        }
    }

    @available(OS2023, *)
    @Test func aSignedInUserRevokesThisDeviceAndValidationSeesIt() async throws {
        try await withHarness(Self.configuration()) { harness in
            let store = InMemorySecureStore()
            let clerk = try await app(harness, store: store)
            _ = try await enroll(harness, clerk)
            try await clerk.auth.signInWithTrustedDevice()
            #expect(try await clerk.trustedDevices.revokeCurrentDevice()?.status == "revoked")
            #expect(try await clerk.trustedDevices.revokeCurrentDevice() == nil)
            try await clerk.auth.signOut()
            #expect(try await clerk.trustedDevices.availability() == .noLocalCredential)
            let out = await refusal { () async throws(ClerkError) in
                try await clerk.trustedDevices.revokeCurrentDevice()
            }
            #expect(out?.code == .notSignedIn)
        }
    }

    @available(OS2023, *)
    @Test func aSignatureByAnotherKeyIsRefusedAndSignsNobodyIn() async throws {
        try await withHarness(Self.configuration()) { harness in
            let store = InMemorySecureStore()
            let clerk = try await app(harness, store: store)
            _ = try await enroll(harness, clerk)
            // Replace the stored private key with another one: the signature no longer matches the enrolled key.
            let keyName = try #require(store.keys.first { $0.hasPrefix("clerkTrustedDeviceKey.") })
            let foreign = try await SoftwareTrustedDeviceKeys(store: store).createKey()
            store.set(try #require(store.data(forKey: "clerkTrustedDeviceKey.\(foreign.keyID)")), forKey: keyName)
            let refused = await refusal { () async throws(ClerkError) in try await clerk.auth.signInWithTrustedDevice()
            }
            #expect(refused?.apiError?.code == "trusted_device_verification_failed")
            #expect(clerk.session == nil)
            // A refused signature is not a dead credential: it stays.
            #expect(store.keys.contains("trustedDeviceCredentials"))
        }
    }

    @available(OS2023, *)
    @Test func anInstanceWithoutTrustedDevicesRefusesEnrollmentBeforeMakingAKey() async throws {
        try await withHarness(Self.configuration(enabled: false)) { harness in
            let store = InMemorySecureStore()
            let clerk = try await app(harness, store: store)
            _ = try await harness.emulator.createUser(emailAddress: "ada@example.com", password: Harness.password)
            try await clerk.auth.signIn(identifier: "ada@example.com", password: Harness.password)
            let refused = await refusal { () async throws(ClerkError) in try await clerk.trustedDevices.enroll() }
            #expect(refused?.code == .invalidConfiguration)
            #expect(!store.keys.contains { $0.hasPrefix("clerkTrustedDeviceKey.") })
            #expect(try await clerk.trustedDevices.availability() == .featureDisabled)
        }
    }
}

/// TrustedDevices.md: enroll, then sign in with the device (run by the test below).
@MainActor
@available(OS2023, *)
func enrollThenSignIn(_ clerk: Clerk) async throws(ClerkError) {
    // Signed in: enroll this installation.
    try await clerk.trustedDevices.enroll(deviceName: "Ada's iPhone", identifierHint: "ada@example.com")
    try await clerk.auth.signOut()
    // Later: sign in with it.
    if try await clerk.trustedDevices.availability(identifierHint: "ada@example.com").isAvailable {
        try await clerk.auth.signInWithTrustedDevice(identifierHint: "ada@example.com")
    }
}

@Suite("TrustedDevices.md") @MainActor
struct TrustedDevicesArticleTests {
    @available(OS2023, *)
    @Test func theArticlesExampleSignsInWithTheEnrolledDevice() async throws {
        try await withHarness(TrustedDeviceFlowTests.configuration()) { harness in
            let clerk = try await TrustedDeviceFlowTests().app(harness, store: InMemorySecureStore())
            _ = try await harness.emulator.createUser(emailAddress: "ada@example.com", password: Harness.password)
            try await clerk.auth.signIn(identifier: "ada@example.com", password: Harness.password)
            try await enrollThenSignIn(clerk)
            #expect(clerk.session?.status == .active)
        }
    }
}
