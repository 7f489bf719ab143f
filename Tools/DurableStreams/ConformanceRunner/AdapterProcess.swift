import CourierPrimitives
import CourierTooling
import Foundation

/// The client adapter as a child process: commands go out as JSON lines, results come back in order.
@available(OS2023, *)
final class AdapterProcess: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private typealias Queue = ResultQueue<Result<Value, any Error>, CheckedContinuation<Value, any Error>>

    private let process: ChildProcess
    private let queue = Locked(Queue())
    private let verbose: Bool

    init(executable: String, arguments: [String] = [], verbose: Bool) throws {
        self.verbose = verbose
        process = try ChildProcess(
            executable: URL(fileURLWithPath: executable), arguments: arguments, standardInput: true)
        let lines = process.lines
        Task { [weak self] in
            for await line in lines {
                self?.apply { $0.answer(.success(Self.parse(line, verbose: self?.verbose ?? false))) }
            }
            self?.apply { $0.end(with: .failure(Failure(description: "adapter exited"))) }
        }
    }

    var standardError: String { process.standardError }

    /// Sends a command; the returned task resolves to its result (the adapter answers in order).
    func send(_ command: [String: Any], timeout: Duration) -> Task<Value, any Error> {
        let data = (try? JSONSerialization.data(withJSONObject: command, options: [.withoutEscapingSlashes])) ?? Data()
        let line = String(decoding: data, as: UTF8.self)
        if verbose { print("    → \(line.prefix(300))") }
        let slot = queue.withLock { $0.send() }
        if slot != nil { process.write(line + "\n") }
        let type = command["type"] as? String ?? "?"
        return Task {
            guard let slot else { throw Failure(description: "adapter exited") }
            return try await withThrowingTaskGroup(of: Value.self) { group in
                group.addTask { try await self.wait(slot) }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    throw Failure(description: "adapter gave no result for \(type) within \(timeout)")
                }
                defer { group.cancelAll() }
                guard let first = try await group.next() else { throw Failure(description: "no result") }
                return first
            }
        }
    }

    /// Waits for slot `slot`'s answer; cancelling the waiting task ends the wait (the timeout in ``send(_:timeout:)``
    /// cancels it, and a task group waits for all its tasks).
    private func wait(_ slot: Int) async throws -> Value {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                apply { $0.wait(for: slot, continuation) }
            }
        } onCancel: {
            apply { $0.abandon(slot, with: .failure(CancellationError())) }
        }
    }

    /// Feeds an input to the queue under the lock, then resumes whom it says, outside the lock.
    private func apply(_ input: (inout Queue) -> Queue.Action) {
        switch queue.withLock(input) {
        case .none: break
        case .resume(let waiter, let answer): waiter.resume(with: answer)
        case .resumeAll(let waiters, let answer): for waiter in waiters { waiter.resume(with: answer) }
        }
    }

    private static func parse(_ line: String, verbose: Bool) -> Value {
        if verbose { print("    ← \(line.prefix(300))") }
        do {
            return try JSONDecoder().decode(Value.self, from: Data(line.utf8))
        } catch {
            return .object([
                ("type", .string("error")), ("success", .bool(false)), ("errorCode", .string("PARSE_ERROR")),
                ("message", .string("unparseable adapter output: \(line.prefix(200))")),
            ])
        }
    }

    func terminate() {
        process.closeStandardInput()
        process.signal()
    }

    /// Closes the adapter's standard input, which ends its command loop.
    func closeInput() {
        process.closeStandardInput()
    }

    func waitForExit() async -> Int32? {
        try? await process.waitForExit(within: .seconds(5))
    }
}
