import DurableStreams
import Foundation
import NIOCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one-line message for a failed client command: for a connection that could not be made, the host, the
/// port and the system's reason (`Connection refused`), not the transport's nested error values.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum FailureMessage {
    static func text(for error: DurableStreamError, url: URL) -> String {
        guard error.code == .connectionFailed, let underlying = error.underlying else {
            return "error: \(error.message)"
        }
        let host = url.host ?? "?"
        let port = url.port ?? (url.scheme == "https" ? 443 : 80)
        let reason = systemReason(in: underlying, depth: 0) ?? "the connection failed"
        return "error: cannot connect to \(host):\(port): \(reason)"
    }

    /// The text of the first operating-system error (`errno`) found in an error and the values it holds.
    private static func systemReason(in value: Any, depth: Int) -> String? {
        if let error = value as? IOError { return String(cString: strerror(error.errnoCode)) }
        if let error = value as? POSIXError { return String(cString: strerror(error.code.rawValue)) }
        guard depth < 8 else { return nil }
        for child in Mirror(reflecting: value).children {
            if let reason = systemReason(in: child.value, depth: depth + 1) { return reason }
        }
        return nil
    }
}
