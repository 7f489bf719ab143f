import SundialKitCore
import Testing

/// The mapping the `NWPathMonitor` adapter delegates: every report, with and without a reason.
@Suite("PathStatus from a monitor's report")
struct PathStatusReportTests {
    @Test("A satisfied report collects its interface kinds")
    @available(OS2022, *)
    func satisfied() {
        let status = PathStatus(report: .satisfied, reason: .notAvailable, interfaces: [.wifi, .cellular, .wifi])
        #expect(status == .satisfied([.wifi, .cellular]))
        #expect(PathStatus(report: .satisfied, reason: nil, interfaces: []) == .satisfied([]))
    }

    @Test("An unsatisfied report keeps its reason, or none where the system gives none")
    @available(OS2022, *)
    func unsatisfied() {
        #expect(PathStatus(report: .unsatisfied, reason: .wifiDenied, interfaces: [.wifi]) == .unsatisfied(.wifiDenied))
        #expect(PathStatus(report: .unsatisfied, reason: nil, interfaces: []) == .unsatisfied(nil))
    }

    @Test("The other reports ignore reason and interfaces")
    @available(OS2022, *)
    func others() {
        #expect(
            PathStatus(report: .requiresConnection, reason: .notAvailable, interfaces: [.wifi]) == .requiresConnection)
        #expect(PathStatus(report: .unknown, reason: nil, interfaces: [.loopback]) == .unknown)
    }
}
