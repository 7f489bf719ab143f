import Foundation
public import Logging
public import Observation

/// A Clerk instance: the observable authentication state of one app and the entry point to every flow.
///
/// ```swift
/// let configuration = try ClerkConfiguration(publishableKey: "pk_test_…")
/// let clerk = Clerk(configuration: configuration, store: try FileSecureStore(directory: stateDirectory))
/// try await clerk.load()
/// let signIn = try await clerk.auth.signIn(identifier: "ada@example.com", password: "…")
/// print(clerk.user?.firstName ?? "signed out")
/// ```
///
/// Everything is injected: two instances share nothing, so tests run in parallel.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
@Observable
public final class Clerk {
    /// The current configuration (see ``reconfigure(_:)``).
    public private(set) var configuration: ClerkConfiguration
    /// The device's client (sessions, sign-in and sign-up in progress), once known.
    public private(set) var client: Client?
    /// The instance's settings, once loaded.
    public private(set) var environment: ClerkEnvironment?

    @ObservationIgnored private(set) var core: ClerkCore
    let eventHub = EventHub<AuthEvent>()
    let tokenRefresh = Protected<Task<Void, Never>?>(nil)

    /// The current session: the client's last active session.
    public var session: Session? { client?.lastActiveSession }
    /// The current session's user.
    public var user: User? { session?.user }
    /// The current session's active organization, `nil` for the personal account.
    public var organization: Organization? { organizationMembership?.organization }
    /// The user's membership of the active organization.
    public var organizationMembership: OrganizationMembership? {
        guard let organizationId = session?.lastActiveOrganizationId else { return nil }
        return user?.organizationMemberships.first { $0.organization.id == organizationId }
    }
    /// Whether the active organization's membership grants `permission` (`false` for the personal account).
    public func has(permission: String) -> Bool { organizationMembership?.has(permission: permission) ?? false }
    /// Whether both the client and the environment are known.
    public var isLoaded: Bool { client != nil && environment != nil }
    /// Sign-in, sign-up, session and token flows.
    public var auth: Auth { Auth(clerk: self) }
    /// Organizations: create and manage them, members, invitations, and the user's own memberships.
    public var organizations: Organizations { Organizations(clerk: self) }
    /// The signed-in user's own account: profile, identifiers, password and image.
    public var account: Account { Account(clerk: self) }
    /// A new subscription to authentication events; every subscriber receives every event.
    public var events: AsyncStream<AuthEvent> { eventHub.subscribe() }

    /// Creates an instance with the default services, replacing those given.
    ///
    /// - Parameters:
    ///   - configuration: The key, proxy and options.
    ///   - store: Where the device token, client and environment persist (default: the options' store, else
    ///     memory only).
    ///   - transport: How requests are sent (default: `URLSession`).
    ///   - logger: Where ClerkKit logs (default: a `com.clerk.sdk` logger at the options' level).
    public convenience init(
        configuration: ClerkConfiguration, store: (any SecureStore)? = nil, transport: (any HTTPTransport)? = nil,
        logger: Logger? = nil
    ) {
        self.init(
            configuration: configuration,
            dependencies: ClerkDependencies(
                configuration: configuration, transport: transport, store: store, logger: logger))
    }

    /// Creates an instance on explicit services (clock and randomness included), with the stored device token,
    /// client and environment already loaded (no request is sent until ``load()`` or a flow).
    public init(configuration: ClerkConfiguration, dependencies: ClerkDependencies) {
        self.configuration = configuration
        self.core = ClerkCore(configuration: configuration, dependencies: dependencies, events: eventHub)
        observe(core)
        hydrate()
    }

    private func observe(_ core: ClerkCore) {
        core.identity.observe { [weak self] _ in
            Task { @MainActor in self?.syncState() }
        }
    }

    /// Switches to another instance or proxy: forgets the device token, client and environment (here and in
    /// the store), and drops every response still in flight for the old configuration.
    public func reconfigure(_ configuration: ClerkConfiguration) async {
        stopTokenRefresh()
        let old = core
        old.identity.retire()
        await old.tokens.cache.clear()
        var dependencies = old.dependencies
        if let store = configuration.options.store { dependencies.store = store }
        self.configuration = configuration
        core = ClerkCore(configuration: configuration, dependencies: dependencies, events: eventHub)
        observe(core)
        syncState()
    }

    deinit {
        tokenRefresh.withLock { $0?.cancel() }
        eventHub.finish()
    }

    /// Loads the stored client and environment, then refreshes both from the Frontend API.
    ///
    /// The stored state is visible as soon as this starts; when a refresh fails, it stays and the error is thrown.
    public func load() async throws(ClerkError) {
        hydrate()
        async let environment = Self.result { () async throws(ClerkError) in try await self.core.refreshEnvironment() }
        async let client = Self.result { () async throws(ClerkError) in try await self.core.fapi.refreshClient() }
        let (environmentResult, clientResult) = await (environment, client)
        syncState()
        _ = try environmentResult.get()
        _ = try clientResult.get()
    }

    /// Loads the stored client and environment without any request.
    public func hydrate() {
        core.identity.hydrate()
        syncState()
    }

    /// Fetches the client (`GET /v1/client`); concurrent calls share one request.
    @discardableResult
    public func refreshClient() async throws(ClerkError) -> Client? {
        defer { syncState() }
        return try await core.fapi.refreshClient()
    }

    /// Fetches the environment (`GET /v1/environment`).
    @discardableResult
    public func refreshEnvironment() async throws(ClerkError) -> ClerkEnvironment {
        defer { syncState() }
        return try await core.refreshEnvironment()
    }

    /// Copies the identity into the observable state and reports a change of session.
    func syncState() {
        let snapshot = core.identity.snapshot
        let oldSession = session
        if client != snapshot.client { client = snapshot.client }
        let latestEnvironment = core.identity.environment
        if environment != latestEnvironment { environment = latestEnvironment }
        let newSession = session
        if oldSession?.id != newSession?.id || oldSession?.status != newSession?.status {
            if let oldSession, oldSession.id != newSession?.id {
                let tokens = core.tokens
                Task { await tokens.cache.removeTokens(sessionId: oldSession.id) }
            }
            eventHub.send(.sessionChanged(oldValue: oldSession, newValue: newSession))
        }
    }

    private static func result<Value>(
        _ body: @Sendable () async throws(ClerkError) -> Value
    ) async -> Result<Value, ClerkError> {
        do throws(ClerkError) { return .success(try await body()) } catch { return .failure(error) }
    }
}
