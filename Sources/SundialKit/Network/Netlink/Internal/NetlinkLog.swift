#if os(Linux)
#if SundialKitLogging
import Logging
#endif

/// Where the netlink monitor reports skipped input and failures: a swift-log `Logger` with Courier's package trait
/// SundialKitLogging, nowhere without it (failures also reach the monitor's failure handler).
struct NetlinkLog: Sendable {
    #if SundialKitLogging
    let logger: Logger
    #endif

    func error(_ message: @autoclosure () -> String, metadata: [String: String] = [:]) {
        #if SundialKitLogging
        logger.error("\(message())", metadata: metadata.mapValues { .string($0) })
        #endif
    }

    func warning(_ message: @autoclosure () -> String, metadata: [String: String] = [:]) {
        #if SundialKitLogging
        logger.warning("\(message())", metadata: metadata.mapValues { .string($0) })
        #endif
    }

    func debug(_ message: @autoclosure () -> String, metadata: [String: String] = [:]) {
        #if SundialKitLogging
        logger.debug("\(message())", metadata: metadata.mapValues { .string($0) })
        #endif
    }
}
#endif
