public import Foundation
public import Logging

/// Options for a ``Clerk`` instance.
@available(OS2023, *)
public struct ClerkOptions: Sendable {
    /// How much ClerkKit logs (default `.error`). Secrets are never logged at any level.
    public var logLevel: Logger.Level
    /// Runs on every request after Clerk's own request middleware, in order.
    public var requestMiddleware: [any ClerkRequestMiddleware]
    /// Runs on every response (errors too) before Clerk's own response middleware, in order.
    public var responseMiddleware: [any ClerkResponseMiddleware]
    /// The store for the device token, client and environment; `nil` uses the one passed to ``Clerk`` or an
    /// in-memory store.
    public var store: (any SecureStore)?
    /// Whether development telemetry is recorded and sent (see <doc:Telemetry>): on by default on Apple platforms
    /// as in clerk-ios, off on Linux. Production instances never send any.
    public var telemetryEnabled: Bool
    /// Where telemetry batches are posted (default ``defaultTelemetryEndpoint``, clerk-ios's
    /// `https://clerk-telemetry.com/v1/event`). The proxy URL does not apply to it.
    public var telemetryEndpoint: URL = ClerkOptions.defaultTelemetryEndpoint
    /// Retry limits.
    public var retry: RetryConfiguration
    /// The device description sent in the `x-*` headers.
    public var device: DeviceInfo
    /// How often the proactive token refresh wakes while it runs (default 5 s, as in clerk-ios).
    public var tokenRefreshInterval: Duration
    /// Where OAuth, SSO and hosted sign-in send the browser back to: `<bundle id>://callback` by default (as in
    /// clerk-ios), nil without a bundle id. A ``WebAuthenticator`` with its own redirect URL overrides it.
    public var redirectURL: URL?
    /// Where trusted-device keys are made and used; `nil` (the default) uses the Secure Enclave where the device
    /// has one, else software keys in the instance's store (``SoftwareTrustedDeviceKeys``).
    public var trustedDeviceKeys: (any TrustedDeviceKeyStore)?

    /// Creates options; every argument has a default.
    public init(
        logLevel: Logger.Level = .error,
        requestMiddleware: [any ClerkRequestMiddleware] = [],
        responseMiddleware: [any ClerkResponseMiddleware] = [],
        store: (any SecureStore)? = nil,
        telemetryEnabled: Bool = ClerkOptions.defaultTelemetryEnabled,
        retry: RetryConfiguration = RetryConfiguration(),
        device: DeviceInfo = .current,
        tokenRefreshInterval: Duration = .seconds(5)
    ) {
        self.logLevel = logLevel
        self.requestMiddleware = requestMiddleware
        self.responseMiddleware = responseMiddleware
        self.store = store
        self.telemetryEnabled = telemetryEnabled
        self.retry = retry
        self.device = device
        self.tokenRefreshInterval = tokenRefreshInterval
        redirectURL = ClerkOptions.defaultRedirectURL
    }

    /// `<bundle id>://callback`, or nil when the process has no bundle id.
    public static var defaultRedirectURL: URL? {
        Bundle.main.bundleIdentifier.flatMap { $0.isEmpty ? nil : URL(string: "\($0)://callback") }
    }

    /// `https://clerk-telemetry.com/v1/event`, where clerk-ios sends its telemetry.
    public static var defaultTelemetryEndpoint: URL {
        URL(string: "https://clerk-telemetry.com/v1/event") ?? URL(fileURLWithPath: "/")
    }

    /// `false` on Linux, `true` elsewhere (as in clerk-ios).
    public static var defaultTelemetryEnabled: Bool {
        #if os(Linux)
        false
        #else
        true
        #endif
    }
}
