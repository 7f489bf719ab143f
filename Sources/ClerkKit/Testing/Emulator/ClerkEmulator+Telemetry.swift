public import ClerkKit
public import Foundation

@available(OS2023, *)
extension ClerkEmulator {
    /// One telemetry event the emulator received at `POST /v1/event`, as clerk-ios sends it.
    public struct TelemetryEvent: Sendable, Hashable {
        /// `event`: `METHOD_INVOKED` or `VIEW_DID_APPEAR`.
        public var event: String
        /// `it`: the instance type, `development` or `production`.
        public var instanceType: String
        /// `sdk`, for example `clerk-ios`.
        public var sdk: String
        /// `sdkv`, for example `1.4.1`.
        public var sdkVersion: String
        /// `pk`, the publishable key, if the event had one.
        public var publishableKey: String?
        /// `payload`.
        public var payload: [String: JSONValue]
        /// The whole event as received.
        public var json: JSONValue
        /// Which accepted request (batch) carried it, counting from 1.
        public var batch: Int
        /// When it arrived, on the emulator's clock.
        public var receivedAt: Date
    }

    /// A telemetry request the emulator refused with `400` because its body was malformed.
    public struct TelemetryRejection: Sendable, Hashable {
        /// What was wrong, for example "`events[0].payload` must be an object."
        public var reason: String
        /// When it arrived, on the emulator's clock.
        public var receivedAt: Date
    }

    /// Where the emulator receives telemetry: `POST /v1/event`, the path of clerk-ios's telemetry endpoint.
    public static let telemetryPath = "/v1/event"

    /// The telemetry endpoint URL once started (``baseURL`` + ``telemetryPath``), for
    /// ``ClerkKit/ClerkOptions/telemetryEndpoint``.
    public var telemetryEndpoint: URL? { baseURL.map { $0.appendingPathComponent("v1/event") } }

    /// Every telemetry event received so far, oldest first.
    public func telemetryEvents() -> [TelemetryEvent] { telemetryInbox.events }

    /// Every malformed telemetry request so far, oldest first.
    public func telemetryRejections() -> [TelemetryRejection] { telemetryInbox.rejections }

    /// Forgets the received telemetry and rejections.
    public func clearTelemetry() {
        telemetryInbox.events.removeAll()
        telemetryInbox.rejections.removeAll()
    }

    /// Waits until at least `count` telemetry events have been received and returns them all.
    ///
    /// - Throws: ``ClerkKit/ClerkError/Code/emulator`` when fewer have arrived after `timeout`.
    public func telemetryEvents(count: Int, timeout: Duration) async throws(ClerkError) -> [TelemetryEvent] {
        if telemetryInbox.events.count >= count { return telemetryInbox.events }
        let id = telemetryInbox.nextWaiter
        telemetryInbox.nextWaiter += 1
        let events: [TelemetryEvent]? = await withCheckedContinuation { continuation in
            telemetryInbox.waiters[id] = (count, continuation)
            Task { [weak self] in
                try? await Task.sleep(for: timeout)
                await self?.expireTelemetryWaiter(id)
            }
        }
        guard let events else {
            let received = telemetryInbox.events.count
            throw ClerkError(.emulator, "\(received) of \(count) telemetry events arrived within \(timeout).")
        }
        return events
    }

    private func expireTelemetryWaiter(_ id: Int) {
        telemetryInbox.waiters.removeValue(forKey: id)?.continuation.resume(returning: nil)
    }

    /// `POST /v1/event`: reads the batch strictly, keeps its events, answers `200 {}` (or `400` with a Clerk error).
    func receiveTelemetry(_ request: EmulatorRequest) -> EmulatorResponse {
        guard request.method == "POST" else {
            return EmulatorResponse(status: 404, body: EmulatorStore.errorBody(.resourceNotFound))
        }
        let receivedAt = now
        switch TelemetryIntake.read(request.rawBody, contentType: request.contentType) {
        case .failure(let error):
            telemetryInbox.rejections.append(TelemetryRejection(reason: error.longMessage, receivedAt: receivedAt))
            return EmulatorResponse(status: error.status, body: EmulatorStore.errorBody(error))
        case .success(let events):
            telemetryInbox.batches += 1
            telemetryInbox.events += events.map { event in
                TelemetryEvent(
                    event: event.event, instanceType: event.it, sdk: event.sdk, sdkVersion: event.sdkv,
                    publishableKey: event.pk, payload: event.payload, json: event.json,
                    batch: telemetryInbox.batches, receivedAt: receivedAt)
            }
            let count = telemetryInbox.events.count
            for (id, waiter) in telemetryInbox.waiters where waiter.count <= count {
                telemetryInbox.waiters.removeValue(forKey: id)
                waiter.continuation.resume(returning: telemetryInbox.events)
            }
            return EmulatorResponse(status: 200, body: .object([]))
        }
    }
}

/// The telemetry an emulator received, and the tests waiting for it.
@available(OS2023, *)
struct TelemetryInbox {
    var events: [ClerkEmulator.TelemetryEvent] = []
    var rejections: [ClerkEmulator.TelemetryRejection] = []
    var batches = 0
    var nextWaiter = 0
    var waiters: [Int: (count: Int, continuation: CheckedContinuation<[ClerkEmulator.TelemetryEvent]?, Never>)] = [:]
}
