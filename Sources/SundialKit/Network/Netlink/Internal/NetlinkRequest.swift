/// Builds rtnetlink requests. Pure.
enum NetlinkRequest {
    /// What a dump asks for.
    enum Dump: CaseIterable, Sendable {
        case links
        case addresses
        case routes

        var messageType: UInt16 {
            switch self {
            case .links: NetlinkConstant.getLink
            case .addresses: NetlinkConstant.getAddress
            case .routes: NetlinkConstant.getRoute
            }
        }

        /// The size of the fixed body (`ifinfomsg`, `ifaddrmsg`, `rtmsg`), all zero: every family.
        var bodyLength: Int {
            switch self {
            case .links: 16
            case .addresses: 8
            case .routes: 12
            }
        }

        /// The next dump in the initial sequence (links, then addresses, then routes).
        var next: Dump? {
            switch self {
            case .links: .addresses
            case .addresses: .routes
            case .routes: nil
            }
        }
    }

    /// The bytes of a dump request.
    static func dump(_ dump: Dump, sequence: UInt32) -> [UInt8] {
        let length = NetlinkConstant.headerLength + dump.bodyLength
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length)
        append(UInt32(length), to: &bytes)
        append(dump.messageType, to: &bytes)
        append(NetlinkConstant.flagRequest | NetlinkConstant.flagDump, to: &bytes)
        append(sequence, to: &bytes)
        append(UInt32(0), to: &bytes)
        bytes += repeatElement(0, count: dump.bodyLength)
        return bytes
    }

    private static func append<Value: FixedWidthInteger>(_ value: Value, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value) { bytes += $0 }
    }
}
