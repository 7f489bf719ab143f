import CourierTestSupport
import Foundation
import Testing
import Wormhole

@Suite("Sending and receiving")
struct SendReceiveTests {
    @Test(
        "a stream on one wormhole receives what another wormhole on the same directory sends",
        arguments: DirectoryStrategy.allCases)
    func twoWormholes(strategy: DirectoryStrategy) async throws {
        try await withDirectory { directory in
            let sender = try makeWormhole(directory, strategy: strategy.type)
            let receiver = try makeWormhole(directory, strategy: strategy.type)
            let stream = try await receiver.messages(Counter.self, for: "counter")
            let first = try await sender.send(Counter(count: 1), to: "counter")
            #expect(first == 1)
            let deliveries = try await stream.first(1)
            #expect(deliveries.first?.message == Counter(count: 1))
            #expect(deliveries.first?.identifier == "counter")
            #expect(deliveries.first?.sequence == 1)
            #expect(deliveries.first?.missedCount == 0)
            #expect(try await receiver.message(Counter.self, for: "counter") == Counter(count: 1))
        }
    }
}
