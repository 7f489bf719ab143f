public import Foundation

/// What a suspended handle remembers.
@available(OS2022, *)
public struct SuspendedStreamState: Sendable, Hashable {
    /// The stream's URL.
    public let url: URL

    /// The last offset the handle knew (from an append, a flush or a `HEAD`).
    public let offset: Offset?
}

@available(OS2022, *)
extension DurableStreamHandle {
    /// Whether ``suspend()`` has been called without a matching ``resume(from:)``.
    public var suspended: Bool { isSuspended }

    /// The last offset this handle learned from an append, a flush or a `HEAD`.
    public var offset: Offset? { lastKnownOffset }

    /// Prepares for the app going to the background: flushes pending appends and records the offset.
    ///
    /// Appends made while suspended are kept and sent on the next flush.
    /// - Returns: The state to resume from.
    public func suspend() async -> SuspendedStreamState {
        isSuspended = true
        if let result = try? await producer.flush() {
            lastKnownOffset = result.offset
        }
        return SuspendedStreamState(url: url, offset: lastKnownOffset)
    }

    /// Resumes after ``suspend()``.
    ///
    /// - Throws: ``DurableStreamError/invalidArgument`` if the state belongs to another stream.
    public func resume(from state: SuspendedStreamState) async throws(DurableStreamError) {
        guard state.url == url else {
            throw .invalidArgument(message: "suspended state of \(state.url) cannot resume \(url)")
        }
        if let offset = state.offset, lastKnownOffset.map({ $0 < offset }) ?? true {
            lastKnownOffset = offset
        }
        isSuspended = false
    }

    /// Flushes pending appends, asking iOS for background time to finish while the app is backgrounded.
    ///
    /// If the time runs out first, the background task is ended at once (so the system does not terminate the app)
    /// and the flush is cancelled; the appends stay pending for the next flush. App extensions have no
    /// `UIApplication`: call ``flush()`` there, inside the extension's own expiring activity.
    /// - Throws: The first producer failure since the previous flush, or ``DurableStreamError/cancelled`` when
    ///   the background time expired.
    @available(iOSApplicationExtension, unavailable)
    public func requestBackgroundFlush() async throws(DurableStreamError) {
        #if os(iOS) && canImport(UIKit)
        try await BackgroundTime.run(name: "DurableStreams.flush", provider: ApplicationBackgroundTime()) {
            () async throws(DurableStreamError) in try await self.flush()
        }
        #else
        try await flush()
        #endif
    }
}

/// Suspends and resumes a set of handles together, e.g. on scene phase changes.
@available(OS2022, *)
public actor StreamLifecycleManager {
    private var handles: [URL: DurableStreamHandle] = [:]
    private var suspendedState: [URL: SuspendedStreamState] = [:]

    /// Creates an empty manager.
    public init() {}

    /// Adds a handle to manage.
    public func register(_ handle: DurableStreamHandle) {
        handles[handle.url] = handle
    }

    /// Stops managing the handle for `url`.
    public func unregister(_ url: URL) {
        handles[url] = nil
        suspendedState[url] = nil
    }

    /// Suspends every handle (flushing their appends).
    public func suspendAll() async {
        for (url, handle) in handles {
            suspendedState[url] = await handle.suspend()
        }
    }

    /// Resumes every suspended handle.
    ///
    /// - Throws: The first ``DurableStreamError`` a handle reports.
    public func resumeAll() async throws(DurableStreamError) {
        for (url, state) in suspendedState {
            if let handle = handles[url] {
                try await handle.resume(from: state)
            }
        }
        suspendedState.removeAll()
    }
}
