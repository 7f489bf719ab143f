/// Polls `condition` (a read of server-side state that no event announces) until it holds or `limit` passes.
@available(OS2023, *)
func eventually(within limit: Duration = .seconds(30), _ condition: () async throws -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try await Task.sleep(for: .milliseconds(20))
    }
    return false
}
