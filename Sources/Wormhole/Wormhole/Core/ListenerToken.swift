public import Foundation

/// Identifies one callback listener; pass it to ``Wormhole/stopListening(_:)``.
@available(OS2021, *)
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
