/// The version `durable-streams --version` prints.
enum DurableStreamsVersion {
    static let current = "0.2.0-dev"
}
