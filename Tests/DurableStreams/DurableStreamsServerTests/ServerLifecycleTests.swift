import DurableStreamsServer
import Testing

@Suite("The server's lifecycle state machine")
struct ServerLifecycleTests {
    @Test("idle → starting → running → stopping → stopped, once")
    @available(OS2023, *)
    func happyPath() {
        var lifecycle = ServerLifecycle<Int>()
        #expect(lifecycle.running == nil)
        let step1 = lifecycle.startRequested()
        #expect(step1)
        let step2 = lifecycle.startRequested()
        #expect(!step2, "a second start while starting is refused")
        let step3 = lifecycle.started(7)
        #expect(step3 == .serve)
        #expect(lifecycle.running == 7)
        let step4 = lifecycle.startRequested()
        #expect(!step4, "a running server is not started again")
        let step5 = lifecycle.stopRequested()
        #expect(step5 == 7)
        #expect(lifecycle.running == nil)
        let step6 = lifecycle.stopRequested()
        #expect(step6 == nil, "a second stop while stopping does nothing")
        lifecycle.stopped()
        #expect(lifecycle.isStopped)
        let step7 = lifecycle.stopRequested()
        #expect(step7 == nil)
        let step8 = lifecycle.startRequested()
        #expect(!step8, "a stopped server is not started again")
    }

    @Test("A failed start returns to idle, so the server may be started again")
    @available(OS2023, *)
    func failedStart() {
        var lifecycle = ServerLifecycle<Int>()
        let step9 = lifecycle.startRequested()
        #expect(step9)
        lifecycle.startFailed()
        #expect(lifecycle.running == nil)
        #expect(!lifecycle.isStopped)
        let step10 = lifecycle.startRequested()
        #expect(step10)
        let step11 = lifecycle.started(1)
        #expect(step11 == .serve)
    }

    @Test("A stop asked for while starting stops the server once it has started")
    @available(OS2023, *)
    func stopWhileStarting() {
        var lifecycle = ServerLifecycle<Int>()
        let step12 = lifecycle.startRequested()
        #expect(step12)
        let step13 = lifecycle.stopRequested()
        #expect(step13 == nil)
        let step14 = lifecycle.started(3)
        #expect(step14 == .stop)
        #expect(lifecycle.running == 3)
        lifecycle.stopped()
        #expect(lifecycle.isStopped)
    }

    @Test("Stopping a server never started does nothing; a failed start forgets an earlier stop")
    @available(OS2023, *)
    func stopBeforeStart() {
        var lifecycle = ServerLifecycle<Int>()
        let step15 = lifecycle.stopRequested()
        #expect(step15 == nil)
        #expect(!lifecycle.isStopped)
        let step16 = lifecycle.startRequested()
        #expect(step16)
        let step17 = lifecycle.stopRequested()
        #expect(step17 == nil)
        lifecycle.startFailed()
        let step18 = lifecycle.startRequested()
        #expect(step18)
        let step19 = lifecycle.started(5)
        #expect(step19 == .serve)
    }
}
