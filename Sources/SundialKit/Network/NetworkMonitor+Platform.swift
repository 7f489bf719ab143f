import Foundation
public import SundialKitCore

#if canImport(Network)
public import Network

@available(OS2019, *)
extension NetworkMonitor where Monitor == NWPathMonitor, Ping == NeverPing {
    /// Creates a monitor over `NWPathMonitor` (a fresh one for every start), without a ping.
    public convenience init() {
        self.init(makeMonitor: { NWPathMonitor() }, ping: nil)
    }
}

@available(OS2019, *)
extension NetworkMonitor where Monitor == NWPathMonitor {
    /// Creates a monitor over `NWPathMonitor` (a fresh one for every start), with a ping.
    public convenience init(ping: Ping) {
        self.init(makeMonitor: { NWPathMonitor() }, ping: ping)
    }
}
#elseif os(Linux)
extension NetworkMonitor where Monitor == NetlinkPathMonitor, Ping == NeverPing {
    /// Creates a monitor over a new ``NetlinkPathMonitor``, without a ping.
    /// - Throws: `NetworkError.monitoringUnavailable(reason:)` if netlink cannot be opened.
    public convenience init() throws(NetworkError) {
        self.init(monitor: try NetlinkPathMonitor())
    }
}

extension NetworkMonitor where Monitor == NetlinkPathMonitor {
    /// Creates a monitor over a new ``NetlinkPathMonitor``, with a ping.
    /// - Throws: `NetworkError.monitoringUnavailable(reason:)` if netlink cannot be opened.
    public convenience init(ping: Ping) throws(NetworkError) {
        self.init(monitor: try NetlinkPathMonitor(), ping: ping)
    }
}
#endif
