#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import CourierPrimitives
import Foundation
import Logging

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension StreamHTTPHandler {
    /// Logs a finished request: `debug` normally, `warning` (at most once a second) when a limit refused it
    /// (`408`, `413`) or it asked for what the server does not implement (`501`), `error` for any other `5xx`
    /// with the reason the server gave (never the request's body).
    func logCompletion(_ exchange: Exchange, status: Int, bytes: Int?, reason: [UInt8]?) {
        let isLimit = status == 408 || status == 413 || status == 501
        guard status >= 500 || isLimit || logger.logLevel <= .debug else { return }
        var metadata: Logger.Metadata = [
            "method": "\(exchange.method.rawValue)",
            "path": "\(exchange.path)",
            "status": "\(status)",
            "duration_ms": "\(Self.milliseconds(exchange.started.duration(to: .now)))",
        ]
        if let bytes { metadata["bytes"] = "\(bytes)" }
        if status >= 500 && !isLimit {
            if let reason { metadata["reason"] = "\(String(decoding: reason.prefix(512), as: UTF8.self))" }
            logger.error("request failed", metadata: metadata)
        } else if isLimit {
            guard let suppressed = limitThrottle.admit() else { return }
            if suppressed > 0 { metadata["suppressed"] = "\(suppressed)" }
            logger.warning("request refused", metadata: metadata)
        } else {
            logger.debug("request", metadata: metadata)
        }
    }

    private static func milliseconds(_ duration: Duration) -> String {
        String(format: "%.3f", Double(duration.inNanoseconds) / 1e6)
    }
}
#endif
