import SundialKitCore
import Testing

@Suite("PathStatus")
struct PathStatusTests {
    @Test("Interface raw values are SundialKit 1.0's")
    @available(OS2022, *)
    func interfaceRawValues() {
        #expect(PathStatus.Interface.cellular.rawValue == 1)
        #expect(PathStatus.Interface.wifi.rawValue == 2)
        #expect(PathStatus.Interface.wiredEthernet.rawValue == 4)
        #expect(PathStatus.Interface.other.rawValue == 8)
        #expect(PathStatus.Interface.loopback.rawValue == 16)
        #expect(PathStatus.Interface([.wifi, .loopback]).typeValue == 18)
    }

    @Test(
        "Descriptions name the case and the interface kinds",
        arguments: [
            (PathStatus.satisfied([.wifi, .wiredEthernet]), "satisfied(wifi, wiredEthernet)"),
            (.satisfied([]), "satisfied(none)"),
            (.unsatisfied(.notAvailable), "unsatisfied(notAvailable)"),
            (.unsatisfied(nil), "unsatisfied(nil)"),
            (.requiresConnection, "requiresConnection"),
            (.unknown, "unknown"),
        ]
    )
    @available(OS2022, *)
    func descriptions(status: PathStatus, text: String) {
        #expect(status.description == text)
    }

    @Test("Only satisfied paths are satisfied")
    @available(OS2022, *)
    func isSatisfied() {
        #expect(PathStatus.satisfied(.cellular).isSatisfied)
        #expect(!PathStatus.unsatisfied(.vpnInactive).isSatisfied)
        #expect(!PathStatus.requiresConnection.isSatisfied)
        #expect(!PathStatus.unknown.isSatisfied)
    }
}

@Suite("NetworkState")
struct NetworkStateTests {
    @Test("changedFields names exactly the fields that differ")
    @available(OS2022, *)
    func changedFields() {
        let base = NetworkState.initial
        #expect(base.changedFields(from: base).isEmpty)
        var next = base
        next.isExpensive = true
        #expect(next.changedFields(from: base) == .isExpensive)
        next.pathStatus = .satisfied(.wifi)
        next.isConstrained = true
        #expect(next.changedFields(from: base) == .all)
    }

    @Test("A state made from a path copies its three facts")
    @available(OS2022, *)
    func fromPath() {
        struct Path: NetworkPath {
            let isConstrained = true
            let isExpensive = false
            let pathStatus = PathStatus.satisfied(.cellular)
        }
        let state = NetworkState(path: Path())
        #expect(state == NetworkState(pathStatus: .satisfied(.cellular), isExpensive: false, isConstrained: true))
        #expect(state.description == "satisfied(cellular) expensive: false constrained: true")
    }
}

@Suite("NetworkError")
struct NetworkErrorTests {
    @Test(
        "Every error has a description that names its reason",
        arguments: [
            (NetworkError.monitoringUnavailable(reason: "socket: EPERM"), "socket: EPERM"),
            (.monitoringFailed(reason: "recv: EBADF"), "recv: EBADF"),
            (.pingTimeout, "timed out"),
            (.pingFailed(reason: "connection refused"), "connection refused"),
            (.invalidConfiguration(reason: "port 0"), "port 0"),
            (.platformUnsupported, "not supported"),
        ]
    )
    @available(OS2022, *)
    func descriptions(error: NetworkError, fragment: String) {
        #expect(error.localizedDescription.contains(fragment))
    }

    @Test("NeverPing never pings")
    @available(OS2022, *)
    func neverPing() {
        func check<P: NetworkPing>(_: P.Type) -> Bool where P.StatusType == Never { true }
        #expect(check(NeverPing.self))
    }
}
