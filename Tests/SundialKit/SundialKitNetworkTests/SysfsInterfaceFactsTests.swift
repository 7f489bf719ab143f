import CourierTestSupport
import Foundation
import Testing

@testable import SundialKitNetwork

@Suite("SysfsInterfaceFacts")
struct SysfsInterfaceFactsTests {
    @Test("Sysfs facts are used only when sysfs shows the same interface index")
    @available(OS2022, *)
    func indexMustMatch() throws {
        let directory = try TemporaryDirectory(prefix: "sysfs")
        defer { directory.remove() }
        let interface = directory.url.appendingPathComponent("wlan7")
        try FileManager.default.createDirectory(
            at: interface.appendingPathComponent("wireless"), withIntermediateDirectories: true)
        try "12\n".write(to: interface.appendingPathComponent("ifindex"), atomically: true, encoding: .utf8)
        try "INTERFACE=wlan7\nDEVTYPE=wlan\n".write(
            to: interface.appendingPathComponent("uevent"), atomically: true, encoding: .utf8)
        let sysfs = SysfsInterfaceFacts(root: directory.path)

        let same = sysfs.facts(for: LinkInfo(index: 12, name: "wlan7", flags: 0, hardwareType: 1, kind: nil))
        #expect(same.isWireless)
        #expect(same.deviceType == "wlan")
        #expect(InterfaceClassifier.classify(same).kind == .wifi)

        let other = sysfs.facts(for: LinkInfo(index: 5, name: "wlan7", flags: 0, hardwareType: 1, kind: nil))
        #expect(other == InterfaceFacts(hardwareType: 1))

        let escaping = sysfs.facts(for: LinkInfo(index: 12, name: "../wlan7", flags: 0, hardwareType: 1, kind: nil))
        #expect(escaping == InterfaceFacts(hardwareType: 1))
    }
}
