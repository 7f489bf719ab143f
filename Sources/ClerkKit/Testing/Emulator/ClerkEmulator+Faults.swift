@available(OS2023, *)
extension ClerkEmulator {
    /// A failure to inject: for requests matching a method and path pattern, wait, then answer with an error or
    /// drop the connection, once or several times.
    ///
    /// ```swift
    /// await emulator.inject(.init(method: "POST", path: "/v1/client/sign_ins", outcome: .error(status: 429, code: "too_many_requests")))
    /// await emulator.inject(.init(path: "/v1/client/sessions/*/tokens", delay: .seconds(2), outcome: .dropConnection, times: 3))
    /// ```
    public struct Fault: Sendable, Hashable {
        /// What happens after the delay.
        public enum Outcome: Sendable, Hashable {
            /// Serve the request normally (a pure delay).
            case proceed
            /// Answer with a Clerk error body with this status and code; `retryAfter` adds a `Retry-After` header.
            case error(status: Int, code: String, message: String? = nil, retryAfter: Int? = nil)
            /// Close the connection without answering.
            case dropConnection
            /// Answer with an HTML page, as a proxy or load balancer in front of the service does (`502 Bad
            /// Gateway`, a maintenance page): not Clerk's JSON.
            case htmlPage(status: Int, html: String)
        }

        /// The HTTP method to match (`GET`, `POST`, …); nil matches any.
        public var method: String?
        /// The path to match: segments compared one by one, `*` matches one segment, a trailing `**` any rest.
        public var path: String
        /// How long to wait before the outcome.
        public var delay: Duration
        /// What to do.
        public var outcome: Outcome
        /// How many matching requests it applies to; nil means every one until ``ClerkEmulator/clearFaults()``.
        public var times: Int?

        /// Creates a fault; by default it fires once.
        public init(
            method: String? = nil, path: String, delay: Duration = .zero, outcome: Outcome = .proceed, times: Int? = 1
        ) {
            self.method = method
            self.path = path
            self.delay = delay
            self.outcome = outcome
            self.times = times
        }

        func matches(method: String, path: String) -> Bool {
            if let wanted = self.method, wanted.uppercased() != method.uppercased() { return false }
            let pattern = self.path.split(separator: "/")
            let segments = path.split(separator: "/")
            for (index, part) in pattern.enumerated() {
                if part == "**" { return true }
                guard index < segments.count, part == "*" || part == segments[index] else { return false }
            }
            return pattern.count == segments.count
        }
    }

    struct FaultEntry: Sendable {
        var fault: Fault
        var remaining: Int?
    }

    /// Adds a fault; faults are checked in the order they were added, and the first that matches applies.
    public func inject(_ fault: Fault) {
        faults.append(FaultEntry(fault: fault, remaining: fault.times))
    }

    /// Removes every injected fault.
    public func clearFaults() {
        faults.removeAll()
    }

    /// The fault for this request, if any, counting it down.
    func takeFault(method: String, path: String) -> Fault? {
        guard let index = faults.firstIndex(where: { $0.fault.matches(method: method, path: path) }) else {
            return nil
        }
        let fault = faults[index].fault
        if let remaining = faults[index].remaining {
            if remaining <= 1 { faults.remove(at: index) } else { faults[index].remaining = remaining - 1 }
        }
        return fault
    }
}
