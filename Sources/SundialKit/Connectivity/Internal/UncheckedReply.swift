/// A reply handler that an Objective-C API hands over without a `Sendable` annotation although it may be called
/// from any thread (WatchConnectivity's).
package struct UncheckedReply<Value>: @unchecked Sendable {
    /// Calls the handler.
    package let call: (Value) -> Void

    /// Wraps `call`.
    package init(_ call: @escaping (Value) -> Void) {
        self.call = call
    }
}
