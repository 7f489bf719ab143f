#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import CourierPrimitives
import DurableStreamsStorage
import Foundation
import Logging

@available(OS2023, *)
extension StreamHTTPHandler {
    /// Logs a finished request: `debug` normally, `warning` (at most once a second) when a limit refused it
    /// (`408`, `413`) or it asked for what the server does not implement (`501`), `error` for any other `5xx`
    /// with the reason the server gave (never the request's body). The one exception to the `5xx` rule is a `503`
    /// whose cause is logged once elsewhere (`loggedOnce`: the store's outage, the server stopping): it stays at
    /// `debug` (with its reason), however many requests it refuses.
    func logCompletion(
        _ exchange: Exchange, status: Int, bytes: Int?, reason: [UInt8]?, loggedOnce: Bool = false
    ) {
        Self.logCompletion(
            exchange, status: status, bytes: bytes, reason: reason, loggedOnce: loggedOnce,
            logger: logger, throttle: limitThrottle)
    }

    /// ``logCompletion(_:status:bytes:reason:loggedOnce:)`` for a complete reply (`bodiless`: its status sends none).
    func logCompletion(_ exchange: Exchange, reply: Reply, bodiless: Bool) {
        logCompletion(
            exchange, status: reply.status.code, bytes: bodiless ? 0 : reply.bodyCount,
            reason: reply.status.code >= 500 ? reply.body : nil, loggedOnce: reply.isLoggedOnce)
    }

    /// ``logCompletion(_:status:bytes:reason:loggedOnce:)`` for a response that outlived its handler.
    static func logCompletion(
        _ exchange: Exchange, status: Int, bytes: Int?, reason: [UInt8]?, loggedOnce: Bool = false,
        logger: Logger, throttle: LogThrottle
    ) {
        let isLimit = status == 408 || status == 413 || status == 501
        let isLoud = status >= 500 && !(loggedOnce && status == 503)
        guard isLoud || isLimit || logger.logLevel <= .debug else { return }
        var metadata: Logger.Metadata = [
            "method": "\(exchange.method.rawValue)",
            "path": "\(exchange.path)",
            "status": "\(status)",
            "duration_ms": "\(Self.milliseconds(exchange.started.duration(to: .now)))",
        ]
        if let bytes { metadata["bytes"] = "\(bytes)" }
        if let reason, status >= 500 && !isLimit {
            metadata["reason"] = "\(String(decoding: reason.prefix(512), as: UTF8.self))"
        }
        if isLoud && !isLimit {
            logger.error("request failed", metadata: metadata)
        } else if isLimit {
            guard let suppressed = throttle.admit() else { return }
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
