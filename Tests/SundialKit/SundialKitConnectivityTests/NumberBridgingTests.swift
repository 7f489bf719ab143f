import Foundation
import Testing

@testable import SundialKitConnectivity

@Suite("NSNumber bridging of received dictionaries")
struct NumberBridgingTests {
    /// What WatchConnectivity hands over: Objective-C numbers, as `Any`.
    @available(OS2022, *)
    private func received(_ value: NSNumber) -> (any Sendable)? {
        let dictionary: [String: Any] = ["value": value]
        return PropertyListValue.sendableDictionary(dictionary)["value"]
    }

    @Test("An integer 0 or 1 stays an Int, not a Bool")
    @available(OS2022, *)
    func integersStayIntegers() {
        for number in [NSNumber(value: 1), NSNumber(value: 0), NSNumber(value: Int8(1)), NSNumber(value: Int64(1))] {
            let value = received(number)
            #expect(value is Int, "\(number) became \(type(of: value))")
            #expect(!(value is Bool))
        }
        #expect(received(NSNumber(value: 1)) as? Int == 1)
        #expect(received(NSNumber(value: Int16(-7))) as? Int == -7)
    }

    @Test("A Double 1.0 stays a Double; a Float becomes a Double")
    @available(OS2022, *)
    func floatingPointStaysFloatingPoint() {
        let one = received(NSNumber(value: 1.0))
        #expect(one is Double)
        #expect(one as? Double == 1.0)
        #expect(received(NSNumber(value: Float(1.5))) as? Double == 1.5)
        #expect(received(NSNumber(value: 0.0)) is Double)
    }

    @Test("Booleans are told apart by identity")
    @available(OS2022, *)
    func booleans() {
        #expect(received(NSNumber(value: true)) as? Bool == true)
        #expect(received(NSNumber(value: false)) as? Bool == false)
        #expect(NumberBridging.isBoolean(NSNumber(value: true)))
        #expect(!NumberBridging.isBoolean(NSNumber(value: 1)))
        #expect(!NumberBridging.isBoolean(NSNumber(value: Int8(1))))
    }

    @Test("Unsigned values past Int.max keep their value")
    @available(OS2022, *)
    func largeUnsigned() {
        #expect(received(NSNumber(value: UInt64.max)) as? UInt64 == UInt64.max)
        #expect(received(NSNumber(value: UInt32.max)) as? Int == Int(UInt32.max))
    }

    @Test("Swift values are not reinterpreted")
    @available(OS2022, *)
    func swiftValues() {
        let dictionary: [String: Any] = ["int": 1, "bool": true, "double": 1.0, "nested": ["int": 0]]
        let result = PropertyListValue.sendableDictionary(dictionary)
        #expect(result["int"] as? Int == 1)
        #expect(!(result["int"] is Bool))
        #expect(result["bool"] as? Bool == true)
        #expect(result["double"] is Double)
        #expect((result["nested"] as? [String: any Sendable])?["int"] is Int)
    }

    @Test(
        "Every Objective-C number encoding maps to one kind",
        arguments: [
            ("c", NumberBridging.Kind.signed), ("s", .signed), ("i", .signed), ("l", .signed), ("q", .signed),
            ("C", .unsigned), ("S", .unsigned), ("I", .unsigned), ("L", .unsigned), ("Q", .unsigned),
            ("B", .bool), ("f", .floatingPoint), ("d", .floatingPoint),
        ])
    @available(OS2022, *)
    func encodings(objCType: String, kind: NumberBridging.Kind) {
        #expect(NumberBridging.kind(objCType: objCType, isBoolean: false) == kind)
        #expect(NumberBridging.kind(objCType: objCType, isBoolean: true) == .bool)
    }
}
