import CourierTestSupport
import Foundation
import Observation
import Testing

@testable import ClerkKit

/// `Clerk`'s state is observable: SwiftUI views and `withObservationTracking` learn of every change.
@MainActor
@Suite struct ObservationTests {
    @available(OS2023, *)
    @Test func signingInNotifiesObserversOfTheUserAndClient() async throws {
        let harness = try ClerkHarness(transport: AuthFlowTests.signInRoutes())
        #expect(harness.clerk.user == nil)
        let (changes, continuation) = AsyncStream<String>.makeStream()
        withObservationTracking {
            _ = harness.clerk.user
        } onChange: {
            continuation.yield("user")
        }
        withObservationTracking {
            _ = harness.clerk.client
        } onChange: {
            continuation.yield("client")
        }
        withObservationTracking {
            _ = harness.clerk.environment
        } onChange: {
            continuation.yield("environment")
        }
        _ = try await harness.clerk.auth.signIn(identifier: "ada@example.com", password: "pw")
        let first = try await changes.first(2)
        #expect(Set(first) == ["user", "client"])
        #expect(harness.clerk.user?.firstName == "Ada")
    }

    @available(OS2023, *)
    @Test func reconfiguringNotifiesObserversOfTheConfiguration() async throws {
        let harness = try ClerkHarness(transport: AuthFlowTests.signInRoutes())
        let (changes, continuation) = AsyncStream<String>.makeStream()
        withObservationTracking {
            _ = harness.clerk.configuration
        } onChange: {
            continuation.yield("configuration")
        }
        let other = try Fixtures.configuration(proxy: "https://proxy.example.com/__clerk", options: ClerkOptions())
        await harness.clerk.reconfigure(other)
        #expect(try await changes.first(1) == ["configuration"])
        #expect(harness.clerk.configuration.proxyURL != nil)
    }

    @available(OS2023, *)
    @Test func readingWithoutAChangeNotifiesNobody() async throws {
        let harness = try ClerkHarness(transport: AuthFlowTests.signInRoutes())
        let notified = Protected(false)
        withObservationTracking {
            _ = harness.clerk.user
        } onChange: {
            notified.withLock { $0 = true }
        }
        harness.clerk.hydrate()
        _ = harness.clerk.session
        #expect(notified.withLock { $0 } == false)
    }
}
