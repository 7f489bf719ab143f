public import ClerkKit
public import Foundation
public import Logging
public import ServiceLifecycle

/// A local Clerk Frontend API: sign-in, sign-up, sessions, RS256 session tokens and a JWKS, served over HTTP on
/// the loopback address.
///
/// Start one per test on a free port, point a client at it, read the codes it "sends" from its outbox:
///
/// ```swift
/// let emulator = ClerkEmulator(logger: Logger(label: "clerk-emulator"))
/// let baseURL = try await emulator.start()
/// _ = try await emulator.createUser(emailAddress: "ada@example.com", password: "correct horse battery")
/// // Configure the client with `await emulator.publishableKey` and proxy URL `baseURL`.
/// await emulator.stop()
/// ```
///
/// Email addresses containing `+clerk_test` and phone numbers `+1 XXX 555 01XX` verify with `424242` and are
/// never sent anything, as on a Clerk development instance; every other code lands in ``outbox()``.
///
/// The emulator is a swift-service-lifecycle `Service`: ``run()`` starts it (if needed) and stops it on graceful
/// shutdown or cancellation. It logs requests (method, path, status) at debug level and, at info level, its
/// console's URL and each code or link it "sends" (made up for the emulated instance, as the Firebase emulators
/// print theirs); it never logs a token or password.
@available(OS2023, *)
public actor ClerkEmulator: Service {
    /// The configuration the emulator was created with.
    public nonisolated let configuration: Configuration
    let logger: Logger
    var store: EmulatorStore?
    private let storeError: String?
    var clockOffset: Duration = .zero
    var faults: [FaultEntry] = []
    var rateWindows: [String: RateWindow] = [:]
    var log: [LoggedRequest] = []
    var telemetryInbox = TelemetryInbox()
    private var server: RunningServer?
    private var stopWaiters: [CheckedContinuation<Void, Never>] = []
    private var startWaiters: [CheckedContinuation<URL, Never>] = []
    private var stopped = false

    /// Creates an emulator; it serves nothing until ``start()`` (or ``run()``). Users and organizations can be
    /// seeded before it starts.
    public init(configuration: Configuration = Configuration(), logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        do {
            store = try EmulatorStore(configuration: configuration, issuer: "http://\(configuration.host)")
            storeError = nil
        } catch let error as InvalidOverlay {
            store = nil
            storeError = error.description
        } catch {
            store = nil
            storeError = "cannot create the instance signing key: \(error)"
        }
    }

    // MARK: Lifecycle

    /// The base URL (`http://127.0.0.1:PORT`) once started; use it as the client's proxy URL.
    public var baseURL: URL? { server?.baseURL }

    /// A development publishable key naming the emulator: `pk_test_` + base64url of `"<host>:<port>$"`.
    ///
    /// Clients reach the emulator through a proxy URL equal to ``baseURL``; the key only has to be valid.
    public var publishableKey: String {
        let host = server.map { "\(configuration.host):\($0.port)" } ?? configuration.host
        return "pk_test_" + Base64URL.encode(Array((host + "$").utf8))
    }

    /// Binds the configured host and port (`0` picks a free port) and starts serving.
    ///
    /// - Returns: The base URL, for example `http://127.0.0.1:53412`.
    /// - Throws: ``ClerkError/Code/emulator`` if it is already running, the port is out of range or taken, or the
    ///   signing key could not be created.
    @discardableResult
    public func start() async throws(ClerkError) -> URL {
        if let server { return server.baseURL }
        guard store != nil else { throw ClerkError(.emulator, storeError ?? "the emulator has no signing key") }
        guard (0...65_535).contains(configuration.port) else {
            throw ClerkError(.emulator, "port \(configuration.port) is out of range")
        }
        let running = try await RunningServer.launch(emulator: self, configuration: configuration, logger: logger)
        server = running
        stopped = false
        store?.issuer = running.baseURL.absoluteString
        logger.info("clerk emulator listening", metadata: ["url": "\(running.baseURL.absoluteString)"])
        logger.info(
            "clerk emulator console at \(running.baseURL.absoluteString)/__emulator/; test addresses (+clerk_test, +1 XXX 555 01XX) verify with \(TestMode.code)"
        )
        let waiters = startWaiters
        startWaiters = []
        for waiter in waiters { waiter.resume(returning: running.baseURL) }
        return running.baseURL
    }

    /// Stops serving and closes every connection. Safe to call more than once.
    public func stop() async {
        if let server {
            self.server = nil
            await server.shutdown()
            logger.info("clerk emulator stopped")
        }
        stopped = true
        let waiters = stopWaiters
        stopWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    /// Runs the emulator as a service: starts it if needed, then stops it on graceful shutdown or cancellation.
    public func run() async throws {
        if server == nil { try await start() }
        await withTaskCancellationOrGracefulShutdownHandler {
            await self.waitUntilStopped()
        } onCancelOrGracefulShutdown: {
            Task { await self.stop() }
        }
    }

    /// Returns the base URL once the emulator is serving (at once if it already is), for example after handing
    /// it to a `ServiceGroup`.
    public func waitUntilRunning() async -> URL {
        if let server { return server.baseURL }
        return await withCheckedContinuation { startWaiters.append($0) }
    }

    private func waitUntilStopped() async {
        if stopped || server == nil { return }
        await withCheckedContinuation { stopWaiters.append($0) }
    }

    // MARK: Clock

    /// The emulator's current time: the wall clock moved by ``advanceClock(by:)``.
    public var now: Date { Date().addingTimeInterval(Self.seconds(clockOffset)) }

    /// Moves the emulator's clock forward: session tokens, codes and sessions expire by it.
    public func advanceClock(by duration: Duration) {
        clockOffset = .milliseconds(clockOffset.clampedMillis + duration.clampedMillis)
    }

    var nowMillis: Millis {
        let value = (now.timeIntervalSince1970 * 1000).rounded()
        return value.isFinite ? Millis(min(max(value, -9e15), 9e15)) : 0
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    // MARK: Outbox

    /// A code the emulator "sent" by email or SMS.
    public struct OutboxMessage: Sendable, Hashable {
        /// How it was sent.
        public enum Channel: String, Sendable, Hashable {
            /// An email.
            case email
            /// A text message.
            case sms
        }

        /// How it was sent.
        public var channel: Channel
        /// The email address or phone number (E.164) it went to.
        public var to: String
        /// The one-time code, or nil for an email link.
        public var code: String?
        /// The verification link of an email-link message (open it to verify), else nil.
        public var link: URL?
        /// Why: `sign_in`, `sign_up`, `reset_password` or `second_factor`.
        public var purpose: String
        /// When it was sent, on the emulator's clock.
        public var sentAt: Date
    }

    /// Every message sent so far, oldest first.
    public func outbox() -> [OutboxMessage] { store?.outbox ?? [] }

    /// The newest code sent to `identifier` (an email address, compared case-insensitively, or a phone number
    /// in any formatting), or nil.
    public func latestCode(for identifier: String) -> String? {
        let wanted = Self.normalized(identifier)
        return store?.outbox.last { Self.normalized($0.to) == wanted && $0.code != nil }?.code
    }

    /// The newest email link sent to `emailAddress`, or nil.
    public func latestLink(for emailAddress: String) -> URL? {
        let wanted = Self.normalized(emailAddress)
        return store?.outbox.last { Self.normalized($0.to) == wanted && $0.link != nil }?.link
    }

    private static func normalized(_ identifier: String) -> String {
        identifier.contains("@") ? identifier.lowercased() : IdentifierKind.normalizedPhone(identifier)
    }

    // MARK: Keys

    /// The JSON Web Key Set a backend verifies session tokens with (also served at `/.well-known/jwks.json`).
    ///
    /// Emulators in one process share one RSA key (made once, on first use) and differ by key id, so a verifier that
    /// selects the key by `kid`, as Clerk's backend SDKs do, refuses another instance's tokens.
    public func jwks() throws(ClerkError) -> Data {
        guard let keys = try? store?.signer.jwks() else {
            throw ClerkError(.emulator, "the emulator has no signing key")
        }
        return keys.serialized
    }

    /// The instance's public key as PEM, for networkless token verification.
    public func publicKeyPEM() -> String? { store?.signer.publicKeyPEM }

    // MARK: Serving (used by the HTTP driver)

    func serve(_ request: EmulatorRequest) -> EmulatorResponse {
        if request.path == Self.telemetryPath { return receiveTelemetry(request) }
        guard var store else {
            return EmulatorResponse(status: 500, body: EmulatorStore.errorBody(.resourceNotFound))
        }
        // Keep the store uniquely referenced while it changes, so its collections are not copied.
        self.store = nil
        let sentBefore = store.outbox.count
        let response = store.handle(request, now: nowMillis)
        self.store = store
        for message in store.outbox.dropFirst(sentBefore) { logSent(message) }
        return response
    }

    /// Prints a code or link the emulator "sent" at info level, as the Firebase emulators do: they are made up
    /// for the emulated instance and are how a person testing by hand signs in.
    private func logSent(_ message: OutboxMessage) {
        let what = message.code.map { "code \($0)" } ?? message.link.map { "link \($0.absoluteString)" } ?? "message"
        logger.info(
            "sent \(what) to \(message.to)",
            metadata: ["channel": "\(message.channel)", "purpose": "\(message.purpose)"])
    }
}
