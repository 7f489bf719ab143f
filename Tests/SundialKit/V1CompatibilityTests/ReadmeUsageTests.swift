// The usage SundialKit 1.0's README showed: an ObservableObject that assigns the path status publisher to a
// @Published property and starts the observer on a global queue.
import CourierTestSupport
import Foundation
import SundialKit
import SundialKitCombine
import Testing

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

@available(OS2022, *)
final class NetworkConnectivityObject: ObservableObject {
    // our NetworkObserver
    let connectivityObserver: NetworkObserver<MockPathMonitor, NeverPing>

    // our published property for pathStatus initially set to `.unknown`
    @Published var pathStatus: PathStatus = .unknown

    init(monitor: MockPathMonitor) {
        connectivityObserver = NetworkObserver(monitor: monitor)
        // set the pathStatus changes to our published property
        connectivityObserver
            .pathStatusPublisher
            .assign(to: &self.$pathStatus)
    }

    // need to start listening
    func start() {
        self.connectivityObserver.start(queue: .global())
    }
}

@Suite("SundialKit 1.0 README usage")
struct ReadmeUsageTests {
    @Test("An ObservableObject's @Published path status follows the observer")
    @available(OS2022, *)
    func observableObject() {
        let monitor = MockPathMonitor(id: UUID())
        let object = NetworkConnectivityObject(monitor: monitor)
        #expect(object.pathStatus == .unknown)
        object.start()
        #expect(object.pathStatus == .satisfied(.wiredEthernet))
        monitor.sendPath(.init(pathStatus: .unsatisfied(.notAvailable)))
        #expect(object.pathStatus == .unsatisfied(.notAvailable))
        object.connectivityObserver.cancel()
    }

    @Test("PathStatus keeps its 1.0 cases, reasons and interface raw values")
    @available(OS2022, *)
    func pathStatusShape() {
        let statuses: [PathStatus] = [
            .unsatisfied(.cellularDenied), .unsatisfied(.localNetworkDenied), .unsatisfied(.notAvailable),
            .unsatisfied(.wifiDenied), .unsatisfied(.unknown), .unsatisfied(.unsupported), .unsatisfied(nil),
            .satisfied([.cellular, .wifi, .wiredEthernet, .other, .loopback]), .requiresConnection, .unknown,
        ]
        #expect(Set(statuses).count == statuses.count)
        #expect(PathStatus.Interface(rawValue: 31) == [.cellular, .wifi, .wiredEthernet, .other, .loopback])
        #expect(PathStatus.Interface.wifi.typeValue == 2)
        #expect(NeverPing.StatusType.self == Never.self)
    }
}
