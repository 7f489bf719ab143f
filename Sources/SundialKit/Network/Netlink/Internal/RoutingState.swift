import SundialKitCore

/// The kernel's links, addresses and default routes, as rtnetlink told them, and the path they add up to. Pure.
struct RoutingState: Equatable, Sendable {
    struct Link: Equatable, Sendable {
        var info: LinkInfo
        var kind: PathStatus.Interface
    }

    private(set) var links: [Int32: Link] = [:]
    private(set) var addresses: [UInt32: Set<AddressInfo>] = [:]
    private(set) var defaultRoutes: Set<RouteInfo> = []

    /// Applies one message. `classify` gives the kind of a new or changed link.
    mutating func apply(_ message: NetlinkMessage, classify: (LinkInfo) -> PathStatus.Interface) {
        switch message {
        case .newLink(var info):
            let previous = links[info.index]
            if info.name == nil { info.name = previous?.info.name }
            if info.kind == nil { info.kind = previous?.info.kind }
            let kind: PathStatus.Interface =
                if let previous, previous.info.name == info.name, previous.info.hardwareType == info.hardwareType {
                    previous.kind
                } else {
                    classify(info)
                }
            links[info.index] = Link(info: info, kind: kind)
        case .deleteLink(let index):
            links[index] = nil
            addresses[UInt32(bitPattern: index)] = nil
            defaultRoutes = defaultRoutes.filter { !$0.outputInterfaces.contains(index) }
        case .newAddress(let address):
            addresses[address.index, default: []].update(with: address)
        case .deleteAddress(let address):
            addresses[address.index]?.remove(address)
            // A replaced address may differ in flags only: remove by identity too.
            addresses[address.index] = addresses[address.index]?.filter {
                !($0.family == address.family && $0.address == address.address
                    && $0.prefixLength == address.prefixLength)
            }
        case .newRoute(let route) where route.isDefault:
            defaultRoutes.update(with: route)
        case .deleteRoute(let route) where route.isDefault:
            defaultRoutes = defaultRoutes.filter { !$0.sameRoute(as: route) }
        case .newRoute, .deleteRoute, .done, .error, .overrun, .ignored:
            break
        }
    }

    /// The interfaces that carry traffic to the internet: operational, with a default route of a family for which
    /// they have a routable address.
    var routedInterfaces: [Link] {
        var seen: Set<Int32> = []
        var result: [Link] = []
        for route in defaultRoutes.sorted(by: { ($0.priority ?? 0) < ($1.priority ?? 0) }) {
            for index in route.outputInterfaces where !seen.contains(index) {
                guard let link = links[index], link.info.isOperational, link.kind != .loopback else { continue }
                let routable = addresses[UInt32(bitPattern: index)]?.contains {
                    $0.family == route.family && $0.isRoutable
                }
                guard routable == true else { continue }
                seen.insert(index)
                result.append(link)
            }
        }
        return result
    }

    /// The path these facts add up to.
    var path: NetlinkPath {
        let routed = routedInterfaces
        let routedIndexes = Set(routed.map(\.info.index))
        let interfaces = links.values.sorted { $0.info.index < $1.info.index }.map { link in
            NetlinkPath.Interface(
                name: link.info.name ?? "if\(link.info.index)",
                index: Int(link.info.index),
                kind: link.kind,
                isOperational: link.info.isOperational,
                hasDefaultRoute: routedIndexes.contains(link.info.index)
            )
        }
        guard !routed.isEmpty else {
            return NetlinkPath(
                pathStatus: .unsatisfied(.notAvailable), isExpensive: false, isConstrained: false,
                interfaces: interfaces)
        }
        let kinds = routed.reduce(into: PathStatus.Interface()) { $0.insert($1.kind) }
        return NetlinkPath(
            pathStatus: .satisfied(kinds),
            isExpensive: kinds == .cellular,
            isConstrained: false,
            interfaces: interfaces
        )
    }
}

extension RouteInfo {
    /// Whether two messages describe the same route (a deletion need not repeat every attribute).
    func sameRoute(as other: RouteInfo) -> Bool {
        family == other.family && destinationLength == other.destinationLength && table == other.table
            && (other.outputInterfaces.isEmpty || Set(outputInterfaces) == Set(other.outputInterfaces))
            && (other.gateway == nil || gateway == other.gateway)
            && (other.priority == nil || priority == other.priority)
    }
}
