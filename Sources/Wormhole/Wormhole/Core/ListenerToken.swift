public import Foundation

/// Identifies one callback listener; pass it to ``Wormhole/stopListening(_:)``.
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
public struct ListenerToken: Hashable, Sendable {
    /// Unique per listener.
    public let id: UUID

    /// The identifier the listener listens to.
    public let identifier: MessageIdentifier

    init(identifier: MessageIdentifier) {
        self.id = UUID()
        self.identifier = identifier
    }
}
