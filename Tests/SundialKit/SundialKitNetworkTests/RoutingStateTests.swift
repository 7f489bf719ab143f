import SundialKitCore
import Testing

@testable import SundialKitNetwork

@Suite("RoutingState")
struct RoutingStateTests {
    private static let up = NetlinkBytes.upAndRunning

    @available(OS2022, *)
    private func state(_ messages: [UInt8]..., kinds: [Int32: PathStatus.Interface] = [:]) -> RoutingState {
        var state = RoutingState()
        for bytes in messages {
            for message in NetlinkParser.parse(bytes).messages {
                state.apply(message) { kinds[$0.index] ?? .wiredEthernet }
            }
        }
        return state
    }

    @Test("An up link with an address and a default route satisfies the path")
    @available(OS2022, *)
    func satisfied() {
        let routing = state(
            NetlinkBytes.link(index: 1, name: "lo", flags: Self.up | LinkInfo.flagLoopback, hardwareType: 772),
            NetlinkBytes.link(index: 2, name: "eth0", flags: Self.up),
            NetlinkBytes.address(index: 2, address: [192, 0, 2, 1]),
            NetlinkBytes.route(outputInterface: 2, gateway: [192, 0, 2, 254]),
            kinds: [1: .loopback]
        )
        #expect(routing.path.pathStatus == .satisfied(.wiredEthernet))
        #expect(routing.path.interfaces.map(\.name) == ["lo", "eth0"])
        #expect(routing.path.interfaces.map(\.hasDefaultRoute) == [false, true])
        #expect(!routing.path.isExpensive)
    }

    @Test(
        "Without each ingredient the path is unsatisfied",
        arguments: ["no route", "link down", "no carrier", "no address", "link-local only", "route of other family"]
    )
    @available(OS2022, *)
    func unsatisfied(missing: String) {
        var messages: [[UInt8]] = []
        let flags: UInt32 =
            switch missing {
            case "link down": 0
            case "no carrier": LinkInfo.flagUp
            default: Self.up
            }
        messages.append(NetlinkBytes.link(index: 2, name: "eth0", flags: flags))
        switch missing {
        case "no address": break
        case "link-local only":
            messages.append(
                NetlinkBytes.address(
                    family: 10, index: 2, address: [0xfe, 0x80] + Array(repeating: 0, count: 14),
                    prefix: 64, scope: 253))
        default: messages.append(NetlinkBytes.address(index: 2, address: [192, 0, 2, 1]))
        }
        switch missing {
        case "no route": break
        case "route of other family": messages.append(NetlinkBytes.route(family: 10, outputInterface: 2))
        default: messages.append(NetlinkBytes.route(outputInterface: 2))
        }
        var routing = RoutingState()
        for bytes in messages {
            for message in NetlinkParser.parse(bytes).messages {
                routing.apply(message) { _ in .wiredEthernet }
            }
        }
        #expect(routing.path.pathStatus == .unsatisfied(.notAvailable))
    }

    @Test("Deleting the link, its address or its route makes the path unsatisfied again")
    @available(OS2022, *)
    func deletions() {
        let base: [[UInt8]] = [
            NetlinkBytes.link(index: 2, name: "eth0", flags: Self.up),
            NetlinkBytes.address(index: 2, address: [192, 0, 2, 1]),
            NetlinkBytes.route(outputInterface: 2),
        ]
        let removals: [[UInt8]] = [
            NetlinkBytes.link(type: NetlinkConstant.deleteLink, index: 2, name: nil, flags: 0),
            NetlinkBytes.address(type: NetlinkConstant.deleteAddress, index: 2, address: [192, 0, 2, 1]),
            NetlinkBytes.route(type: NetlinkConstant.deleteRoute, outputInterface: 2),
        ]
        for removal in removals {
            var routing = RoutingState()
            for bytes in base + [removal] {
                for message in NetlinkParser.parse(bytes).messages {
                    routing.apply(message) { _ in .wiredEthernet }
                }
            }
            #expect(routing.path.pathStatus == .unsatisfied(.notAvailable))
        }
    }

