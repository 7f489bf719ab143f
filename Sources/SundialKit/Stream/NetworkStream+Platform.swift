public import SundialKitCore

#if canImport(Network)
public import Network
import SundialKitNetwork

@available(OS2019, *)
extension NetworkStream where Monitor == NWPathMonitor, Ping == NeverPing {
    /// Creates streams over `NWPathMonitor` (a fresh one for every start), without a ping.
    public init() {
        self.init(networkMonitor: NetworkMonitor())
    }
}

@available(OS2019, *)
extension NetworkStream where Monitor == NWPathMonitor {
    /// Creates streams over `NWPathMonitor` (a fresh one for every start) that also ping.
    public init(ping: Ping) {
        self.init(networkMonitor: NetworkMonitor(ping: ping))
    }
}
#elseif os(Linux)
public import SundialKitNetwork

@available(OS2019, *)
extension NetworkStream where Monitor == NetlinkPathMonitor, Ping == NeverPing {
    /// Creates streams over a new `NetlinkPathMonitor`, without a ping.
    /// - Throws: `NetworkError.monitoringUnavailable` if netlink cannot be opened.
    public init() throws(NetworkError) {
        self.init(networkMonitor: try NetworkMonitor())
    }
}

@available(OS2019, *)
extension NetworkStream where Monitor == NetlinkPathMonitor {
    /// Creates streams over a new `NetlinkPathMonitor` that also ping.
    /// - Throws: `NetworkError.monitoringUnavailable` if netlink cannot be opened.
    public init(ping: Ping) throws(NetworkError) {
        self.init(networkMonitor: try NetworkMonitor(ping: ping))
    }
}
#endif
