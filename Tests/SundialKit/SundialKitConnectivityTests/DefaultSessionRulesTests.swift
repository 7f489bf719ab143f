import Foundation
import SundialKitTesting
import Testing

@testable import SundialKitConnectivity

/// The decisions the WatchConnectivity adapter delegates to cross-platform code.
@Suite("Rules of the device's session")
struct DefaultSessionRulesTests {
    @available(OS2022, *)
    private final class Owner {}

    @Test("A second owner of the one-delegate session is refused with sessionInUse, until the first lets go")
    @available(OS2022, *)
    func secondOwnerRefused() throws {
        let claim = ExclusiveClaim()
        let first = Owner()
        let second = Owner()
        try claim.claim(for: first)
        try claim.claim(for: first)
        #expect(throws: ConnectivityError.sessionInUse) { try claim.claim(for: second) }
        claim.release(from: second)
        #expect(claim.isHeld)
        claim.release(from: first)
        try claim.claim(for: second)
        #expect(throws: ConnectivityError.sessionInUse) { try claim.claim(for: first) }
    }

    @Test("A deallocated owner frees the claim")
    @available(OS2022, *)
    func deallocatedOwnerFreesClaim() throws {
        let claim = ExclusiveClaim()
        do {
            let first = Owner()
            try claim.claim(for: first)
        }
        #expect(!claim.isHeld)
        try claim.claim(for: Owner())
    }

    @Test("A manager whose session is taken reports sessionInUse from activate()")
    @available(OS2022, *)
    func managerReportsSessionInUse() async {
        let pair = PairedSessions()
        pair.setActivationBehavior(.fails(.sessionInUse), for: .phone)
        let manager = ConnectivityManager(session: pair.phone)
        await #expect(throws: ConnectivityError.sessionInUse) { try await manager.activate(timeout: .seconds(60)) }
    }

    @Test(
        "Every WCError code maps to its typed error",
        arguments: [
            (7001, ConnectivityError.genericErrorCode(7001)), (7002, .sessionNotSupported),
            (7003, .sessionMissingDelegate),
            (7004, .sessionNotActivated), (7005, .deviceNotPaired), (7006, .companionAppNotInstalled),
            (7007, .notReachable), (7008, .invalidParameter("why")), (7009, .payloadTooLarge(size: -1, limit: 65_536)),
            (7010, .payloadUnsupportedTypes("why")), (7011, .messageReplyFailed), (7012, .messageReplyTimedOut),
            (7013, .fileAccessDenied), (7014, .deliveryFailed), (7015, .insufficientSpace), (7016, .sessionInactive),
            (7017, .transferTimedOut), (7018, .companionAppNotInstalled), (7019, .watchOnlyApp),
            (7100, .genericErrorCode(7100)),
        ])
    @available(OS2022, *)
    func errorCodes(code: Int, expected: ConnectivityError) {
        #expect(
            WatchConnectivityErrorCode.connectivityError(code: code, description: "why", payloadLimit: 65_536)
                == expected)
    }

    @Test("An error that is not a WCError is a delivery failure")
    @available(OS2022, *)
    func foreignError() {
        #expect(
            WatchConnectivityErrorCode.connectivityError(code: nil, description: "x", payloadLimit: 1)
                == .deliveryFailed)
    }
}

@Suite("SendOptions reply timeout")
struct SendOptionsTimeoutTests {
    @Test("The reply timeout is 10 seconds by default and reads the same as a Duration and in seconds")
    @available(OS2022, *)
    func replyTimeout() {
        var options = SendOptions()
        #expect(options.replyTimeout == .seconds(10))
        #expect(options.replyTimeoutInterval == 10)
        options.replyTimeoutInterval = 0.25
        #expect(options.replyTimeout == .milliseconds(250))
        #expect(SendOptions(replyTimeout: .seconds(3)).replyTimeoutInterval == 3)
        options.replyTimeoutInterval = -1
        #expect(options.replyTimeout == .zero)
    }
}
