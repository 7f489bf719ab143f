import Foundation
import Testing

@testable import ClerkKit

/// The daily throttle's keys, window and stored form.
@Suite struct TelemetryThrottleTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    @available(OS2023, *)
    static let event = TelemetryWireEvent(
        event: "METHOD_INVOKED", it: "development", sdk: "clerk-ios", sdkv: "1.4.1", pk: "pk_test_abc",
        payload: ["method": .string("signIn"), "nested": .object(["b": .number(2), "a": .null])])

    @available(OS2023, *)
    @Test func theKeyIsAHashOfEveryField() {
        let key = TelemetryThrottle.key(for: Self.event)
        #expect(key.count == 64 && key.allSatisfy { "0123456789abcdef".contains($0) })
        #expect(TelemetryThrottle.key(for: Self.event) == key)
        #expect(
            Self.event.stableDescription
                == #"event:METHOD_INVOKED|it:development|payload:{"method":"signIn","nested":{"a":null,"b":2}}|"#
                + "pk:pk_test_abc|sdk:clerk-ios|sdkv:1.4.1")
        let variants: [(inout TelemetryWireEvent) -> Void] = [
            { $0.event = "VIEW_DID_APPEAR" }, { $0.it = "production" }, { $0.sdk = "other" }, { $0.sdkv = "1.4.2" },
            { $0.pk = nil }, { $0.payload["method"] = .string("signUp") }, { $0.payload["extra"] = .bool(false) },
        ]
        var keys: Set<String> = [key]
        for change in variants {
            var changed = Self.event
            change(&changed)
            keys.insert(TelemetryThrottle.key(for: changed))
        }
        #expect(keys.count == variants.count + 1)
    }

    @available(OS2023, *)
    @Test func anEventIsThrottledForTheWindow() {
        var throttle = TelemetryThrottle()
        #expect(!throttle.isThrottled("k", now: Self.start))
        throttle.remember("k", now: Self.start)
        #expect(throttle.isThrottled("k", now: Self.start))
        #expect(throttle.isThrottled("k", now: Self.start.addingTimeInterval(86_400)))
        #expect(!throttle.isThrottled("k", now: Self.start.addingTimeInterval(86_400.5)))
        #expect(!throttle.isThrottled("other", now: Self.start))
        throttle.remember("later", now: Self.start.addingTimeInterval(86_401))
        #expect(throttle.lastKept.keys.sorted() == ["later"])
    }

    @available(OS2023, *)
    @Test func theStoredCacheHoldsHashesAndTimesOnly() throws {
        var throttle = TelemetryThrottle()
        let key = TelemetryThrottle.key(for: Self.event)
        throttle.remember(key, now: Self.start)
        let stored = throttle.stored
        #expect(String(decoding: stored, as: UTF8.self) == #"{"\#(key)":1800000000}"#)
        let text = String(decoding: stored, as: UTF8.self)
        for plain in ["signIn", "pk_test_abc", "METHOD_INVOKED"] { #expect(!text.contains(plain)) }
        #expect(TelemetryThrottle(stored: stored, now: Self.start.addingTimeInterval(5)) == throttle)
        #expect(TelemetryThrottle(stored: stored, now: Self.start.addingTimeInterval(90_000)).lastKept.isEmpty)
        for corrupt in [Data("nope".utf8), Data(#"{"k":"x"}"#.utf8), Data("[1]".utf8)] {
            #expect(TelemetryThrottle(stored: corrupt, now: Self.start).lastKept.isEmpty)
        }
        #expect(TelemetryThrottle(stored: nil, now: Self.start).lastKept.isEmpty)
        #expect(TelemetryThrottle.storeKey == "clerk_telemetry_throttler")
    }
}
