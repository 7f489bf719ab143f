/// The console's URL space.
@available(OS2023, *)
enum ConsoleRoutes {
    /// Where the console is served.
    static let prefix = "/__console"
    /// Where its API is.
    static let apiPrefix = "/__console/api/"

    /// Whether a request path is the console's.
    static func owns(_ path: Substring) -> Bool {
        path == prefix || path.hasPrefix(prefix + "/")
    }
}
