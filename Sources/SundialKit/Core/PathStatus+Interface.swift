extension PathStatus {
    /// Kinds of network interface, by their link-layer media, as an option set.
    ///
    /// The raw values are those of SundialKit 1.0 (and of `NWInterface.InterfaceType` order):
    /// cellular 1, wifi 2, wiredEthernet 4, other 8, loopback 16.
    public struct Interface: OptionSet, Hashable, Sendable {
        /// A cellular (WWAN) interface.
        public static let cellular = Self(rawValue: 1)
        /// A Wi-Fi (WLAN) interface.
        public static let wifi = Self(rawValue: 2)
        /// A wired Ethernet interface.
        public static let wiredEthernet = Self(rawValue: 4)
        /// A virtual interface, or one of a kind not listed here.
        public static let other = Self(rawValue: 8)
        /// The local loopback interface.
        public static let loopback = Self(rawValue: 16)

        /// The bit pattern of interface kinds.
        public var rawValue: Int

        /// The raw value, under its SundialKit 1.0 name.
        public var typeValue: Int {
            rawValue
        }

        /// Creates a set of interface kinds from its bit pattern.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }
    }
}

extension PathStatus.Interface: CustomStringConvertible {
    private static let names: [(Self, String)] = [
        (.cellular, "cellular"), (.wifi, "wifi"), (.wiredEthernet, "wiredEthernet"), (.other, "other"),
        (.loopback, "loopback"),
    ]

    /// The kinds in the set, e.g. `wifi, wiredEthernet`, or `none`.
    public var description: String {
        let names = Self.names.filter { contains($0.0) }.map(\.1)
        return names.isEmpty ? "none" : names.joined(separator: ", ")
    }
}
