@available(OS2023, *)
extension DurableStreamsServer {
    /// The web console at `/__console/`: a stream list, live views of streams, and a writer.
    ///
    /// Reads (the list, a stream's metadata and bytes) need nothing; every change the console makes (create,
    /// append, close, fork, delete) needs the console token in `X-Console-Token`, a matching CSRF cookie and header,
    /// and a same-origin request. The console uses the store directly: it adds nothing to the protocol's paths
    /// except that, while it is on, `/__console/…` is the console's and not a stream's.
    public struct Console: Sendable, Equatable {
        /// When the console is served.
        public enum Mode: String, Sendable, CaseIterable {
            /// Only when the server listens on a loopback address (`127.0.0.0/8`, `::1`, `localhost`): the default.
            case automatic
            /// Always.
            case enabled
            /// Never: `/__console/…` paths are ordinary stream paths.
            case disabled
        }

        /// When the console is served; ``Mode/automatic`` by default.
        public var mode: Mode
        /// The token changes need; `nil` (the default) draws a random one when the server is created
        /// (see ``DurableStreamsServer/consoleToken``). At least 16 characters.
        public var token: String?

        /// Creates console settings.
        public init(mode: Mode = .automatic, token: String? = nil) {
            self.mode = mode
            self.token = token
        }

        /// Whether the console is served on `host`.
        public func isEnabled(host: String) -> Bool {
            switch mode {
            case .enabled: true
            case .disabled: false
            case .automatic: Self.isLoopback(host)
            }
        }

        /// Whether `host` is a loopback address or `localhost`.
        static func isLoopback(_ host: String) -> Bool {
            let trimmed = host.trimmingPrefix("[")
            if trimmed.hasPrefix("127.") || trimmed == "localhost" { return true }
            return trimmed == "::1]" || trimmed == "::1" || trimmed == "0:0:0:0:0:0:0:1"
        }
    }

    /// The console token changes from the console need, when the console is served; `nil` otherwise.
    ///
    /// It is never logged: `durable-streams serve` prints it once on standard output with the console's URL.
    public var consoleToken: String? {
        configuration.console.isEnabled(host: configuration.host) ? consoleAccess.token : nil
    }

    /// The console's URL (`http://<host>:<port>/__console/`), once started with the console on.
    public var consoleURL: String? {
        guard configuration.console.isEnabled(host: configuration.host), let url else { return nil }
        return url + ConsoleRoutes.prefix + "/"
    }
}
