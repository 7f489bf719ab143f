import CourierTestSupport
import DurableStreamsPostgres
import Logging
import Testing

/// A database outage is logged once when it begins and once when it ends, whatever the number of refused requests.
@Suite("PostgreSQL store: outage log")
struct PostgresOutageTests {
    @Test("The state machine begins an outage on the first failure and ends it on the next success, counting")
    @available(OS2023, *)
    func stateMachine() {
        var outage = PostgresOutage()
        let start = ContinuousClock.now
        #expect(outage.succeeded(at: start) == .none)
        #expect(outage.failed(at: start) == .began)
        #expect(outage.failed(at: start + .seconds(1)) == .none)
        #expect(outage.failed(at: start + .seconds(2), counts: false) == .none)
        #expect(outage.failed(at: start + .seconds(2)) == .none)
        #expect(outage.isDown)
        #expect(outage.succeeded(at: start + .seconds(3)) == .ended(duration: Duration.seconds(3), refused: 3))
        #expect(!outage.isDown)
        #expect(outage.succeeded(at: start + .seconds(4)) == .none)
        // Background work alone begins an outage, with no refused request.
        #expect(outage.failed(at: start + .seconds(5), counts: false) == .began)
        #expect(outage.succeeded(at: start + .seconds(6)) == .ended(duration: Duration.seconds(1), refused: 0))
    }

    @Test("An outage of many refused requests is two records above debug: a warning, then an info with the count")
    @available(OS2023, *)
    func records() {
        let capture = LogCapture()
        let log = PostgresOutageLog(logger: capture.logger(), database: "user@db:5432/streams")
        log.succeeded()
        for _ in 0..<50 { log.failed(reason: "the database connection failed (connectionError)") }
        log.succeeded()
        log.succeeded()
        let captured = capture.records
        let loud = captured.filter { $0.level > .debug }
        #expect(loud.count == 2)
        #expect(loud.first?.level == .warning)
        #expect(loud.first?.metadata["reason"] == "the database connection failed (connectionError)")
        #expect(loud.first?.metadata["database"] == "user@db:5432/streams")
        #expect(loud.last?.level == .info)
        #expect(loud.last?.metadata["refused"] == "50")
        #expect(loud.last?.metadata["duration_ms"] != nil)
        #expect(captured.filter { $0.level == .debug }.count == 50)
    }
}
