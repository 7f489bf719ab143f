import SundialKitCore

/// What the system says about one interface, from netlink and (where it matches) `/sys/class/net/<name>`.
struct InterfaceFacts: Equatable, Sendable {
    /// The link-layer type (`ARPHRD_*`, from netlink).
    var hardwareType: UInt16
    /// The virtual-link driver (`IFLA_INFO_KIND`, from netlink), e.g. `veth`, `bridge`, `wireguard`.
    var linkKind: String?
    /// `DEVTYPE` from sysfs `uevent`, e.g. `wlan`, `wwan`, `bridge`, `vlan`.
    var deviceType: String?
    /// Whether sysfs has `wireless/` or `phy80211/` for the interface.
    var isWireless = false
}

/// Maps interface facts to a `PathStatus.Interface` kind. Pure.
enum InterfaceClassifier {
    static let loopbackType: UInt16 = 772
    static let etherType: UInt16 = 1
    static let rawIPType: UInt16 = 519
    static let wirelessTypes: ClosedRange<UInt16> = 801...803
    /// Link-layer types of tunnels and virtual devices: PPP, IPIP, IP6IP6, SIT, GRE, IP6GRE, none (tun, wireguard).
    static let virtualTypes: Set<UInt16> = [512, 768, 769, 776, 778, 823, 65534]

    /// Drivers of Ethernet-framed links that carry a wired connection (a container's `eth0` is a `veth`).
    static let wiredKinds: Set<String> = ["veth", "vlan", "macvlan", "ipvlan", "bond", "team"]
    /// Device types that mean a cellular modem.
    static let cellularDeviceTypes: Set<String> = ["wwan"]

    /// The kind, and whether the facts were recognised (unrecognised kinds map to `.other` and are worth a log).
    static func classify(_ facts: InterfaceFacts) -> (kind: PathStatus.Interface, recognised: Bool) {
        if facts.hardwareType == loopbackType {
            return (.loopback, true)
        }
        if facts.isWireless || facts.deviceType == "wlan" || wirelessTypes.contains(facts.hardwareType) {
            return (.wifi, true)
        }
        if let deviceType = facts.deviceType, cellularDeviceTypes.contains(deviceType) {
            return (.cellular, true)
        }
        if facts.hardwareType == rawIPType {
            return (.cellular, true)
        }
        if facts.hardwareType == etherType {
            if let kind = facts.linkKind, !wiredKinds.contains(kind) {
                return (.other, true)
            }
            if let deviceType = facts.deviceType, deviceType != "vlan", deviceType != "gadget" {
                return (.other, true)
            }
            return (.wiredEthernet, true)
        }
        if virtualTypes.contains(facts.hardwareType) {
            return (.other, true)
        }
        return (.other, false)
    }
}
