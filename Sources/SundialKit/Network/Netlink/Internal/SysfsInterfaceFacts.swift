import Foundation

/// Reads an interface's facts from `/sys/class/net/<name>`, trusting them only if sysfs shows the same interface
/// index (sysfs belongs to the network namespace it was mounted in, which may not be the monitor's).
struct SysfsInterfaceFacts: Sendable {
    var root: String = "/sys/class/net"

    func facts(for link: LinkInfo) -> InterfaceFacts {
        var facts = InterfaceFacts(hardwareType: link.hardwareType, linkKind: link.kind)
        guard let name = link.name, !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
            return facts
        }
        let directory = "\(root)/\(name)"
        guard let index = read("\(directory)/ifindex").flatMap({ Int32($0) }), index == link.index else {
            return facts
        }
        let manager = FileManager.default
        facts.isWireless =
            manager.fileExists(atPath: "\(directory)/wireless") || manager.fileExists(atPath: "\(directory)/phy80211")
        facts.deviceType = read("\(directory)/uevent").flatMap(Self.deviceType(fromUevent:))
        return facts
    }

    /// `DEVTYPE=…` from a `uevent` file's lines.
    static func deviceType(fromUevent text: String) -> String? {
        for line in text.split(separator: "\n") where line.hasPrefix("DEVTYPE=") {
            return String(line.dropFirst("DEVTYPE=".count))
        }
        return nil
    }

    private func read(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path), data.count < 65_536 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
