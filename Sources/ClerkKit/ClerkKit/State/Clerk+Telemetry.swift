@available(OS2023, *)
extension Clerk {
    /// Records a telemetry event (see <doc:Telemetry>). It returns at once and never fails: the event is kept or
    /// dropped (telemetry off, a production instance, sampling, the daily throttle) and sent later in a batch.
    ///
    /// ClerkKit records `METHOD_INVOKED` for its own flows; call this for the screens of a user interface built on
    /// it, as clerk-ios's views do:
    ///
    /// ```swift
    /// clerk.recordTelemetry(.viewDidAppear("SignInView", payload: ["isDismissible": .bool(true)]))
    /// ```
    public func recordTelemetry(_ event: ClerkTelemetryEvent) {
        core.telemetry?.record(event)
    }

    /// Sends the telemetry waiting in the buffer, and the batches whose send failed, now; returns when they are
    /// sent or have failed (a failure is never thrown). Call it when the app goes to the background, as clerk-ios
    /// does; otherwise events wait at most 30 seconds, or until five are waiting.
    public func flushTelemetry() async {
        await core.telemetry?.flush()
    }

    /// Records `METHOD_INVOKED` for a ClerkKit flow: the method's name only, never its arguments.
    func recordMethodInvoked(_ method: String) {
        core.telemetry?.record(.methodInvoked(method))
    }
}
