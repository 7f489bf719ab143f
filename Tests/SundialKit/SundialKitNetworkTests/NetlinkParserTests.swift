import Testing

@testable import SundialKitNetwork

@Suite("NetlinkParser")
struct NetlinkParserTests {
    @Test("An empty buffer is an empty batch")
    @available(OS2022, *)
    func empty() {
        #expect(NetlinkParser.parse([]) == NetlinkBatch())
    }

    @Test("Links carry index, name, flags, hardware type and the nested driver kind")
    @available(OS2022, *)
    func link() {
        let bytes = NetlinkBytes.link(index: 7, name: "veth0", flags: NetlinkBytes.upAndRunning, kind: "veth")
        let batch = NetlinkParser.parse(bytes)
        #expect(batch.problems.isEmpty)
        #expect(
            batch.messages == [
                .newLink(
                    LinkInfo(index: 7, name: "veth0", flags: NetlinkBytes.upAndRunning, hardwareType: 1, kind: "veth"))
            ])
        let deleted = NetlinkParser.parse(
            NetlinkBytes.link(type: NetlinkConstant.deleteLink, index: 7, name: nil, flags: 0))
        #expect(deleted.messages == [.deleteLink(index: 7)])
    }

    @Test("Addresses prefer IFA_LOCAL and read IFA_FLAGS")
    @available(OS2022, *)
    func address() {
        let bytes = NetlinkBytes.address(
            family: 10, index: 3, address: Array(repeating: 0xfe, count: 16), prefix: 64, scope: 253, flags: 0x40)
        let batch = NetlinkParser.parse(bytes)
        #expect(batch.problems.isEmpty)
        let expected = AddressInfo(
            family: 10, prefixLength: 64, scope: 253, flags: 0x40, index: 3, address: Array(repeating: 0xfe, count: 16))
        #expect(batch.messages == [.newAddress(expected)])
        #expect(!expected.isRoutable)
    }

    @Test("Routes read table, type, output interface, gateway and multipath next hops")
    @available(OS2022, *)
    func route() {
        let single = NetlinkParser.parse(NetlinkBytes.route(outputInterface: 2, gateway: [192, 0, 2, 254]))
        guard case .newRoute(let route)? = single.messages.first else {
            Issue.record("no route in \(single)")
            return
        }
        #expect(route.isDefault)
        #expect(route.outputInterfaces == [2])
        #expect(route.gateway == [192, 0, 2, 254])

        let multipath = NetlinkParser.parse(NetlinkBytes.route(outputInterface: nil, multipath: [4, 5]))
        guard case .newRoute(let spread)? = multipath.messages.first else {
            Issue.record("no route in \(multipath)")
            return
        }
        #expect(spread.outputInterfaces == [4, 5])
        let local = NetlinkParser.parse(NetlinkBytes.route(table: 255, outputInterface: 1))
        guard case .newRoute(let localRoute)? = local.messages.first else {
            Issue.record("no route in \(local)")
            return
        }
        #expect(!localRoute.isDefault)
    }

    @Test("Control messages: done, error, overrun, and types the monitor ignores")
    @available(OS2022, *)
    func control() {
        let bytes =
            NetlinkBytes.message(type: NetlinkConstant.done, sequence: 9, body: NetlinkBytes.integer(Int32(0)))
            + NetlinkBytes.message(type: NetlinkConstant.error, sequence: 4, body: NetlinkBytes.integer(Int32(-16)))
            + NetlinkBytes.message(type: NetlinkConstant.overrun, body: [])
            + NetlinkBytes.message(type: 68, body: [1, 2, 3, 4])
        let batch = NetlinkParser.parse(bytes)
        #expect(batch.problems.isEmpty)
        #expect(batch.messages == [.done(sequence: 9), .error(code: -16, sequence: 4), .overrun, .ignored(type: 68)])
    }

    @Test("A truncated header ends the batch and keeps the messages before it")
    @available(OS2022, *)
    func truncatedHeader() {
        let good = NetlinkBytes.link(index: 1, name: "lo", flags: 0x49, hardwareType: 772)
        let batch = NetlinkParser.parse(good + [1, 2, 3, 4, 5])
        #expect(batch.messages.count == 1)
        #expect(batch.problems == [.truncatedHeader(offset: good.count, available: 5)])
    }

    @Test("A length shorter than a header or longer than the buffer ends the batch")
    @available(OS2022, *)
    func invalidLengths() {
        var tooLong = NetlinkBytes.link(index: 1, name: "lo", flags: 0)
        tooLong[0] = 0xff
        tooLong[1] = 0xff
        #expect(
            NetlinkParser.parse(tooLong).problems == [
                .invalidLength(offset: 0, length: 0xffff, available: tooLong.count)
            ])
        var tooShort = NetlinkBytes.link(index: 1, name: "lo", flags: 0)
        tooShort[0] = 8
        tooShort[1] = 0
        let batch = NetlinkParser.parse(tooShort)
        #expect(batch.messages.isEmpty)
        #expect(batch.problems == [.invalidLength(offset: 0, length: 8, available: tooShort.count)])
    }

    @Test("A message with a malformed attribute is skipped; the next one still parses")
    @available(OS2022, *)
    func malformedAttribute() {
        var broken = NetlinkBytes.link(index: 2, name: "eth0", flags: 0)
        // The first attribute starts after the 16-byte header and the 16-byte ifinfomsg: claim 200 bytes.
        broken[32] = 200
        let next = NetlinkBytes.link(index: 3, name: "eth1", flags: 0)
        let batch = NetlinkParser.parse(broken + next)
        #expect(batch.problems == [.malformedAttribute(type: NetlinkConstant.newLink, offset: 0)])
        #expect(batch.messages == [.newLink(LinkInfo(index: 3, name: "eth1", flags: 0, hardwareType: 1, kind: nil))])
    }

    @Test(
        "A body shorter than its fixed part is reported",
        arguments: [
            NetlinkConstant.newLink, NetlinkConstant.newAddress, NetlinkConstant.newRoute, NetlinkConstant.error,
        ])
    @available(OS2022, *)
    func truncatedBody(type: UInt16) {
        let batch = NetlinkParser.parse(NetlinkBytes.message(type: type, body: [1, 2]))
        #expect(batch.messages.isEmpty)
        #expect(batch.problems == [.truncatedBody(type: type, offset: 0, length: 18)])
    }

    @Test("An IPv4 address that is not 4 bytes is reported")
    @available(OS2022, *)
    func wrongAddressLength() {
        let batch = NetlinkParser.parse(NetlinkBytes.address(index: 1, address: [10, 0, 0]))
        #expect(
            batch.problems == [
                .invalidAttributeValue(
                    type: NetlinkConstant.newAddress, attribute: NetlinkConstant.addressAddress, offset: 0)
            ])
    }

    @Test("Random and mutated input never traps and never loops", arguments: [1, 2, 3, 4])
    @available(OS2022, *)
    func fuzz(seed: UInt64) {
        var generator = SplitMix(seed: seed)
        let valid =
            NetlinkBytes.link(index: 2, name: "eth0", flags: NetlinkBytes.upAndRunning, kind: "veth")
            + NetlinkBytes.address(index: 2, address: [192, 0, 2, 1])
            + NetlinkBytes.route(outputInterface: 2, multipath: [2, 3])
        for _ in 0..<2_000 {
            var bytes = valid
            for _ in 0..<Int(generator.next() % 6) {
                let position = Int(generator.next() % UInt64(bytes.count))
                bytes[position] = UInt8(truncatingIfNeeded: generator.next())
            }
            bytes = Array(bytes.prefix(Int(generator.next() % UInt64(bytes.count + 1))))
            let batch = NetlinkParser.parse(bytes)
            #expect(batch.messages.count <= 3)
        }
        for _ in 0..<500 {
            let bytes = (0..<Int(generator.next() % 200)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            _ = NetlinkParser.parse(bytes)
        }
    }

    @Test("Dump requests carry the type, request and dump flags, sequence and a zeroed body")
    @available(OS2022, *)
    func dumpRequest() {
        let bytes = NetlinkRequest.dump(.routes, sequence: 42)
        #expect(bytes.count == 28)
        let header = bytes.withUnsafeBytes { buffer in
            (
                buffer.loadUnaligned(as: UInt32.self), buffer.loadUnaligned(fromByteOffset: 4, as: UInt16.self),
                buffer.loadUnaligned(fromByteOffset: 6, as: UInt16.self),
                buffer.loadUnaligned(fromByteOffset: 8, as: UInt32.self)
            )
        }
        #expect(header.0 == 28)
        #expect(header.1 == NetlinkConstant.getRoute)
        #expect(header.2 == 0x301)
        #expect(header.3 == 42)
        #expect(bytes[16...].allSatisfy { $0 == 0 })
        #expect(NetlinkRequest.Dump.links.next == .addresses)
        #expect(NetlinkRequest.Dump.routes.next == nil)
    }
}

/// A small deterministic generator, so fuzz failures reproduce.
@available(OS2022, *)
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
