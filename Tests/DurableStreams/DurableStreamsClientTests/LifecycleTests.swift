import CourierPrimitives
import CourierTestSupport
import DurableStreams
import DurableStreamsServiceLifecycle
import Foundation
import Logging
import ServiceLifecycle
import Testing

@Suite("Lifecycle")
struct LifecycleTests {
    @Test("suspend flushes pending appends and keeps the offset; resume continues")
    @available(OS2023, *)
    func suspendResume() async throws {
        try await withTestServer { server in
            let handle = try await DurableStreamHandle.create(
                url: server.streamURL("suspend"), contentType: "text/plain",
                configuration: server.configuration(producer: .init(producerId: "s", lingerTime: .seconds(60))))
            handle.appendBytes(Data("before;".utf8))
            let state = await handle.suspend()
            #expect(await handle.suspended)
            #expect(state.offset == (try await handle.head().offset))
            try await handle.resume(from: state)
            #expect(await !handle.suspended)
            handle.appendBytes(Data("after;".utf8))
            try await handle.flush()
            let text = try await DurableStream.stream(url: handle.url, configuration: server.http).text()
            #expect(text.text == "before;after;")
        }
    }

    @Test("the lifecycle manager suspends and resumes every handle")
    @available(OS2023, *)
    func manager() async throws {
        try await withTestServer { server in
            let manager = StreamLifecycleManager()
            var handles: [DurableStreamHandle] = []
            for index in 0..<3 {
                let handle = try await DurableStreamHandle.create(
                    url: server.streamURL("managed\(index)"), contentType: "text/plain",
                    configuration: server.configuration(
                        producer: .init(producerId: "m\(index)", lingerTime: .seconds(60))))
                handle.appendBytes(Data("x".utf8))
                await manager.register(handle)
                handles.append(handle)
            }
            await manager.suspendAll()
            for handle in handles {
                #expect(await handle.suspended)
                let text = try await DurableStream.stream(url: handle.url, configuration: server.http).text()
                #expect(text.text == "x", "suspend flushed the pending append")
            }
            try await manager.resumeAll()
            for handle in handles { #expect(await !handle.suspended) }
        }
    }

    @Test("as a Service, a handle flushes its appends on graceful shutdown")
    @available(OS2023, *)
    func service() async throws {
        try await withTestServer { server in
            let handle = try await DurableStreamHandle.create(
                url: server.streamURL("service"), contentType: "text/plain",
                configuration: server.configuration(producer: .init(producerId: "svc", lingerTime: .seconds(60))))
            let group = ServiceGroup(
                configuration: .init(services: [handle], logger: Logger(label: "test")))
            let running = Task { try await group.run() }
            handle.appendBytes(Data("pending".utf8))
            await group.triggerGracefulShutdown()
            try await withTimeout(.seconds(60)) { try await running.value }
            let text = try await DurableStream.stream(url: handle.url, configuration: server.http).text()
            #expect(text.text == "pending")
        }
    }
}
