import CourierTestSupport
import Foundation

/// The client adapter as a child process: commands go out as JSON lines, results come back in order.
final class AdapterProcess: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// One expected result: filled by the reader, awaited by the sender.
    private final class Slot: @unchecked Sendable {
        var value: Result<Value, any Error>?
        var waiter: CheckedContinuation<Value, any Error>?
    }

    private let process: ChildProcess
    private let lock = NSLock()
    private var slots: [Slot] = []
    private var ended = false
    private let verbose: Bool

    init(executable: String, verbose: Bool) throws {
        self.verbose = verbose
        process = try ChildProcess(executable: URL(fileURLWithPath: executable), standardInput: true)
        let lines = process.lines
        Task { [weak self] in
            for await line in lines {
                self?.deliver(.success(Self.parse(line, verbose: self?.verbose ?? false)))
            }
            self?.finish()
        }
    }

    var standardError: String { process.standardError }

    /// Sends a command; the returned task resolves to its result (the adapter answers in order).
    func send(_ command: [String: Any], timeout: Duration) -> Task<Value, any Error> {
        let data = (try? JSONSerialization.data(withJSONObject: command, options: [.withoutEscapingSlashes])) ?? Data()
        let line = String(decoding: data, as: UTF8.self)
        if verbose { print("    → \(line.prefix(300))") }
        let slot = Slot()
        lock.lock()
        let alreadyEnded = ended
        if !alreadyEnded { slots.append(slot) }
        lock.unlock()
        if !alreadyEnded { process.write(line + "\n") }
        let type = command["type"] as? String ?? "?"
        return Task {
            if alreadyEnded { throw Failure(description: "adapter exited") }
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

    private func wait(_ slot: Slot) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            lock.lock()
            if let value = slot.value {
                lock.unlock()
                continuation.resume(with: value)
            } else {
                slot.waiter = continuation
                lock.unlock()
            }
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

    private func deliver(_ value: Result<Value, any Error>) {
        lock.lock()
        guard let index = slots.firstIndex(where: { $0.value == nil }) else {
            lock.unlock()
            return
        }
        let slot = slots.remove(at: index)
        slot.value = value
        let waiter = slot.waiter
        slot.waiter = nil
        lock.unlock()
        waiter?.resume(with: value)
    }

    private func finish() {
        lock.lock()
        ended = true
        let pending = slots
        slots = []
        lock.unlock()
        for slot in pending {
            lock.lock()
            slot.value = .failure(Failure(description: "adapter exited"))
            let waiter = slot.waiter
            slot.waiter = nil
            lock.unlock()
            waiter?.resume(throwing: Failure(description: "adapter exited"))
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
