import Foundation

/// Which webhook URLs the server will call (protocol §12.8, SSRF prevention), as pure decisions.
///
/// In production only `https` URLs whose host is, and resolves to, a public address are accepted. In development
/// mode `http://localhost` and `http://127.0.0.x` are accepted too, and nothing else local. Private (RFC 1918, unique
/// local), loopback, link-local, carrier-grade NAT, multicast, reserved and unspecified addresses are refused, also
/// when written as an IPv4-mapped or NAT64 IPv6 address, and also when a name resolves to one.
struct WebhookTargetPolicy: Sendable, Hashable {
    /// Whether `http://localhost` and `http://127.0.0.x` are allowed.
    var developmentMode: Bool

    /// A URL's verdict before resolution: refused with a reason, or accepted with the host to resolve.
    enum Verdict: Equatable {
        case refused(String)
        /// Accepted; `resolve` is the host name to check after resolution (`nil` for an address literal or a
        /// development host, which need no resolution).
        case accepted(resolve: String?)
    }

    func check(_ text: String) -> Verdict {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            let rawHost = components.host, !rawHost.isEmpty
        else { return .refused("webhook.url must be an absolute URL") }
        guard components.user == nil, components.password == nil else {
            return .refused("webhook.url must not carry credentials")
        }
        let host = rawHost.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        let isDevelopmentHost = host == "localhost" || Self.isLoopback127x(host)
        if scheme == "http" {
            guard developmentMode, isDevelopmentHost else {
                return .refused("http webhook URLs are only allowed for localhost or 127.0.0.x in development mode")
            }
            return .accepted(resolve: nil)
        }
        guard scheme == "https" else { return .refused("webhook.url must use https") }
        if host == "localhost" || host.hasSuffix(".localhost") {
            return .refused("webhook.url must not target localhost (use http://localhost in development mode)")
        }
        if let address = IPAddress(host) {
            return address.isPublic ? .accepted(resolve: nil) : .refused("webhook.url must not target a local address")
        }
        return .accepted(resolve: host)
    }

    /// Whether the addresses a host name resolved to may be called: all must be public.
    func allows(resolved addresses: [IPAddress]) -> Bool {
        !addresses.isEmpty && addresses.allSatisfy(\.isPublic)
    }

    private static func isLoopback127x(_ host: String) -> Bool {
        guard let address = IPAddress(host), case .v4(let bytes) = address else { return false }
        return bytes[0] == 127 && bytes[1] == 0 && bytes[2] == 0
    }
}

/// An IPv4 or IPv6 address, parsed from its text or a socket address.
enum IPAddress: Sendable, Hashable {
    case v4([UInt8])
    case v6([UInt8])

    /// Parses a dotted-quad IPv4 address or an IPv6 address (without zone); `nil` for anything else.
    init?(_ text: String) {
        if let v4 = Self.parseV4(text) {
            self = .v4(v4)
        } else if text.contains(":"), let v6 = Self.parseV6(text) {
            self = .v6(v6)
        } else {
            return nil
        }
    }

    /// Whether the address is globally routable: not private, loopback, link-local, shared, multicast, reserved
    /// or unspecified; IPv4-mapped and NAT64 IPv6 addresses are judged by their IPv4 part.
    var isPublic: Bool {
        switch self {
        case .v4(let b):
            switch (b[0], b[1]) {
            case (0, _), (10, _), (127, _), (169, 254), (192, 168): return false
            case (172, 16...31), (100, 64...127), (198, 18...19): return false
            case (192, 0) where b[2] == 0 || b[2] == 2: return false
            case (198, 51) where b[2] == 100, (203, 0) where b[2] == 113: return false
            case (224...255, _): return false
            default: return true
            }
        case .v6(let b):
            if b[0..<10].allSatisfy({ $0 == 0 }) && b[10] == 0xFF && b[11] == 0xFF {
                return IPAddress.v4(Array(b[12..<16])).isPublic
            }
            if b[0..<12] == [0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0][...] {
                return IPAddress.v4(Array(b[12..<16])).isPublic
            }
            if b[0..<15].allSatisfy({ $0 == 0 }) { return false }  // :: and ::1
            if b[0] & 0xFE == 0xFC { return false }  // fc00::/7 unique local
            if b[0] == 0xFE && b[1] & 0xC0 == 0x80 { return false }  // fe80::/10 link-local
            if b[0] == 0xFF { return false }  // multicast
            if b[0] == 0x20 && b[1] == 0x01 && b[2] == 0x0D && b[3] == 0xB8 { return false }  // documentation
            return true
        }
    }

    private static func parseV4(_ text: String) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var bytes: [UInt8] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 3, part.allSatisfy(\.isASCIIDigit), let value = UInt8(part),
                part == "0" || !part.hasPrefix("0")
            else { return nil }
            bytes.append(value)
        }
        return bytes
    }

    private static func parseV6(_ text: String) -> [UInt8]? {
        var head = text
        var tailV4: [UInt8] = []
        if let last = text.split(separator: ":").last, last.contains("."), let v4 = parseV4(String(last)) {
            tailV4 = v4
            head = String(text.dropLast(last.count))
            if head.hasSuffix("::") == false, head.hasSuffix(":") { head.removeLast() }
        }
        let halves = head.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ part: String) -> [UInt16]? {
            guard !part.isEmpty else { return [] }
            var values: [UInt16] = []
            for group in part.split(separator: ":", omittingEmptySubsequences: false) {
                guard (1...4).contains(group.count), let value = UInt16(group, radix: 16) else { return nil }
                values.append(value)
            }
            return values
        }
        guard let left = groups(halves[0]) else { return nil }
        let right = halves.count == 2 ? groups(halves[1]) : []
        guard let right else { return nil }
        let wanted = 8 - tailV4.count / 2
        let missing = wanted - left.count - right.count
        guard halves.count == 2 ? missing >= 1 : missing == 0 else { return nil }
        let all = left + [UInt16](repeating: 0, count: missing) + right
        return all.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } + tailV4
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
