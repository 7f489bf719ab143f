import Foundation
public import SundialKitCore

#if canImport(Network)
public import Network
import SundialKitNetwork

@available(OS2019, *)
extension NetworkObserver where MonitorType == NWPathMonitor, PingType == NeverPing {
    /// Creates an observer over `NWPathMonitor`, without a ping.
    public convenience init() {
        self.init(networkMonitor: NetworkMonitor())
    }
}

@available(OS2019, *)
extension NetworkObserver where MonitorType == NWPathMonitor {
    /// Creates an observer over `NWPathMonitor` that also pings.
    public convenience init(ping: PingType) {
        self.init(networkMonitor: NetworkMonitor(ping: ping))
    }
}
#elseif os(Linux)
public import SundialKitNetwork

@available(OS2019, *)
extension NetworkObserver where MonitorType == NetlinkPathMonitor, PingType == NeverPing {
    /// Creates an observer over a new `NetlinkPathMonitor`, without a ping.
    /// - Throws: `NetworkError.monitoringUnavailable` if netlink cannot be opened.
    public convenience init() throws(NetworkError) {
        self.init(networkMonitor: try NetworkMonitor())
    }
}

@available(OS2019, *)
extension NetworkObserver where MonitorType == NetlinkPathMonitor {
    /// Creates an observer over a new `NetlinkPathMonitor` that also pings.
    /// - Throws: `NetworkError.monitoringUnavailable` if netlink cannot be opened.
    public convenience init(ping: PingType) throws(NetworkError) {
        self.init(networkMonitor: try NetworkMonitor(ping: ping))
    }
}
#endif
