import CourierPrimitives
import DurableStreamsStorage
import Foundation

/// The test-only fault injection behind `POST`/`DELETE /_test/inject-error`, with the reference server's
/// fields and effects.
@available(OS2023, *)
final class FaultInjector: Sendable {
    /// One injected fault, armed for the next `count` matching requests to a path.
    struct Fault: Sendable, Equatable {
        var status: Int?
        var count: Int = 1
        var retryAfter: Int?
        var delayMilliseconds: Int?
        var jitterMilliseconds: Int?
        var dropConnection = false
        var truncateBodyBytes: Int?
        var corruptBody = false
        var probability: Double?
        var method: String?
        var sseEvent: SSEEvent?

        struct SSEEvent: Sendable, Equatable {
            var type: String
            var data: String
        }

        /// The delay to apply, jitter included.
        var delay: Duration? {
            guard let delay = delayMilliseconds, delay > 0 else { return nil }
            let jitter = jitterMilliseconds.map { $0 > 0 ? Int.random(in: 0...$0) : 0 } ?? 0
            return .milliseconds(delay + jitter)
        }

        /// Whether the fault changes the response body (rather than replacing the response).
        var modifiesBody: Bool { truncateBodyBytes != nil || corruptBody }
    }

    private let faults = Locked([String: Fault]())
    /// The board every node shares, when there is one; the faults above are then unused.
    private let shared: (any SharedFaultBoard)?

    init(shared: (any SharedFaultBoard)? = nil) {
        self.shared = shared
    }

    /// Arms a fault for a path, replacing any fault armed there; `definition` is the control request's body.
    func inject(_ fault: Fault, at path: String, definition: [UInt8]) async throws(StreamStorageError) {
        guard let shared else {
            faults.withLock { $0[path] = fault }
            return
        }
        try await shared.arm(
            path: path, method: fault.method, count: fault.count, probability: fault.probability,
            definition: definition)
    }

    /// Disarms every fault.
    func clear() async throws(StreamStorageError) {
        guard let shared else {
            faults.withLock { $0.removeAll() }
            return
        }
        try await shared.disarmAll()
    }

    /// Takes the fault for a request, if one is armed for its path and method and its dice say so. A shared board
    /// that cannot be reached injects nothing.
    func consume(path: String, method: String) async -> Fault? {
        guard let shared else { return consumeLocal(path: path, method: method) }
        guard let definition = try? await shared.take(path: path, method: method),
            case .success(let (_, fault)) = Self.parse(definition)
        else { return nil }
        return fault
    }

    /// Whether a fault may be armed for a request, without taking it: always `true` with a shared board, which
    /// is asked only by ``consume(path:method:)``.
    func mayBeArmed(path: String, method: String) -> Bool {
        guard shared == nil else { return true }
        return faults.withLock { faults in
            guard let fault = faults[path] else { return false }
            return fault.method.map { $0.uppercased() == method.uppercased() } ?? true
        }
    }

    private func consumeLocal(path: String, method: String) -> Fault? {
        faults.withLock { faults -> Fault? in
            guard var fault = faults[path] else { return nil }
            if let only = fault.method, only.uppercased() != method.uppercased() { return nil }
            if let probability = fault.probability, Double.random(in: 0..<1) >= probability { return nil }
            fault.count -= 1
            faults[path] = fault.count > 0 ? fault : nil
            return fault
        }
    }

    /// Applies truncation and corruption to a response body.
    static func modify(_ body: [UInt8], with fault: Fault) -> [UInt8] {
        var body = body
        if let limit = fault.truncateBodyBytes, body.count > limit {
            body.removeLast(body.count - max(0, limit))
        }
        if fault.corruptBody && !body.isEmpty {
            body[0] = UInt8(ascii: "X")
            if body.count > 1 { body[1] = UInt8(ascii: "Y") }
            for _ in 0..<max(1, body.count / 10) {
                body[Int.random(in: 0..<body.count)] = UInt8(ascii: "Z")
            }
        }
        return body
    }

    /// Parses the control endpoint's JSON body into a path and a fault.
    static func parse(_ body: [UInt8]) -> Result<(String, Fault), ParseError> {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
            return .failure(ParseError("Invalid JSON body"))
        }
        func value<T>(_ key: String, _ type: T.Type) throws(ParseError) -> T? {
            guard let raw = object[key], !(raw is NSNull) else { return nil }
            if T.self == Int.self, let number = raw as? NSNumber, !(raw is Bool),
                let int = Int(exactly: number.doubleValue)
            {
                return int as? T
            }
            if T.self == Double.self, let number = raw as? NSNumber, !(raw is Bool) { return number.doubleValue as? T }
            if T.self == Bool.self, let bool = raw as? Bool { return bool as? T }
            if T.self == String.self, let string = raw as? String { return string as? T }
            if let typed = raw as? T { return typed }
            throw ParseError("Field \(key) has the wrong type")
        }
        do throws(ParseError) {
            guard let path = try value("path", String.self), !path.isEmpty else {
                return .failure(ParseError("Missing required field: path"))
            }
            var fault = Fault()
            fault.status = try value("status", Int.self)
            fault.count = try value("count", Int.self) ?? 1
            fault.retryAfter = try value("retryAfter", Int.self)
            fault.delayMilliseconds = try value("delayMs", Int.self)
            fault.jitterMilliseconds = try value("jitterMs", Int.self)
            fault.dropConnection = try value("dropConnection", Bool.self) ?? false
            fault.truncateBodyBytes = try value("truncateBodyBytes", Int.self)
            fault.corruptBody = try value("corruptBody", Bool.self) ?? false
            fault.probability = try value("probability", Double.self)
            fault.method = try value("method", String.self)
            if let event = try value("injectSseEvent", [String: Any].self) {
                guard let type = event["eventType"] as? String, let data = event["data"] as? String else {
                    return .failure(ParseError("injectSseEvent needs string fields eventType and data"))
                }
                fault.sseEvent = .init(type: type, data: data)
            }
            if let status = fault.status, !(100...599).contains(status) {
                return .failure(ParseError("status must be an HTTP status code"))
            }
            if let delay = fault.delayMilliseconds, !(0...600_000).contains(delay) {
                return .failure(ParseError("delayMs must be between 0 and 600000"))
            }
            if let jitter = fault.jitterMilliseconds, !(0...600_000).contains(jitter) {
                return .failure(ParseError("jitterMs must be between 0 and 600000"))
            }
            if let probability = fault.probability, !(0...1).contains(probability) {
                return .failure(ParseError("probability must be between 0 and 1"))
            }
            if let truncate = fault.truncateBodyBytes, truncate < 0 {
                return .failure(ParseError("truncateBodyBytes must not be negative"))
            }
            let hasFault =
                fault.status != nil || fault.delayMilliseconds != nil || fault.dropConnection
                || fault.truncateBodyBytes != nil || fault.corruptBody || fault.sseEvent != nil
            guard hasFault else {
                return .failure(
                    ParseError(
                        "Must specify at least one fault type: status, delayMs, dropConnection, truncateBodyBytes, corruptBody, or injectSseEvent"
                    )
                )
            }
            return .success((path, fault))
        } catch {
            return .failure(error)
        }
    }

    /// Why a control request was refused.
    struct ParseError: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }
}
