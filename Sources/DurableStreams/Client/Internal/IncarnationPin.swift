/// Which incarnation of its stream a handle follows: the first one a response names (`Stream-Incarnation`), sent
/// back as `Stream-If-Incarnation` on reads and appends so that a stream deleted and created again at the same URL
/// answers `412` instead of serving another stream's offsets.
///
/// The handle's own `PUT` pins the incarnation it created or found, and its own `DELETE` forgets it.
@available(OS2022, *)
struct IncarnationPin: Sendable, Equatable {
    /// The incarnation followed, or `nil` before any response named one.
    var current: String?

    /// The precondition to send with a request of `method`: reads and appends only.
    func precondition(for method: StreamHTTPRequest.Method) -> String? {
        switch method {
        case .get, .head, .post: current
        default: nil
        }
    }

    /// Records a successful response's `Stream-Incarnation`.
    mutating func observe(_ incarnation: String?, method: StreamHTTPRequest.Method) {
        switch method {
        case .delete: current = nil
        case .put: current = incarnation ?? current
        default: if current == nil { current = incarnation }
        }
    }
}
