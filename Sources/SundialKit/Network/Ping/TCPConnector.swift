import Foundation
import SundialKitCore

#if canImport(CNetlink)
// Where CNetlink is built, <sys/socket.h> is owned by its clang module in optimised builds.
import CNetlink
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens one TCP connection with a deadline: name resolution, then a non-blocking connect to each address in
/// turn, waiting for writability with `poll`.
@available(OS2022, *)
struct TCPConnector: Sendable {
    let host: String
    let port: UInt16
    let timeout: TimeInterval

    func connect() -> Result<Duration, NetworkError> {
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start + .milliseconds(Int64(timeout * 1000))
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = NetworkSocketShim.streamSocket
        var list: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, String(port), &hints, &list)
        guard resolved == 0, let first = list else {
            return .failure(.pingFailed(reason: "cannot resolve \(host): \(String(cString: gai_strerror(resolved)))"))
        }
        defer { freeaddrinfo(first) }
        var lastError = NetworkError.pingFailed(reason: "no address for \(host)")
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            entry = current.pointee.ai_next
            switch attempt(current.pointee, until: deadline, clock: clock) {
            case .success:
                return .success(clock.now - start)
            case .failure(let error):
                lastError = error
                if error == .pingTimeout { return .failure(error) }
            }
        }
        return .failure(lastError)
    }

    private func attempt(
        _ address: addrinfo, until deadline: ContinuousClock.Instant, clock: ContinuousClock
    ) -> Result<Void, NetworkError> {
        let descriptor = socket(address.ai_family, address.ai_socktype, address.ai_protocol)
        guard descriptor >= 0 else { return .failure(.pingFailed(reason: "socket: \(Self.errorText(errno))")) }
        defer { close(descriptor) }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        if NetworkSocketShim.connect(descriptor, address.ai_addr, address.ai_addrlen) == 0 {
            return .success(())
        }
        guard errno == EINPROGRESS else {
            return .failure(.pingFailed(reason: "connect to \(host):\(port): \(Self.errorText(errno))"))
        }
        while true {
            let remaining = deadline - clock.now
            guard remaining > .zero else { return .failure(.pingTimeout) }
            let milliseconds = Int32(clamping: remaining.components.seconds * 1000 + 1)
            var descriptors = [pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)]
            let ready = poll(&descriptors, 1, milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                return .failure(.pingFailed(reason: "poll: \(Self.errorText(errno))"))
            }
            guard ready > 0 else { continue }
            var code: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            _ = getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &code, &length)
            return code == 0
                ? .success(()) : .failure(.pingFailed(reason: "connect to \(host):\(port): \(Self.errorText(code))"))
        }
    }

    static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
