import ArgumentParser
import DurableStreamsPostgres
import DurableStreamsServer
import DurableStreamsStorage
import Foundation
import Logging
import ServiceLifecycle
import UnixSignals

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `durable-streams serve`: runs a server until SIGINT or SIGTERM.
@available(OS2023, *)
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run a Durable Streams server.",
        discussion: """
            Streams are kept in --data-dir (created if missing) and survive restarts; use --memory for a server \
            that forgets everything when it stops, or --store postgres --postgres-url postgres://… to share \
            streams with other server nodes through PostgreSQL. The server prints one line, \
            "durable-streams listening on http://HOST:PORT", once it accepts connections, and with the web console \
            on (by default only on a loopback --host) a second: "durable-streams console on \
            http://HOST:PORT/__console/#token=TOKEN". Changes made from the console need that token.
            """
    )

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0 picks a free port).")
    var port = 4437

    @Option(
        name: .customLong("base-path"),
        help: "Where streams are mounted, e.g. /v1/stream (default /: every path is a stream).")
    var basePath = "/"

    @Option(
        help: """
            Webhook subscriptions: enabled (https to public hosts), development (also http://localhost and \
            http://127.0.0.x) or disabled.
            """)
    var webhooks = "enabled"

    @Option(
        name: .customLong("webhook-key-lifetime"),
        help: "Seconds a webhook signing key signs before a new one replaces it (default: never; at least 60).")
    var webhookKeyLifetime: Int?

    @Option(name: .customLong("data-dir"), help: "The data directory.")
    var dataDirectory = "durable-streams-data"

    @Flag(help: "Keep streams in memory instead of a data directory.")
    var memory = false

    @OptionGroup(title: "PostgreSQL store")
    var postgres: PostgresServeOptions

    @Option(
        name: .customLong("sync"),
        help: "When appends are synced to disk: every-append (before acknowledging), periodic:<ms>, or never."
    )
    var syncPolicy = "every-append"

    @Option(name: .customLong("long-poll-timeout"), help: "Seconds a long-poll waits for data before answering 204.")
    var longPollTimeout = 30.0

    @Option(name: .customLong("sse-lifetime"), help: "Seconds after which the server ends an SSE connection.")
    var sseLifetime = 60.0

    @Option(name: .customLong("max-body-size"), help: "The largest request body accepted, in bytes.")
    var maximumBodyBytes = 16 << 20

    @Option(name: .customLong("cache-visibility"), help: "Cache-Control for reads: public, private or no-store.")
    var cacheVisibility = "public"

    @Flag(name: .customLong("fault-injection"), help: "Enable POST/DELETE /_test/inject-error (testing only).")
    var faultInjection = false

    @Flag(name: .customLong("no-compression"), help: "Never gzip or deflate responses.")
    var noCompression = false

    @Flag(name: .customLong("group-access"), help: "Let the owner's group read and write the data directory.")
    var groupAccess = false

    @Option(
        name: .customLong("max-open-logs"), help: "How many stream files stay open (default: half the open-file limit)."
    )
    var maximumOpenLogs: Int?

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    @Flag(
        inversion: .prefixedNo,
        help: "Serve the web console at /__console/ (default: only when --host is a loopback address).")
    var console: Bool?

    @Option(
        name: .customLong("console-token"),
        help: "The token the console's changes need (default: a random one, printed at start; at least 16 characters).")
    var consoleToken: String?

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard longPollTimeout > 0 else { throw ValidationError("--long-poll-timeout must be positive") }
        guard sseLifetime > 0 else { throw ValidationError("--sse-lifetime must be positive") }
        guard maximumOpenLogs.map({ $0 > 0 }) ?? true else { throw ValidationError("--max-open-logs must be positive") }
        guard maximumBodyBytes > 0 else { throw ValidationError("--max-body-size must be positive") }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("unknown --log-level \(logLevel)") }
        guard DurableStreamsServer.CacheVisibility(rawValue: cacheVisibility) != nil else {
            throw ValidationError("--cache-visibility must be public, private or no-store")
        }
        _ = try parsedSyncPolicy()
        try postgres.validate(memory: memory)
        if let webhookKeyLifetime, webhookKeyLifetime < 60 {
            throw ValidationError("--webhook-key-lifetime must be at least 60 seconds")
        }
        if let consoleToken, consoleToken.count < 16 {
            throw ValidationError("--console-token must be at least 16 characters")
        }
        guard DurableStreamsServer.Webhooks(rawValue: webhooks) != nil else {
            throw ValidationError("--webhooks must be enabled, development or disabled")
        }
    }

    func run() async throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        System.raiseOpenFiles()
        // Trapped before the store is opened, so that SIGINT and SIGTERM are honoured at every point: during
        // start-up (recovering a large data directory) the process exits at once, which the store's recovery
        // is built for; once serving, the service group stops the server cleanly.
        let startUpSignals = await UnixSignalsSequence(trapping: .sigterm, .sigint)
        let startUp = Task {
            for await _ in startUpSignals {
                FileHandle.standardError.write(Data("durable-streams: stopped during start-up\n".utf8))
                Foundation.exit(0)
            }
        }

        let shared = try await postgres.openStore(logger: Logger(label: "durable-streams.postgres"))
        let storage: DurableStreamsServer.Storage
        if let shared {
            storage = .custom(shared)
        } else if memory || postgres.isMemory {
            storage = .memory
        } else {
            storage = .directory(dataDirectory, syncPolicy: try parsedSyncPolicy())
        }
        var configuration = DurableStreamsServer.Configuration(
            host: host,
            port: port,
            storage: storage,
            longPollTimeout: .milliseconds(Int64(longPollTimeout * 1000)),
            faultInjection: faultInjection
        )
        if faultInjection, let shared {
            // Every node sees the faults a test arms through any of them.
            let board = PostgresFaultBoard(shared)
            do throws(StreamStorageError) {
                try await board.prepare()
            } catch {
                throw ValidationError("cannot start: \(error.message)")
            }
            configuration.sharedFaults = PostgresSharedFaults(board: board)
        }
        configuration.basePath = basePath
        configuration.webhooks = DurableStreamsServer.Webhooks(rawValue: webhooks) ?? .enabled
        configuration.webhookKeyLifetime = webhookKeyLifetime.map { .seconds($0) }
        configuration.sseConnectionLifetime = .milliseconds(Int64(sseLifetime * 1000))
        configuration.maximumBodyBytes = maximumBodyBytes
        configuration.compression = !noCompression
        configuration.cacheVisibility = DurableStreamsServer.CacheVisibility(rawValue: cacheVisibility) ?? .public
        configuration.logger = Logger(label: "durable-streams")
        configuration.groupAccess = groupAccess
        configuration.maximumOpenLogs = maximumOpenLogs
        configuration.console = .init(
            mode: console.map { $0 ? .enabled : .disabled } ?? .automatic, token: consoleToken)

        let server = DurableStreamsServer(configuration: configuration)
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let listening = ClosureService {
            do throws(DurableStreamsServerError) {
                try await server.run { port in
                    startUp.cancel()
                    FileHandle.standardOutput.write(
                        Data("durable-streams listening on http://\(shownHost):\(port)\n".utf8))
                    if let line = consoleLine(server: server, host: shownHost, port: port) {
                        FileHandle.standardOutput.write(Data(line.utf8))
                    }
                }
            } catch {
                throw ValidationError("cannot start: \(error.message)")
            }
        }
        let group = ServiceGroup(
            services: [listening],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: configuration.logger
        )
        do {
            try await group.run()
        } catch {
            await shared?.shutdown()
            throw error
        }
        await shared?.shutdown()
    }

    /// The console's address, with the token it drew (a configured token is not repeated), or `nil` when the
    /// console is off. Printed on standard output only: the token never reaches the log.
    private func consoleLine(server: DurableStreamsServer, host: String, port: Int) -> String? {
        guard let token = server.consoleToken else { return nil }
        let address = "http://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(port)/__console/"
        if consoleToken != nil { return "durable-streams console on \(address) (token from --console-token)\n" }
        return "durable-streams console on \(address)#token=\(token)\n"
    }

    private func parsedSyncPolicy() throws -> FileStreamStorage.SyncPolicy {
        switch syncPolicy {
        case "every-append": return .everyAppend
        case "never": return .never
        default:
            if syncPolicy.hasPrefix("periodic:"), let milliseconds = Int(syncPolicy.dropFirst("periodic:".count)),
                milliseconds > 0
            {
                return .periodically(.milliseconds(milliseconds))
            }
            throw ValidationError("--sync must be every-append, periodic:<milliseconds> or never")
        }
    }
}
