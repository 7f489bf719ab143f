import CourierTestSupport
import DurableStreamsPostgres
import DurableStreamsStorage
import Foundation
import Testing

/// The store over TLS to the throwaway cluster, whose certificate a throwaway authority signed
/// (`DURABLE_STREAMS_POSTGRES_CA`, from `scripts/lib/postgres.sh`).
@Suite(
    "PostgreSQL store: TLS",
    .enabled(if: PostgresTestDatabase.certificateAuthority != nil || PostgresTestDatabase.isRequired))
struct PostgresTLSTests {
    @Test("sslmode=require and verify-full (against the cluster's authority) connect over TLS and serve")
    @available(OS2023, *)
    func encrypted() async throws {
        let authority = try #require(PostgresTestDatabase.certificateAuthority, "DURABLE_STREAMS_POSTGRES_CA")
        for mode in ["require", "verify-full"] {
            var options = try PostgresTestDatabase.options()
            options.tls = try #require(PostgresStreamStorage.TLSMode(rawValue: mode))
            options.rootCertificatePath = mode == "verify-full" ? authority : nil
            let store = try await PostgresStreamStorage.open(options)
            do {
                #expect(try await store.sessionUsesTLS(), "sslmode=\(mode) encrypts the session")
                let stream = try path()
                try await store.makeText(stream, "over TLS")
                #expect(try await store.text(stream) == "over TLS")
            } catch {
                await store.shutdown()
                try? await PostgresTestDatabase.dropSchema(options)
                throw error
            }
            await store.shutdown()
            try await PostgresTestDatabase.dropSchema(options)
        }
    }

    @Test("sslmode=disable stays plain; verify-full refuses a server its roots do not vouch for")
    @available(OS2023, *)
    func plainAndUntrusted() async throws {
        _ = try #require(PostgresTestDatabase.certificateAuthority, "DURABLE_STREAMS_POSTGRES_CA")
        let plain = try await PostgresTestDatabase.withStore { store in try await store.sessionUsesTLS() }
        #expect(!plain, "sslmode=disable stays plain")
        try await withTemporaryDirectory(prefix: "pg-tls") { directory in
            // A root that did not sign the server's certificate: the server's own certificate is no authority.
            var options = try PostgresTestDatabase.options()
            options.tls = .verifyFull
            let stranger = directory.path + "/stranger.pem"
            try Data(Self.strangerAuthority.utf8).write(to: URL(fileURLWithPath: stranger))
            options.rootCertificatePath = stranger
            do throws(StreamStorageError) {
                _ = try await PostgresStreamStorage.open(options)
                Issue.record("verify-full accepted a certificate its roots did not sign")
            } catch {
                #expect(error.code == .storageUnavailable)
                #expect(error.message.contains("cannot connect"))
            }
        }
    }

    /// A self-signed authority unrelated to the cluster (generated once with openssl; its key was thrown away).
    static let strangerAuthority = """
        -----BEGIN CERTIFICATE-----
        MIIDDzCCAfegAwIBAgIUa0guN02e2/ztaxj1apbPqHaPaokwDQYJKoZIhvcNAQEL
        BQAwFjEUMBIGA1UEAwwLc3RyYW5nZXIgQ0EwIBcNMjYxMTI4MTMzMDAwWhgPMjEy
        NjExMDQxMzMwMDBaMBYxFDASBgNVBAMMC3N0cmFuZ2VyIENBMIIBIjANBgkqhkiG
        9w0BAQEFAAOCAQ8AMIIBCgKCAQEAuapWrHZRJQ/BbbzmQ+0g1vTfSXUtKWE4BZ6r
        jqrSShXerNyu6CnXTVKHOIOGHKdo56AsnzUFKM5g07gUYIdjxKc1K6DW0P3kI6JW
        ZO7OMWQ1bsznNa8aUQZtbyc9Kq8H3zju8z0sLZsPS12lqlZILJP7lYks5BmdYrCL
        pVfDnyPHUpfnGR1RvB7GERTIOKPCOpwaWGhqMzi+PZoAqNituzGaKKxDFCPVqULs
        dZc3MfHOBDr0MUYswBLo+XvAd6v0g2+5iiE9y1h/dGdA+gaYMqzWHcLFlVe5zks+
        fDlRgLWSTS8Pp5XnJlZrbyOcr7yXKc6IMM5IYc/M8B7xzBR5cwIDAQABo1MwUTAd
        BgNVHQ4EFgQUgqncvqUQGIpBwD0eRMscrgOeYUcwHwYDVR0jBBgwFoAUgqncvqUQ
        GIpBwD0eRMscrgOeYUcwDwYDVR0TAQH/BAUwAwEB/zANBgkqhkiG9w0BAQsFAAOC
        AQEAJGY1lj6z7qIH0+QaI5ZU+8tOZvqzAYzCg5OJqTHWDzGAB/EvfLgmnnjrE1mH
        XtIPW2Bvo/x9RdXgr43ZDCVUDfeB7e01tOQItIBRoac9Aj1pi467GtUmhttYE56v
        JUZcrn+b6HIlY9fx4K5MZewYIWKrLsQ5VbiqoeW7jMSyPeUkOrFoALOnjYnZHZX2
        GLLV8F1ZOgwSuQPLDnR4lV1REKwXkPbmi67FHuVHz5nOw3olgJpP85xVZm1Q4+8N
        ePGfxOrJ8Vgc7dDV7KsG+5qiVXuwDdOE/c5/BYvZlJbTSSEeSmmekLrelGBnPdB2
        t9HvxQnGLYsQ0qyno30su9SRYA==
        -----END CERTIFICATE-----
        """
}
