import Foundation

/// Why network monitoring or a network ping failed.
public enum NetworkError: Error, Equatable, Hashable, Sendable {
    /// The platform's source of network paths could not be opened (for example a netlink socket).
    case monitoringUnavailable(reason: String)
    /// A running monitor failed and stopped delivering paths.
    case monitoringFailed(reason: String)
    /// A ping did not answer in time.
    case pingTimeout
    /// A ping got an answer that means the network does not work (for example a refused connection).
    case pingFailed(reason: String)
    /// A setting is invalid (for example a negative interval or an empty host).
    case invalidConfiguration(reason: String)
    /// This platform has no network path source.
    case platformUnsupported
}

extension NetworkError: LocalizedError {
    /// A sentence describing the failure.
    public var errorDescription: String? {
        switch self {
        case .monitoringUnavailable(let reason):
            "Network monitoring is unavailable: \(reason)"
        case .monitoringFailed(let reason):
            "Network monitoring failed: \(reason)"
        case .pingTimeout:
            "The network ping timed out."
        case .pingFailed(let reason):
            "The network ping failed: \(reason)"
        case .invalidConfiguration(let reason):
            "Invalid network configuration: \(reason)"
        case .platformUnsupported:
            "Network monitoring is not supported on this platform."
        }
    }
}
