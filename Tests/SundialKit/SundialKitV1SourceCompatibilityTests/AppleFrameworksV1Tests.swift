// SundialKit 1.0's API on Apple's own types (1.0.0-beta.1, Sources/SundialKit/Network/Extensions and
// WatchConnectivity/Extensions). Compiled on Apple platforms only.
import Foundation
import SundialKit
import SundialKitCombine
import Testing

#if canImport(Network)
import Network

// 1.0's own NWInterface test reads the internal `NWInterface.InterfaceType.value`.
@testable import SundialKitNetwork

@Suite("SundialKit 1.0 source compatibility: Network framework")
struct NetworkFrameworkV1Tests {
    @Test("NWPath.pathStatus, NWInterface as Interfaceable, and 1.0's PathStatus initializers")
    func network() {
        let path = NWPathMonitor().currentPath
        let status: PathStatus = path.pathStatus
        if case .satisfied(let kinds) = status {
            #expect(kinds == PathStatus.Interface(interfaces: path.availableInterfaces))
        }
        #expect(path.availableInterfaces.allSatisfy { [1, 2, 4, 8, 16].contains($0.typeValue) })
        let types: [NWInterface.InterfaceType] = [.cellular, .wifi, .wiredEthernet, .other, .loopback]
        #expect(types.map(\.value) == [1, 2, 4, 8, 16])
        // macOS 11, where `NWPath.UnsatisfiedReason` appeared, is the package's floor.
        if #available(iOS 14.2, watchOS 7.1, tvOS 14.2, *) {
            #expect(PathStatus.UnsatisfiedReason(NWPath.UnsatisfiedReason.wifiDenied) == .wifiDenied)
            let interfaces: [PathStatus.Interface] = [.loopback, .cellular]
            let satisfied = PathStatus(.satisfied, reason: .notAvailable, interfaces: interfaces)
            #expect(satisfied == .satisfied([.loopback, .cellular]))
            #expect(
                PathStatus(.unsatisfied, reason: .cellularDenied, interfaces: interfaces)
                    == .unsatisfied(.cellularDenied))
        }
    }

    @Test("NetworkObserver() and NetworkObserver(ping:) monitor NWPathMonitor")
    @available(OS2022, *)
    func networkObserver() {
        let observer = NetworkObserver()
        let pinging = NetworkObserver(ping: FakePing(timeInterval: 10))
        observer.cancel()
        pinging.cancel()
    }
}
#endif

#if canImport(WatchConnectivity)
import WatchConnectivity

@Suite("SundialKit 1.0 source compatibility: WatchConnectivity")
struct WatchConnectivityV1Tests {
    @Test("WCSession.isPairedAppInstalled is the platform's installed flag")
    @available(OS2022, *)
    func pairedAppInstalled() {
        guard WCSession.isSupported() else { return }
        #if os(iOS)
        #expect(WCSession.default.isPairedAppInstalled == WCSession.default.isWatchAppInstalled)
        #else
        #expect(WCSession.default.isPairedAppInstalled == WCSession.default.isCompanionAppInstalled)
        #endif
    }
}
#endif
