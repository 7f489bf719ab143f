/// Parses rtnetlink bytes into messages: a pure function, safe on any input.
///
/// A message whose header is intact but whose body or attributes are malformed is skipped and reported; a broken
/// header ends the batch (the next message cannot be found) and is reported. Nothing traps: every read is
/// bounds-checked, and integers are read unaligned in host byte order, as the kernel writes them.
enum NetlinkParser {
    /// Parses a buffer received from a netlink socket.
    static func parse(_ bytes: [UInt8]) -> NetlinkBatch {
        bytes.withUnsafeBytes { parse($0) }
    }

    /// Parses a buffer received from a netlink socket.
    static func parse(_ buffer: UnsafeRawBufferPointer) -> NetlinkBatch {
        var batch = NetlinkBatch()
        var offset = 0
        while offset < buffer.count {
            let available = buffer.count - offset
            guard available >= NetlinkConstant.headerLength else {
                batch.problems.append(.truncatedHeader(offset: offset, available: available))
                break
            }
            let length = Int(buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            guard length >= NetlinkConstant.headerLength, length <= available else {
                batch.problems.append(.invalidLength(offset: offset, length: length, available: available))
                break
            }
            let type = buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt16.self)
            let sequence = buffer.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self)
            let body = UnsafeRawBufferPointer(
                rebasing: buffer[(offset + NetlinkConstant.headerLength)..<(offset + length)])
            do {
                batch.messages.append(try message(type: type, sequence: sequence, body: body, offset: offset))
            } catch {
                batch.problems.append(error)
            }
            offset += align(length)
        }
        return batch
    }

    static func align(_ length: Int) -> Int {
        (length + 3) & ~3
    }

    private static func message(
        type: UInt16, sequence: UInt32, body: UnsafeRawBufferPointer, offset: Int
    ) throws(NetlinkParseError) -> NetlinkMessage {
        switch type {
        case NetlinkConstant.done:
            return .done(sequence: sequence)
        case NetlinkConstant.error:
            guard body.count >= 4 else {
                throw .truncatedBody(type: type, offset: offset, length: body.count + NetlinkConstant.headerLength)
            }
            return .error(code: body.loadUnaligned(as: Int32.self), sequence: sequence)
        case NetlinkConstant.overrun:
            return .overrun
        case NetlinkConstant.newLink, NetlinkConstant.deleteLink:
            let link = try parseLink(type: type, body: body, offset: offset)
            return type == NetlinkConstant.newLink ? .newLink(link) : .deleteLink(index: link.index)
        case NetlinkConstant.newAddress, NetlinkConstant.deleteAddress:
            let address = try parseAddress(type: type, body: body, offset: offset)
            return type == NetlinkConstant.newAddress ? .newAddress(address) : .deleteAddress(address)
        case NetlinkConstant.newRoute, NetlinkConstant.deleteRoute:
            let route = try parseRoute(type: type, body: body, offset: offset)
            return type == NetlinkConstant.newRoute ? .newRoute(route) : .deleteRoute(route)
        default:
            return .ignored(type: type)
        }
    }

    // MARK: Bodies

    private static func parseLink(
        type: UInt16, body: UnsafeRawBufferPointer, offset: Int
    ) throws(NetlinkParseError) -> LinkInfo {
        let fixed = 16
        guard body.count >= fixed else {
            throw .truncatedBody(type: type, offset: offset, length: body.count + NetlinkConstant.headerLength)
        }
        var link = LinkInfo(
            index: body.loadUnaligned(fromByteOffset: 4, as: Int32.self),
            name: nil,
            flags: body.loadUnaligned(fromByteOffset: 8, as: UInt32.self),
            hardwareType: body.loadUnaligned(fromByteOffset: 2, as: UInt16.self),
            kind: nil
        )
        try forEachAttribute(in: rest(body, from: fixed), type: type, offset: offset) {
            (attribute, value) throws(NetlinkParseError) in
            switch attribute {
            case NetlinkConstant.linkName:
                link.name = string(value)
            case NetlinkConstant.linkInfo:
                try forEachAttribute(in: value, type: type, offset: offset) {
                    (nested, nestedValue) throws(NetlinkParseError) in
                    if nested == NetlinkConstant.linkInfoKind {
                        link.kind = string(nestedValue)
                    }
                }
            default:
                break
            }
        }
        return link
    }

    private static func parseAddress(
        type: UInt16, body: UnsafeRawBufferPointer, offset: Int
    ) throws(NetlinkParseError) -> AddressInfo {
        let fixed = 8
        guard body.count >= fixed else {
            throw .truncatedBody(type: type, offset: offset, length: body.count + NetlinkConstant.headerLength)
        }
        var info = AddressInfo(
            family: body[0],
            prefixLength: body[1],
            scope: body[3],
            flags: UInt32(body[2]),
            index: body.loadUnaligned(fromByteOffset: 4, as: UInt32.self),
            address: []
        )
        var local: [UInt8]?
        var address: [UInt8]?
        try forEachAttribute(in: rest(body, from: fixed), type: type, offset: offset) {
            (attribute, value) throws(NetlinkParseError) in
            switch attribute {
            case NetlinkConstant.addressLocal:
                local = Array(value)
            case NetlinkConstant.addressAddress:
                address = Array(value)
            case NetlinkConstant.addressFlags:
                guard value.count >= 4 else {
                    throw .invalidAttributeValue(type: type, attribute: attribute, offset: offset)
                }
                info.flags = value.loadUnaligned(as: UInt32.self)
            default:
                break
            }
        }
        info.address = local ?? address ?? []
        if let expected = expectedAddressLength(family: info.family), info.address.count != expected {
            throw .invalidAttributeValue(type: type, attribute: NetlinkConstant.addressAddress, offset: offset)
        }
        return info
    }

    private static func parseRoute(
        type: UInt16, body: UnsafeRawBufferPointer, offset: Int
    ) throws(NetlinkParseError) -> RouteInfo {
        let fixed = 12
        guard body.count >= fixed else {
            throw .truncatedBody(type: type, offset: offset, length: body.count + NetlinkConstant.headerLength)
        }
        var route = RouteInfo(
            family: body[0],
            destinationLength: body[1],
            table: UInt32(body[4]),
            type: body[7],
            outputInterfaces: [],
            gateway: nil,
            priority: nil
        )
        try forEachAttribute(in: rest(body, from: fixed), type: type, offset: offset) {
            (attribute, value) throws(NetlinkParseError) in
            switch attribute {
            case NetlinkConstant.routeOutputInterface:
                route.outputInterfaces.append(try int32(value, type: type, attribute: attribute, offset: offset))
            case NetlinkConstant.routeTable:
                route.table = UInt32(bitPattern: try int32(value, type: type, attribute: attribute, offset: offset))
            case NetlinkConstant.routePriority:
                route.priority = UInt32(bitPattern: try int32(value, type: type, attribute: attribute, offset: offset))
            case NetlinkConstant.routeGateway:
                route.gateway = Array(value)
            case NetlinkConstant.routeMultipath:
                route.outputInterfaces += try nextHops(value, type: type, offset: offset)
            default:
                break
            }
        }
        return route
    }

    /// The interface indexes of `RTA_MULTIPATH`'s `rtnexthop` entries (8-byte header: len, flags, hops, ifindex).
    private static func nextHops(
        _ value: UnsafeRawBufferPointer, type: UInt16, offset: Int
    ) throws(NetlinkParseError) -> [Int32] {
        var indexes: [Int32] = []
        var position = 0
        while position < value.count {
            guard value.count - position >= 8 else {
                throw .malformedAttribute(type: type, offset: offset)
            }
            let length = Int(value.loadUnaligned(fromByteOffset: position, as: UInt16.self))
            guard length >= 8, length <= value.count - position else {
                throw .malformedAttribute(type: type, offset: offset)
            }
            indexes.append(value.loadUnaligned(fromByteOffset: position + 4, as: Int32.self))
            position += align(length)
        }
        return indexes
    }

    // MARK: Attributes

    /// Calls `body` with each attribute's type (flags masked off) and value; throws on an impossible length.
    private static func forEachAttribute(
        in buffer: UnsafeRawBufferPointer,
        type: UInt16,
        offset: Int,
        _ body: (UInt16, UnsafeRawBufferPointer) throws(NetlinkParseError) -> Void
    ) throws(NetlinkParseError) {
        var position = 0
        while position < buffer.count {
            let available = buffer.count - position
            guard available >= NetlinkConstant.attributeHeaderLength else {
                throw .malformedAttribute(type: type, offset: offset)
            }
            let length = Int(buffer.loadUnaligned(fromByteOffset: position, as: UInt16.self))
            guard length >= NetlinkConstant.attributeHeaderLength, length <= available else {
                throw .malformedAttribute(type: type, offset: offset)
            }
            let attribute = buffer.loadUnaligned(fromByteOffset: position + 2, as: UInt16.self)
            let value = UnsafeRawBufferPointer(
                rebasing: buffer[(position + NetlinkConstant.attributeHeaderLength)..<(position + length)])
            try body(attribute & NetlinkConstant.attributeTypeMask, value)
            position += align(length)
        }
    }

    private static func rest(_ buffer: UnsafeRawBufferPointer, from start: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: buffer[min(start, buffer.count)...])
    }

    private static func int32(
        _ value: UnsafeRawBufferPointer, type: UInt16, attribute: UInt16, offset: Int
    ) throws(NetlinkParseError) -> Int32 {
        guard value.count >= 4 else {
            throw .invalidAttributeValue(type: type, attribute: attribute, offset: offset)
        }
        return value.loadUnaligned(as: Int32.self)
    }

    /// A NUL-terminated (or unterminated) string attribute; invalid UTF-8 is repaired, never trusted.
    private static func string(_ value: UnsafeRawBufferPointer) -> String {
        let bytes = value.prefix { $0 != 0 }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func expectedAddressLength(family: UInt8) -> Int? {
        switch family {
        case 2: 4
        case 10: 16
        default: nil
        }
    }
}