    @Test("Kinds of every routed interface are reported; all-cellular paths are expensive")
    @available(OS2022, *)
    func kindsAndExpense() {
        let both = state(
            NetlinkBytes.link(index: 2, name: "wlan0", flags: Self.up),
            NetlinkBytes.link(index: 3, name: "wwan0", flags: Self.up, hardwareType: 519),
            NetlinkBytes.address(index: 2, address: [192, 0, 2, 1]),
            NetlinkBytes.address(index: 3, address: [198, 51, 100, 1]),
            NetlinkBytes.route(outputInterface: nil, multipath: [2, 3]),
            kinds: [2: .wifi, 3: .cellular]
        )
        #expect(both.path.pathStatus == .satisfied([.wifi, .cellular]))
        #expect(!both.path.isExpensive)
        let cellular = state(
            NetlinkBytes.link(index: 3, name: "wwan0", flags: Self.up, hardwareType: 519),
            NetlinkBytes.address(index: 3, address: [198, 51, 100, 1]),
            NetlinkBytes.route(outputInterface: 3),
            kinds: [3: .cellular]
        )
        #expect(cellular.path.pathStatus == .satisfied(.cellular))
        #expect(cellular.path.isExpensive)
        #expect(!cellular.path.isConstrained)
    }

    @Test("A link update without a name keeps the known name and kind")
    @available(OS2022, *)
    func linkUpdateKeepsName() {
        var classifications = 0
        var routing = RoutingState()
        for bytes in [
            NetlinkBytes.link(index: 2, name: "eth0", flags: 0, kind: "veth"),
            NetlinkBytes.link(index: 2, name: nil, flags: Self.up),
        ] {
            for message in NetlinkParser.parse(bytes).messages {
                routing.apply(message) { _ in
                    classifications += 1
                    return .wiredEthernet
                }
            }
        }
        #expect(routing.path.interfaces.first?.name == "eth0")
        #expect(routing.path.interfaces.first?.isOperational == true)
        #expect(classifications == 1)
    }
}

@Suite("InterfaceClassifier")
struct InterfaceClassifierTests {
    @Test(
        "Facts map to v1 interface kinds",
        arguments: [
            (InterfaceFacts(hardwareType: 772), PathStatus.Interface.loopback, true),
            (InterfaceFacts(hardwareType: 1), .wiredEthernet, true),
            (InterfaceFacts(hardwareType: 1, linkKind: "veth"), .wiredEthernet, true),
            (InterfaceFacts(hardwareType: 1, deviceType: "wlan"), .wifi, true),
            (InterfaceFacts(hardwareType: 1, isWireless: true), .wifi, true),
            (InterfaceFacts(hardwareType: 1, deviceType: "wwan"), .cellular, true),
            (InterfaceFacts(hardwareType: 519), .cellular, true),
            (InterfaceFacts(hardwareType: 1, linkKind: "bridge"), .other, true),
            (InterfaceFacts(hardwareType: 1, deviceType: "bridge"), .other, true),
            (InterfaceFacts(hardwareType: 65534, linkKind: "wireguard"), .other, true),
            (InterfaceFacts(hardwareType: 776), .other, true),
            (InterfaceFacts(hardwareType: 4242), .other, false),
        ]
    )
    @available(OS2022, *)
    func classify(facts: InterfaceFacts, kind: PathStatus.Interface, recognised: Bool) {
        let result = InterfaceClassifier.classify(facts)
        #expect(result.kind == kind)
        #expect(result.recognised == recognised)
    }

    @Test("DEVTYPE is read from uevent text")
    @available(OS2022, *)
    func uevent() {
        #expect(SysfsInterfaceFacts.deviceType(fromUevent: "INTERFACE=wlan0\nIFINDEX=3\nDEVTYPE=wlan\n") == "wlan")
        #expect(SysfsInterfaceFacts.deviceType(fromUevent: "INTERFACE=eth0\nIFINDEX=2\n") == nil)
    }
}
