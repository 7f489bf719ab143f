#if canImport(WatchConnectivity)
public import WatchConnectivity

extension WCSession {
    /// Whether the counterpart app is installed: `isWatchAppInstalled` on iPhone, `isCompanionAppInstalled` on the
    /// watch (SundialKit 1.0 API).
    public var isPairedAppInstalled: Bool {
        #if os(iOS)
        isWatchAppInstalled
        #else
        isCompanionAppInstalled
        #endif
    }
}
#endif
