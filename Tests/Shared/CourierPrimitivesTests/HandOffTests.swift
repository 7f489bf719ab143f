import CourierPrimitives
import CourierTestSupport
import Testing

@Suite("Hand-off")
struct HandOffTests {
    @Test("The first value delivered reaches the waiter, whether it waited before or after; later ones are dropped")
    @available(OS2022, *)
    func firstValueWins() async throws {
        let early = HandOff<Int>()
        early.deliver(1)
        early.deliver(2)
        #expect(await early.value() == 1)

        let late = HandOff<Int>()
        let waiter = Task { await late.value() }
        late.deliver(3)
        late.deliver(4)
        #expect(try await withTimeout(.seconds(10)) { await waiter.value } == 3)
    }

    @Test("Racing deliveries resume the waiter exactly once, with one of the values")
    @available(OS2022, *)
    func racingDeliveries() async throws {
        for _ in 0..<200 {
            let handOff = HandOff<Int>()
            async let received = handOff.value()
            await withTaskGroup(of: Void.self) { group in
                for value in 0..<4 { group.addTask { handOff.deliver(value) } }
            }
            #expect((0..<4).contains(await received))
        }
    }
}
