// Builds rtnetlink byte sequences for the parser tests, the way the kernel lays them out.
@testable import SundialKitNetwork

enum NetlinkBytes {
    static func message(type: UInt16, sequence: UInt32 = 0, flags: UInt16 = 0, body: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        append(UInt32(16 + body.count), to: &bytes)
        append(type, to: &bytes)
        append(flags, to: &bytes)
        append(sequence, to: &bytes)
        append(UInt32(0), to: &bytes)
        bytes += body
        while bytes.count % 4 != 0 { bytes.append(0) }
        return bytes
    }

    static func attribute(_ type: UInt16, _ value: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        append(UInt16(4 + value.count), to: &bytes)
        append(type, to: &bytes)
        bytes += value
        while bytes.count % 4 != 0 { bytes.append(0) }
        return bytes
    }

    static func string(_ text: String) -> [UInt8] {
        Array(text.utf8) + [0]
    }

    static func integer<Value: FixedWidthInteger>(_ value: Value) -> [UInt8] {
        var bytes: [UInt8] = []
        append(value, to: &bytes)
        return bytes
    }

    /// `RTM_NEWLINK` / `RTM_DELLINK`.
    static func link(
        type: UInt16 = NetlinkConstant.newLink, index: Int32, name: String?, flags: UInt32,
        hardwareType: UInt16 = 1, kind: String? = nil
    ) -> [UInt8] {
        var body: [UInt8] = [0, 0]
        body += integer(hardwareType) + integer(index) + integer(flags) + integer(UInt32(0))
        if let name { body += attribute(NetlinkConstant.linkName, string(name)) }
        if let kind {
            body += attribute(NetlinkConstant.linkInfo | 0x8000, attribute(NetlinkConstant.linkInfoKind, string(kind)))
        }
        return message(type: type, body: body)
    }

    /// `RTM_NEWADDR` / `RTM_DELADDR` with `IFA_LOCAL`.
    static func address(
        type: UInt16 = NetlinkConstant.newAddress, family: UInt8 = 2, index: UInt32, address: [UInt8],
        prefix: UInt8 = 24, scope: UInt8 = 0, flags: UInt32? = nil
    ) -> [UInt8] {
        var body: [UInt8] = [family, prefix, 0, scope]
        body += integer(index)
        body += attribute(NetlinkConstant.addressLocal, address)
        if let flags { body += attribute(NetlinkConstant.addressFlags, integer(flags)) }
        return message(type: type, body: body)
    }

    /// `RTM_NEWROUTE` / `RTM_DELROUTE`; a default route unless `destinationLength` says otherwise.
    static func route(
        type: UInt16 = NetlinkConstant.newRoute, family: UInt8 = 2, destinationLength: UInt8 = 0,
        table: UInt8 = 254, routeType: UInt8 = 1, outputInterface: Int32?, gateway: [UInt8]? = nil,
        multipath: [Int32] = []
    ) -> [UInt8] {
        var body: [UInt8] = [family, destinationLength, 0, 0, table, 3, 0, routeType]
        body += integer(UInt32(0))
        if let outputInterface { body += attribute(NetlinkConstant.routeOutputInterface, integer(outputInterface)) }
        if let gateway { body += attribute(NetlinkConstant.routeGateway, gateway) }
        if !multipath.isEmpty {
            var hops: [UInt8] = []
            for index in multipath {
                hops += integer(UInt16(8)) + [0, 0] + integer(index)
            }
            body += attribute(NetlinkConstant.routeMultipath, hops)
        }
        return message(type: type, body: body)
    }

    static let upAndRunning: UInt32 = LinkInfo.flagUp | LinkInfo.flagRunning

    private static func append<Value: FixedWidthInteger>(_ value: Value, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value) { bytes += $0 }
    }
}
