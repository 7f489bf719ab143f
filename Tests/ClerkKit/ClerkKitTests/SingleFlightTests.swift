import CourierTestSupport
import Foundation
import Testing

@testable import ClerkKit

/// Coalesced operations: callers share one run; a cancelled caller stops waiting at once; the run is cancelled only
/// when nobody waits for it any more.
@Suite("SingleFlight")
struct SingleFlightTests {
    @available(OS2023, *)
    @Test func aCancelledCallerStopsWaitingWhileTheOtherGetsTheResult() async throws {
        let flight = SingleFlight<String, Int>()
        let started = Gate()
        let release = Gate()
        let runs = Protected(0)
        let operation: @Sendable () async throws(ClerkError) -> Int = {
            runs.withLock { $0 += 1 }
            started.open()
            await release.wait()
            return 42
        }
        let first = Task { () async throws(ClerkError) -> Int in try await flight.run("k", operation: operation) }
        await started.wait()
        let second = Task { () async throws(ClerkError) -> Int in try await flight.run("k", operation: operation) }
        try await eventually { flight.isRunning("k") }
        second.cancel()
        // The cancelled caller returns while the shared run is still held open.
        let cancelled = try await withTimeout { await second.result }
        #expect(throws: ClerkError.self) { try cancelled.get() }
        #expect(flight.isRunning("k"))
        release.open()
        #expect(try await first.value == 42)
        #expect(runs.value == 1)
    }

    @available(OS2023, *)
    @Test func theRunIsCancelledWhenEveryCallerIs() async throws {
        let flight = SingleFlight<String, Int>()
        let started = Gate()
        let operation: @Sendable () async throws(ClerkError) -> Int = {
            started.open()
            try await SystemClock().sleep(for: .seconds(3_600))
            return 1
        }
        let only = Task { () async throws(ClerkError) -> Int in try await flight.run("k", operation: operation) }
        await started.wait()
        only.cancel()
        let error = await #expect(throws: ClerkError.self) { try await only.value }
        #expect(error?.code == .cancelled)
        try await eventually { !flight.isRunning("k") }
    }

}
