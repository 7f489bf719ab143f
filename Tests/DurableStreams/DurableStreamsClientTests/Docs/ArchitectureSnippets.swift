// The Durable Streams blocks of ARCHITECTURE.md, word for word (scripts/readme-snippets checks it), compiled here;
// the state-machine block runs as a test.
import DurableStreamsServer
import Logging
import ServiceLifecycle
import Testing

@testable import DurableStreams

/// ARCHITECTURE.md: a server in a ServiceGroup.
@available(OS2023, *)
func runServerUntilSignalled() async throws {
    let server = DurableStreamsServer(configuration: .init(port: 8080))
    let group = ServiceGroup(
        services: [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: Logger(label: "durable-streams"))
    try await group.run()
}

@Test("ARCHITECTURE.md's state-machine example: a live SSE read starts by connecting at its offset")
@available(OS2022, *)
func architectureStateMachineExample() {
    var machine = ReadStateMachine(
        offset: .start, mode: .sse, stopAtUpToDate: false, policy: .readDefault, maxResponseBytes: 1 << 20,
        path: "/orders")
    if case .connectSSE(let request) = machine.start() {
        // The driver (ChunkReader) opens the connection at request.offset, then reports what happened:
        // machine.sseConnected(headers:at:), machine.sseEvent(_:), machine.sseFailed(_:cancelled:at:).
        print("connect at \(request.offset)")
    }
    #expect(machine.start() == .connectSSE(ReadRequest(offset: .start, live: .sse, cursor: nil)))
}
