@available(OS2023, *)
extension Clerk {
    /// Starts refreshing the current session's token before it expires: a wake-up every
    /// ``ClerkOptions/tokenRefreshInterval`` that asks ``Auth/getToken(_:)`` (which only hits the network near
    /// expiry), backing off after failures. Call when the app comes to the foreground.
    public func startTokenRefresh() {
        let interval = configuration.options.tokenRefreshInterval
        let clock = core.dependencies.clock
        let randomness = core.dependencies.randomness
        let task = Task { [weak self] in
            var schedule = TokenRefreshSchedule(interval: interval)
            while !Task.isCancelled {
                do {
                    try await clock.sleep(for: schedule.nextDelay(unit: randomness.unitInterval()))
                } catch {
                    return
                }
                guard let self else { return }
                do throws(ClerkError) {
                    _ = try await self.auth.getToken()
                    schedule.recordSuccess()
                } catch {
                    if error.code == .cancelled { return }
                    schedule.recordFailure()
                }
            }
        }
        tokenRefresh.withLock { current in
            current?.cancel()
            current = task
        }
    }

    /// Stops the proactive token refresh. Call when the app goes to the background.
    public func stopTokenRefresh() {
        tokenRefresh.withLock { current in
            current?.cancel()
            current = nil
        }
    }
}
