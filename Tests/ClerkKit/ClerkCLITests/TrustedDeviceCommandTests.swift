import CourierTestSupport
import Foundation
import Testing

/// `clerk trusted-device …` across commands against `clerk emulator --trusted-devices`: the key and the credential
/// stay in the --state-dir between processes.
@Suite("clerk trusted-device")
struct TrustedDeviceCommandTests {
    @available(OS2023, *)
    @Test func aDeviceEnrolledInOneCommandSignsInInTheNextUntilRevoked() async throws {
        try await withTemporaryDirectory { directory in
            let (emulator, connection) = try await ClerkCommandTests.startEmulator(
                in: directory, options: ["--trusted-devices"])
            defer { emulator.signal(SIGTERM) }
            let state = directory.url.appendingPathComponent("state").path

            #expect(try await run("clerk", ["sign-in"] + ClerkCommandTests.demo + connection).status == 0)
            let enrolled = try await run(
                "clerk", ["trusted-device", "enroll", "--name", "ci", "--json"] + connection)
            #expect(enrolled.status == 0, "\(enrolled.standardError)")
            let id = try #require(ClerkCommandTests.json(enrolled)["trusted_device_id"] as? String)
            let listed = try await run("clerk", ["trusted-device", "list", "--json"] + connection)
            #expect(listed.lines.joined().contains(id))
            #expect(try await run("clerk", ["sign-out"] + connection).status == 0)

            let signedIn = try await run("clerk", ["trusted-device", "sign-in", "--json"] + connection)
            #expect(signedIn.status == 0, "\(signedIn.standardError)")
            #expect(ClerkCommandTests.json(signedIn)["status"] as? String == "complete")
            let files = try FileManager.default.contentsOfDirectory(atPath: state + "/clerk")
            for file in files where file.hasPrefix("clerkTrustedDeviceKey.") || file == "trustedDeviceCredentials" {
                let attributes = try FileManager.default.attributesOfItem(atPath: state + "/clerk/" + file)
                #expect((attributes[.posixPermissions] as? Int) == 0o600, "\(file)")
            }
            #expect(files.contains("trustedDeviceCredentials"))

            let revoked = try await run("clerk", ["trusted-device", "revoke", "--json"] + connection)
            #expect(ClerkCommandTests.json(revoked)["trusted_device_id"] as? String == id)
            #expect(try await run("clerk", ["sign-out"] + connection).status == 0)
            let refused = try await run("clerk", ["trusted-device", "sign-in"] + connection)
            #expect(refused.status != 0)
        }
    }
}
