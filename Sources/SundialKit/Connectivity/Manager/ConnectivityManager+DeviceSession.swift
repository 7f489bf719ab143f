extension ConnectivityManager {
    /// Creates a manager for this device's session: WatchConnectivity on iPhone and Apple Watch, a
    /// ``NeverConnectivitySession`` elsewhere.
    public convenience init() {
        #if canImport(WatchConnectivity) && (os(iOS) || os(watchOS))
        self.init(session: WatchConnectivitySession())
        #else
        self.init(session: NeverConnectivitySession())
        #endif
    }
}
