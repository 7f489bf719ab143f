import SundialKitConnectivity

/// The session-state fields that SundialKit 1.0's publishers carry.
@available(OS2019, *)
struct V1StateFields: OptionSet {
    let rawValue: UInt8

    static let activationState = Self(rawValue: 1)
    static let isReachable = Self(rawValue: 2)
    static let isPairedAppInstalled = Self(rawValue: 4)
    static let isPaired = Self(rawValue: 8)
    static let all: Self = [.activationState, .isReachable, .isPairedAppInstalled, .isPaired]

    /// The fields whose values differ.
    static func changed(from previous: ConnectivityState, to state: ConnectivityState) -> Self {
        var fields: Self = []
        if state.activationState != previous.activationState { fields.insert(.activationState) }
        if state.isReachable != previous.isReachable { fields.insert(.isReachable) }
        if state.isPairedAppInstalled != previous.isPairedAppInstalled { fields.insert(.isPairedAppInstalled) }
        if state.isPaired != previous.isPaired { fields.insert(.isPaired) }
        return fields
    }
}

@available(OS2019, *)
extension ConnectivityObserver {
    /// Emits `fields` of `state` on the 1.0 publishers, in 1.0's order.
    func publishV1(_ fields: V1StateFields, of state: ConnectivityState) {
        if fields.contains(.activationState) { activationStateSubject.send(state.activationState) }
        if fields.contains(.isReachable) { isReachableSubject.send(state.isReachable) }
        if fields.contains(.isPairedAppInstalled) { isPairedAppInstalledSubject.send(state.isPairedAppInstalled) }
        if fields.contains(.isPaired) { isPairedSubject.send(state.isPaired) }
    }
}
