import ArgumentParser
import DurableStreamsPostgres
import DurableStreamsStorage
import Foundation
import Logging

/// The `serve` options that choose the store and configure the PostgreSQL one.
@available(OS2023, *)
struct PostgresServeOptions: ParsableArguments {
    @Option(help: "Where streams are kept: file (--data-dir, the default), memory, or postgres (--postgres-url).")
    var store = "file"

    @Option(
        name: .customLong("postgres-url"),
        help: """
            The database: postgres://user:password@host:port/database[?sslmode=…&sslrootcert=…]. Defaults to \
            $DURABLE_STREAMS_POSTGRES_URL, which keeps the password out of the process list.
            """)
    var url: String?

    @Option(name: .customLong("postgres-pool-size"), help: "Connections each node keeps for requests.")
    var poolSize = 10

    @Option(name: .customLong("postgres-schema"), help: "The schema of the store's tables (created if missing).")
    var schema = "durable_streams"

    @Option(
        name: .customLong("postgres-tls"),
        help: "disable, prefer, require or verify-full (overrides the URL's sslmode).")
    var tls: String?

    @Option(
        name: .customLong("postgres-root-cert"), help: "PEM certificate authorities for --postgres-tls verify-full.")
    var rootCertificate: String?

    @Option(
        name: .customLong("postgres-queue"),
        help: "Requests that may wait for a busy pool before the server answers 503.")
    var queue = 256

    @Option(
        name: .customLong("postgres-max-append-size"),
        help: "The largest append the PostgreSQL store takes, in bytes (streamed unless JSON; at most 16 GiB).")
    var maximumAppendBytes = 1 << 30

    func validate(memory: Bool) throws {
        guard ["file", "memory", "postgres"].contains(store) else {
            throw ValidationError("--store must be file, memory or postgres")
        }
        guard store == "postgres" else { return }
        guard !memory else { throw ValidationError("--memory and --store postgres exclude each other") }
        guard resolvedURL != nil else {
            throw ValidationError("--store postgres needs --postgres-url (or DURABLE_STREAMS_POSTGRES_URL)")
        }
        guard (1...1000).contains(poolSize) else { throw ValidationError("--postgres-pool-size must be 1–1000") }
        guard (1...PostgresStreamStorage.Options.maximumAppendLimit).contains(maximumAppendBytes) else {
            throw ValidationError("--postgres-max-append-size must be 1 byte to 16 GiB")
        }
        guard queue >= 0 else { throw ValidationError("--postgres-queue must not be negative") }
        if let tls, PostgresStreamStorage.TLSMode(rawValue: tls) == nil {
            throw ValidationError("--postgres-tls must be disable, prefer, require or verify-full")
        }
    }

    /// Whether `--store memory` was asked.
    var isMemory: Bool { store == "memory" }

    private var resolvedURL: String? {
        url ?? ProcessInfo.processInfo.environment["DURABLE_STREAMS_POSTGRES_URL"]
    }

    /// Opens the PostgreSQL store when it was asked for: connects and migrates, or fails with the reason.
    func openStore(logger: Logger) async throws -> PostgresStreamStorage? {
        guard store == "postgres", let url = resolvedURL else { return nil }
        do throws(StreamStorageError) {
            var options = try PostgresStreamStorage.Options(url: url)
            options.poolSize = poolSize
            options.schema = schema
            options.maximumQueuedRequests = queue
            options.maximumAppendBytes = maximumAppendBytes
            if let tls, let mode = PostgresStreamStorage.TLSMode(rawValue: tls) { options.tls = mode }
            if let rootCertificate { options.rootCertificatePath = rootCertificate }
            options.logger = logger
            return try await PostgresStreamStorage.open(options)
        } catch {
            throw ValidationError("cannot start: \(error.message)")
        }
    }
}
