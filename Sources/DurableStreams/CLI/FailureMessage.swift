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
@available(OS2022, *)
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

    /// Whether the connection was refused (nothing listens on the port): trying again at once cannot help, so a
    /// command reports it instead of retrying.
    static func isRefused(_ error: DurableStreamError) -> Bool {
        guard error.code == .connectionFailed, let underlying = error.underlying else { return false }
        if let error = underlying as? URLError, error.code == .cannotConnectToHost { return true }
        return systemErrno(in: underlying, depth: 0) == ECONNREFUSED
    }

    /// The text of the first operating-system error (`errno`) found in an error and the values it holds.
    private static func systemReason(in value: Any, depth: Int) -> String? {
        systemErrno(in: value, depth: depth).map { String(cString: strerror($0)) }
    }

    /// The first operating-system error number (`errno`) found in an error and the values it holds.
    private static func systemErrno(in value: Any, depth: Int) -> Int32? {
        if let error = value as? IOError { return error.errnoCode }
        if let error = value as? POSIXError { return error.code.rawValue }
        guard depth < 8 else { return nil }
        for child in Mirror(reflecting: value).children {
            if let code = systemErrno(in: child.value, depth: depth + 1) { return code }
        }
        return nil
    }
}
