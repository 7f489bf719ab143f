/// rtnetlink message and attribute numbers (from `<linux/netlink.h>` and `<linux/rtnetlink.h>`; stable kernel ABI).
enum NetlinkConstant {
    static let headerLength = 16
    static let attributeHeaderLength = 4

    static let noop: UInt16 = 1
    static let error: UInt16 = 2
    static let done: UInt16 = 3
    static let overrun: UInt16 = 4

    static let newLink: UInt16 = 16
    static let deleteLink: UInt16 = 17
    static let getLink: UInt16 = 18
    static let newAddress: UInt16 = 20
    static let deleteAddress: UInt16 = 21
    static let getAddress: UInt16 = 22
    static let newRoute: UInt16 = 24
    static let deleteRoute: UInt16 = 25
    static let getRoute: UInt16 = 26

    static let flagRequest: UInt16 = 0x1
    static let flagMulti: UInt16 = 0x2
    static let flagDump: UInt16 = 0x300

    // ifinfomsg (16 bytes) attributes
    static let linkName: UInt16 = 3
    static let linkOperationalState: UInt16 = 16
    static let linkInfo: UInt16 = 18
    static let linkInfoKind: UInt16 = 1

    // ifaddrmsg (8 bytes) attributes
    static let addressAddress: UInt16 = 1
    static let addressLocal: UInt16 = 2
    static let addressFlags: UInt16 = 8

    // rtmsg (12 bytes) attributes
    static let routeOutputInterface: UInt16 = 4
    static let routeGateway: UInt16 = 5
    static let routePriority: UInt16 = 6
    static let routeMultipath: UInt16 = 9
    static let routeTable: UInt16 = 15

    /// Attribute type bits that are flags (`NLA_F_NESTED`, `NLA_F_NET_BYTEORDER`), not part of the type.
    static let attributeTypeMask: UInt16 = 0x3FFF
}

/// A network link (interface) as `RTM_NEWLINK` describes it.
struct LinkInfo: Equatable, Hashable, Sendable {
    /// The interface index.
    var index: Int32
    /// The interface name (`IFLA_IFNAME`).
    var name: String?
    /// `IFF_*` flags.
    var flags: UInt32
    /// The link-layer type (`ARPHRD_*`).
    var hardwareType: UInt16
    /// The driver kind for virtual links (`IFLA_INFO_KIND`: `veth`, `bridge`, `wireguard`, …).
    var kind: String?

    static let flagUp: UInt32 = 0x1
    static let flagLoopback: UInt32 = 0x8
    static let flagRunning: UInt32 = 0x40

    /// Administratively up and with a working carrier (`IFF_UP` and `IFF_RUNNING`).
    var isOperational: Bool {
        flags & Self.flagUp != 0 && flags & Self.flagRunning != 0
    }
}

/// An interface address as `RTM_NEWADDR` describes it.
struct AddressInfo: Equatable, Hashable, Sendable {
    /// `AF_INET` (2) or `AF_INET6` (10).
    var family: UInt8
    /// The prefix length.
    var prefixLength: UInt8
    /// The scope (`RT_SCOPE_*`: 0 universe, 200 site, 253 link, 254 host).
    var scope: UInt8
    /// `IFA_F_*` flags (from `IFA_FLAGS` when present).
    var flags: UInt32
    /// The interface index.
    var index: UInt32
    /// The address bytes (4 or 16).
    var address: [UInt8]

    static let flagDadFailed: UInt32 = 0x08
    static let flagTentative: UInt32 = 0x40

    /// Whether the address can carry traffic beyond the link: not host- or link-scoped, not tentative.
    var isRoutable: Bool {
        scope < 253 && flags & (Self.flagTentative | Self.flagDadFailed) == 0
    }
}

/// A route as `RTM_NEWROUTE` describes it.
struct RouteInfo: Equatable, Hashable, Sendable {
    /// `AF_INET` (2) or `AF_INET6` (10).
    var family: UInt8
    /// The destination prefix length; 0 for a default route.
    var destinationLength: UInt8
    /// The routing table (`RTA_TABLE` when present, else `rtm_table`).
    var table: UInt32
    /// The route type (`RTN_*`: 1 unicast).
    var type: UInt8
    /// The output interfaces (`RTA_OIF`, or each next hop of `RTA_MULTIPATH`).
    var outputInterfaces: [Int32]
    /// The gateway address, if any.
    var gateway: [UInt8]?
    /// The metric, if any.
    var priority: UInt32?

    static let mainTable: UInt32 = 254
    static let unicast: UInt8 = 1

    /// A unicast default route in the main table.
    var isDefault: Bool {
        destinationLength == 0 && type == Self.unicast && table == Self.mainTable
    }
}

/// One parsed rtnetlink message.
enum NetlinkMessage: Equatable, Sendable {
    /// A link appeared or changed.
    case newLink(LinkInfo)
    /// A link disappeared.
    case deleteLink(index: Int32)
    /// An address appeared.
    case newAddress(AddressInfo)
    /// An address disappeared.
    case deleteAddress(AddressInfo)
    /// A route appeared.
    case newRoute(RouteInfo)
    /// A route disappeared.
    case deleteRoute(RouteInfo)
    /// The end of a dump.
    case done(sequence: UInt32)
    /// An error or acknowledgement (`code` 0) for a request.
    case error(code: Int32, sequence: UInt32)
    /// The kernel dropped data.
    case overrun
    /// A message type the monitor does not use.
    case ignored(type: UInt16)
}

/// What one buffer of rtnetlink bytes held: the messages that parsed and the problems with the rest.
struct NetlinkBatch: Equatable, Sendable {
    /// The messages, in order.
    var messages: [NetlinkMessage] = []
    /// Malformed or truncated input, skipped.
    var problems: [NetlinkParseError] = []
}

/// Why bytes could not be parsed as rtnetlink messages.
enum NetlinkParseError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Fewer bytes than a message header remain at `offset`.
    case truncatedHeader(offset: Int, available: Int)
    /// The header at `offset` gives a length shorter than a header or longer than the bytes left.
    case invalidLength(offset: Int, length: Int, available: Int)
    /// The message at `offset` is too short for its fixed body.
    case truncatedBody(type: UInt16, offset: Int, length: Int)
    /// An attribute of the message at `offset` has an impossible length.
    case malformedAttribute(type: UInt16, offset: Int)
    /// A required attribute has the wrong size (for example an address of 3 bytes).
    case invalidAttributeValue(type: UInt16, attribute: UInt16, offset: Int)

    var description: String {
        switch self {
        case .truncatedHeader(let offset, let available):
            "truncated netlink header at byte \(offset) (\(available) bytes left)"
        case .invalidLength(let offset, let length, let available):
            "netlink message at byte \(offset) claims \(length) bytes (\(available) left)"
        case .truncatedBody(let type, let offset, let length):
            "netlink message type \(type) at byte \(offset) is too short (\(length) bytes)"
        case .malformedAttribute(let type, let offset):
            "netlink message type \(type) at byte \(offset) has a malformed attribute"
        case .invalidAttributeValue(let type, let attribute, let offset):
            "netlink message type \(type) at byte \(offset) has an invalid attribute \(attribute)"
        }
    }
}
