import CourierPrimitives
import CourierTestSupport
import Foundation

/// One line a helper process printed (a JSON object).
@available(OS2023, *)
struct HelperLine: Sendable, CustomStringConvertible {
    var kind: String
    var signedIn: Bool?
    var client: String?
    var token: String?
    var serverDate: Double?
    var updatedAt: Double?
    var generation: Int?
    var at: Double
    var description: String

    init(_ text: String) {
        let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
        kind = object["kind"] as? String ?? "unparsed"
        signedIn = object["signedIn"] as? Bool
        client = object["client"] as? String
        token = object["token"] as? String
        serverDate = (object["serverDate"] as? NSNumber)?.doubleValue
        updatedAt = (object["updatedAt"] as? NSNumber)?.doubleValue
        generation = (object["generation"] as? NSNumber)?.intValue
        at = (object["at"] as? NSNumber)?.doubleValue ?? 0
        description = text
    }

    /// Whether both lines name the same token and client.
    func sameIdentity(as other: HelperLine) -> Bool {
        token == other.token && client == other.client && signedIn == other.signedIn
    }
}

/// A helper process did not answer as expected.
struct HelperError: Error, CustomStringConvertible {
    var description: String
}

/// Everything a helper prints, kept: each ``lines()`` stream replays what came before, then follows.
@available(OS2023, *)
final class Transcript: Sendable {
    private struct State {
        var lines: [HelperLine] = []
        var subscribers: [AsyncStream<HelperLine>.Continuation] = []
        var isFinished = false
    }

    let process: ChildProcess
    private let state = Locked(State())

    init(_ process: ChildProcess) {
        self.process = process
        Task { [state] in
            for await text in process.lines {
                let line = HelperLine(text)
                state.withLock { state in
                    state.lines.append(line)
                    for subscriber in state.subscribers { subscriber.yield(line) }
                }
            }
            state.withLock { state in
                state.isFinished = true
                for subscriber in state.subscribers { subscriber.finish() }
            }
        }
    }

    /// Every line so far, then each new one.
    func lines() -> AsyncStream<HelperLine> {
        let (stream, continuation) = AsyncStream.makeStream(of: HelperLine.self)
        state.withLock { state in
            for line in state.lines { continuation.yield(line) }
            if state.isFinished { continuation.finish() } else { state.subscribers.append(continuation) }
        }
        return stream
    }

    /// The lines so far.
    var snapshot: [HelperLine] { state.withLock { $0.lines } }

    /// The first line (from the start) of `kind` that satisfies `predicate`.
    func first(
        _ kind: String, within limit: Duration = .seconds(90),
        where predicate: @escaping @Sendable (HelperLine) -> Bool = { _ in true }
    ) async throws -> HelperLine {
        let found = try await lines().firstValue(within: limit) { $0.kind == kind && predicate($0) }
        guard let found else {
            throw HelperError(description: "no \(kind) line; stderr: \(process.standardError)")
        }
        return found
    }

    /// Sends a command and returns the first line after it of `kind`.
    func ask(_ command: String, answer kind: String) async throws -> HelperLine {
        let count = snapshot.count
        process.write(command + "\n")
        let found = try await linesAfter(count).firstValue(within: .seconds(90)) { $0.kind == kind }
        guard let found else {
            throw HelperError(description: "no answer to \(command); stderr: \(process.standardError)")
        }
        return found
    }

    private func linesAfter(_ count: Int) -> AsyncStream<HelperLine> {
        let all = lines()
        return AsyncStream { continuation in
            let task = Task {
                var index = 0
                for await line in all {
                    if index >= count { continuation.yield(line) }
                    index += 1
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
