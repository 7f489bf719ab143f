import Foundation
import Logging

/// The services behind one ``Clerk``, wired once from its ``ClerkDependencies``. Not isolated to any actor.
@available(OS2023, *)
final class ClerkCore: Sendable {
    let configuration: ClerkConfiguration
    let dependencies: ClerkDependencies
    let identity: IdentityStore
    let fapi: FAPIClient
    let tokens: SessionTokenService
    /// Records and sends telemetry; nil when it is off or the instance is not a development instance.
    let telemetry: TelemetryDriver?
    /// The name the service serves trusted-device paths under, as last learnt (see ``TrustedDeviceEndpoints``).
    let trustedDeviceNaming = Protected(TrustedDeviceEndpoints.Naming.trustedDevices)

    init(configuration: ClerkConfiguration, dependencies: ClerkDependencies, events: EventHub<AuthEvent>) {
        self.configuration = configuration
        self.dependencies = dependencies
        identity = IdentityStore(store: dependencies.store, logger: dependencies.logger)
        fapi = FAPIClient(
            configuration: configuration, dependencies: dependencies, identity: identity, events: events)
        tokens = SessionTokenService(fapi: fapi, clock: dependencies.clock)
        let options = configuration.options
        telemetry =
            options.telemetryEnabled && configuration.instanceType == .development
            ? TelemetryDriver(
                settings: .init(
                    enabled: true, instanceType: configuration.instanceType,
                    publishableKey: configuration.publishableKey),
                endpoint: options.telemetryEndpoint, dependencies: dependencies)
            : nil
    }

    /// `GET /v1/environment`, stored.
    func refreshEnvironment() async throws(ClerkError) -> ClerkEnvironment {
        let (environment, body) = try await fapi.sendReading(
            FAPIRequest("GET", "/v1/environment"), as: ClerkEnvironment.self, wrapped: false,
            previous: identity.environmentResponse)
        identity.setEnvironment(environment, body: body)
        return environment
    }
}
