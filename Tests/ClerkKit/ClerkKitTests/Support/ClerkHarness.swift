import ClerkKit
import CourierTestSupport
import Foundation
import Logging

/// A ``Clerk`` on a stub transport, a test clock, an in-memory store and a captured log.
@MainActor
@available(OS2023, *)
struct ClerkHarness {
    let clerk: Clerk
    let transport: StubTransport
    let store: InMemorySecureStore
    let clock: TestClock
    let log: LogCapture

    init(
        transport: StubTransport, store: InMemorySecureStore = InMemorySecureStore(), clock: TestClock = TestClock(),
        options: ClerkOptions = ClerkOptions(telemetryEnabled: false, device: Fixtures.testDevice),
        proxy: String? = nil
    ) throws {
        self.transport = transport
        self.store = store
        self.clock = clock
        self.log = LogCapture()
        let configuration = try Fixtures.configuration(proxy: proxy, options: options)
        let dependencies = ClerkDependencies(
            configuration: configuration, transport: transport, store: store, clock: clock,
            logger: log.logger(level: .trace))
        clerk = Clerk(configuration: configuration, dependencies: dependencies)
    }
}
