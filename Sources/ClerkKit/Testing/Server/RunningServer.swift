#if canImport(Hummingbird) && (os(Linux) || os(macOS))
import ClerkKit
import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// The HTTP side of the emulator: a Hummingbird application in a service group on its own task.
@available(OS2023, *)
struct RunningServer: Sendable {
    /// How long requests in flight get to finish once the server stops accepting, before they are cut off.
    static let shutdownGrace: Duration = .seconds(2)

    let baseURL: URL
    let port: Int
    private let group: ServiceGroup
    private let task: Task<Void, Never>

    /// Binds and starts serving; returns once the socket is bound (or fails if it cannot be).
    static func launch(
        emulator: ClerkEmulator, configuration: ClerkEmulator.Configuration, logger: Logger
    ) async throws(ClerkError) -> RunningServer {
        let (bound, boundContinuation) = AsyncStream<Result<Int, ClerkError>>.makeStream()
        let application = Application(
            responder: EmulatorResponder(emulator: emulator, logger: logger),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in
                boundContinuation.yield(.success(channel.localAddress?.port ?? configuration.port))
            },
            logger: logger
        )
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [application], gracefulShutdownSignals: [], cancellationSignals: [], logger: logger))
        let task = Task {
            do {
                try await group.run()
                boundContinuation.yield(.failure(ClerkError(.emulator, "the server stopped before it started")))
            } catch {
                boundContinuation.yield(
                    .failure(
                        ClerkError(
                            .emulator, "cannot listen on \(configuration.host):\(configuration.port)",
                            underlying: error)))
            }
            boundContinuation.finish()
        }
        var iterator = bound.makeAsyncIterator()
        switch await iterator.next() {
        case .success(let port)?:
            let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
            guard let url = URL(string: "http://\(host):\(port)") else {
                task.cancel()
                throw ClerkError(.emulator, "the bound address is not a URL")
            }
            return RunningServer(baseURL: url, port: port, group: group, task: task)
        case .failure(let error)?:
            throw error
        case nil:
            throw ClerkError(.emulator, "the server stopped before it started")
        }
    }

    /// Stops accepting connections (closing the listening socket first, so no connection is accepted while the
    /// server winds down), lets requests in flight finish for up to ``shutdownGrace``, then ends the server task.
    func shutdown() async {
        await group.triggerGracefulShutdown()
        let task = self.task
        await withTaskGroup(of: Void.self) { waiting in
            waiting.addTask { await task.value }
            waiting.addTask {
                // Past the grace period the server is cancelled; a server that finished first cancels this wait.
                guard (try? await Task.sleep(for: Self.shutdownGrace)) != nil else { return }
                task.cancel()
            }
            await waiting.next()
            waiting.cancelAll()
        }
    }
}
#else
import ClerkKit
import Foundation
import Logging

/// Where Hummingbird does not exist (iOS, tvOS, watchOS), the emulator has no HTTP listener: starting it fails, and
/// apps on those systems reach an emulator that runs on the Mac (`clerk emulator`) or on Linux instead.
@available(OS2023, *)
struct RunningServer: Sendable {
    let baseURL: URL
    let port: Int

    static func launch(
        emulator: ClerkEmulator, configuration: ClerkEmulator.Configuration, logger: Logger
    ) async throws(ClerkError) -> RunningServer {
        throw ClerkError(.emulator, "the emulator listens on Linux and macOS only")
    }

    func shutdown() async {}
}
#endif
