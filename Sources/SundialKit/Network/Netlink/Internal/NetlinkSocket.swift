#if os(Linux)
import CNetlink
import Glibc
import SundialKitCore

/// A bound `NETLINK_ROUTE` socket subscribed to link, address and route changes, plus an eventfd that wakes its
/// reader. Closed by ``close()``.
struct NetlinkSocket: Sendable {
    let descriptor: Int32
    let wakeDescriptor: Int32

    /// Multicast groups: links, IPv4/IPv6 addresses, IPv4/IPv6 routes.
    static let groups = UInt32(
        RTMGRP_LINK | RTMGRP_IPV4_IFADDR | RTMGRP_IPV6_IFADDR | RTMGRP_IPV4_ROUTE | RTMGRP_IPV6_ROUTE)

    /// Opens and binds the socket.
    static func open() throws(NetworkError) -> NetlinkSocket {
        let descriptor = socket(AF_NETLINK, Int32(SOCK_RAW.rawValue) | Int32(SOCK_CLOEXEC.rawValue), NETLINK_ROUTE)
        guard descriptor >= 0 else {
            throw .monitoringUnavailable(reason: "cannot open a NETLINK_ROUTE socket: \(errorText())")
        }
        var receiveBuffer: Int32 = 1 << 20
        _ = setsockopt(
            descriptor, SOL_SOCKET, SO_RCVBUF, &receiveBuffer, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_nl()
        address.nl_family = sa_family_t(AF_NETLINK)
        address.nl_groups = groups
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_nl>.size))
            }
        }
        guard bound == 0 else {
            let reason = errorText()
            Glibc.close(descriptor)
            throw .monitoringUnavailable(reason: "cannot bind the netlink socket: \(reason)")
        }
        let wakeDescriptor = cnl_eventfd()
        guard wakeDescriptor >= 0 else {
            let reason = errorText()
            Glibc.close(descriptor)
            throw .monitoringUnavailable(reason: "cannot create an eventfd: \(reason)")
        }
        return NetlinkSocket(descriptor: descriptor, wakeDescriptor: wakeDescriptor)
    }

    /// Sends a request to the kernel.
    func send(_ bytes: [UInt8]) throws(NetworkError) {
        var kernel = sockaddr_nl()
        kernel.nl_family = sa_family_t(AF_NETLINK)
        let sent = bytes.withUnsafeBytes { buffer in
            withUnsafePointer(to: &kernel) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(
                        descriptor, buffer.baseAddress, buffer.count, 0, $0, socklen_t(MemoryLayout<sockaddr_nl>.size))
                }
            }
        }
        guard sent == bytes.count else {
            throw .monitoringFailed(reason: "cannot send a netlink request: \(Self.errorText())")
        }
    }

    /// What waiting produced.
    enum Wait {
        case readable
        case woken
        case interrupted
        case failed(NetworkError)
    }

    /// Blocks until the socket is readable or ``wake()`` was called.
    func wait() -> Wait {
        var descriptors = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        let result = poll(&descriptors, 2, -1)
        if result < 0 {
            return errno == EINTR ? .interrupted : .failed(.monitoringFailed(reason: "poll: \(Self.errorText())"))
        }
        if descriptors[1].revents != 0 {
            return .woken
        }
        if descriptors[0].revents & Int16(POLLERR | POLLNVAL) != 0 && descriptors[0].revents & Int16(POLLIN) == 0 {
            return .failed(.monitoringFailed(reason: "the netlink socket reported an error"))
        }
        return .readable
    }

    /// What receiving produced.
    enum Receive {
        /// This many bytes (more than the buffer holds if the datagram was truncated).
        case bytes(Int)
        /// Nothing to read now.
        case empty
        /// The kernel dropped messages for lack of buffer space.
        case overflow
        case failed(NetworkError)
    }

    /// Receives one datagram without blocking.
    func receive(into buffer: UnsafeMutableRawBufferPointer) -> Receive {
        let count = recv(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT) | Int32(MSG_TRUNC))
        if count >= 0 {
            return .bytes(count)
        }
        switch errno {
        case EINTR, EAGAIN:
            return .empty
        case ENOBUFS:
            return .overflow
        default:
            return .failed(.monitoringFailed(reason: "recv: \(Self.errorText())"))
        }
    }

    /// Wakes the reader.
    func wake() {
        var one: UInt64 = 1
        _ = write(wakeDescriptor, &one, MemoryLayout<UInt64>.size)
    }

    /// Closes both descriptors.
    func close() {
        Glibc.close(descriptor)
        Glibc.close(wakeDescriptor)
    }

    static func errorText(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }
}
#endif
