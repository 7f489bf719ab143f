import DurableStreamsStorage
import Logging
import NIOCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Sits first on the listening channel and logs failed accepts, at most once a second. When the process or
/// the system runs out of descriptors (`EMFILE`, `ENFILE`) swift-nio's accept back-off pauses accepting for a
/// second and retries, while open connections keep being served; this makes the pause visible.
@available(OS2023, *)
final class AcceptErrorLogger: ChannelInboundHandler, Sendable {
    typealias InboundIn = any Channel

    private let logger: Logger
    private let throttle = LogThrottle()

    init(logger: Logger) {
        self.logger = logger
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let suppressed = throttle.admit() {
            var metadata: Logger.Metadata = ["error": "\(error)"]
            if suppressed > 0 { metadata["suppressed"] = "\(suppressed)" }
            if let code = (error as? IOError)?.errnoCode, code == EMFILE || code == ENFILE {
                metadata["limit"] = code == EMFILE ? "process open files (RLIMIT_NOFILE)" : "system open files"
                logger.warning(
                    "cannot accept connections: out of file descriptors, retrying in 1 s", metadata: metadata)
            } else {
                logger.warning("cannot accept a connection", metadata: metadata)
            }
        }
        context.fireErrorCaught(error)
    }
}
