/// The lock files the coordinated strategy leaves for these escaped names: one `flock(2)` file per identifier on
/// Linux; none on Apple platforms, where `NSFileCoordinator` coordinates the message files themselves.
@available(OS2022, *)
func lockFiles(_ names: String...) -> [String] {
    #if canImport(Darwin)
    []
    #else
    names.map { ".\($0).lock" }
    #endif
}
