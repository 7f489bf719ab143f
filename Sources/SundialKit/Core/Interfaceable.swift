/// A network interface that reports its kind as a ``PathStatus/Interface`` raw value (SundialKit 1.0 API).
///
/// ``PathStatus/Interface`` conforms, and so does `NWInterface` on Apple platforms;
/// ``PathStatus/Interface/init(interfaces:)`` gathers the kinds of several.
public protocol Interfaceable {
    /// The interface's kind, as a ``PathStatus/Interface`` raw value.
    var typeValue: Int { get }
}

extension PathStatus.Interface: Interfaceable {}

extension PathStatus.Interface {
    /// The kinds of `interfaces`, together (SundialKit 1.0 API).
    ///
    /// Each interface adds its ``Interfaceable/typeValue``'s kinds to the set; an interface listed twice counts
    /// once.
    /// - Parameter interfaces: The interfaces, of any ``Interfaceable`` type.
    public init(interfaces: [any Interfaceable]) {
        self.init(rawValue: interfaces.reduce(0) { $0 | $1.typeValue })
    }
}
