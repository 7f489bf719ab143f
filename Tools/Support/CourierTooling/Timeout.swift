/// Thrown by ``withTimeout(_:operation:)`` when the operation does not finish in time.
@available(OS2022, *)
public struct TimeoutError: Error, CustomStringConvertible {
    /// The limit that was exceeded.
    public let limit: Duration

    /// A human-readable description.
    public var description: String { "timed out after \(limit)" }
}

/// Runs `operation`, failing with ``TimeoutError`` if it has not finished within `limit`.
///
/// The default limit is generous (60 s): it bounds a wait for an event, and a loaded 2-core machine running the
/// whole suite in parallel can take tens of seconds to start a server. Tests that expect *no* event pass a short one.
///
/// The operation is cancelled when the limit passes; use this to await events in tests instead of sleeping.
@available(OS2022, *)
public func withTimeout<Value: Sendable>(
    _ limit: Duration = .seconds(60),
    operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    try await withThrowingTaskGroup(of: Value.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: limit)
            throw TimeoutError(limit: limit)
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw TimeoutError(limit: limit) }
        return first
    }
}

@available(OS2022, *)
extension AsyncSequence where Self: Sendable, Element: Sendable {
    /// The first `count` elements, failing with ``TimeoutError`` if they do not all arrive within `limit`.
    public func first(_ count: Int, within limit: Duration = .seconds(60)) async throws -> [Element] {
        try await withTimeout(limit) {
            var collected: [Element] = []
            collected.reserveCapacity(count)
            guard count > 0 else { return collected }
            for try await element in self {
                collected.append(element)
                if collected.count == count { break }
            }
            return collected
        }
    }

    /// The first element that satisfies `predicate`, failing with ``TimeoutError`` if none arrives within `limit`.
    public func firstValue(
        within limit: Duration = .seconds(60),
        where predicate: @escaping @Sendable (Element) -> Bool = { _ in true }
    ) async throws -> Element? {
        try await withTimeout(limit) {
            for try await element in self where predicate(element) {
                return element
            }
            return nil
        }
    }
}
