public import Foundation

/// A ``NetworkPing`` that never pings: the ping type of monitors and observers created without one.
public struct NeverPing: NetworkPing, Sendable {
    /// A never-ping has no results.
    public typealias StatusType = Never

    /// Not a number: there is no interval.
    public var timeInterval: TimeInterval {
        .nan
    }

    /// Internal: nothing outside SundialKit creates one (it is used as a type), but tests check its answers.
    init() {}

    /// Always `false`.
    public func shouldPing(onStatus _: PathStatus) -> Bool {
        false
    }

    /// Does nothing.
    public func onPing(_: @escaping @Sendable (Never) -> Void) {}
}
