package import Foundation

/// Turns an `NSNumber` that WatchConnectivity (or any Objective-C API) hands over into the Swift value it holds.
///
/// A cast such as `value as? Bool` succeeds for every `NSNumber` 0 or 1, so an `Int` 1 or a `Double` 1.0 would
/// arrive as `true`. The kind is decided instead by the number's identity (a Boolean is one of the two
/// `CFBoolean` singletons) and its Objective-C type encoding.
package enum NumberBridging {
    /// The Swift type an `NSNumber` stands for.
    package enum Kind: Equatable, Sendable {
        /// A Boolean (`CFBoolean`).
        case bool
        /// A signed integer of any width.
        case signed
        /// An unsigned integer of any width.
        case unsigned
        /// A `Float` or a `Double`.
        case floatingPoint
    }

    /// The kind of number with this type encoding (`objCType`) and Boolean identity.
    package static func kind(objCType: String, isBoolean: Bool) -> Kind {
        if isBoolean { return .bool }
        switch objCType {
        case "c", "s", "i", "l", "q": return .signed
        case "C", "S", "I", "L", "Q": return .unsigned
        case "B": return .bool
        default: return .floatingPoint
        }
    }

    /// Whether `number` is one of the two Boolean singletons (`kCFBooleanTrue`, `kCFBooleanFalse`).
    package static func isBoolean(_ number: NSNumber) -> Bool {
        number === NSNumber(value: true) || number === NSNumber(value: false)
    }

    /// The Swift value `number` holds: `Bool`, `Int` (or `UInt64` past `Int.max`, `Int64` below `Int.min` on
    /// 32-bit systems), or `Double`.
    package static func value(of number: NSNumber) -> any Sendable {
        let kind = kind(objCType: String(cString: number.objCType), isBoolean: isBoolean(number))
        switch kind {
        case .bool:
            return number.boolValue
        case .signed:
            let value = number.int64Value
            return Int(exactly: value).map { $0 as any Sendable } ?? value
        case .unsigned:
            let value = number.uint64Value
            return Int(exactly: value).map { $0 as any Sendable } ?? value
        case .floatingPoint:
            return number.doubleValue
        }
    }

    /// The `NSNumber` object `value` is, if it is one (not a Swift number that could be bridged to one).
    package static func object(_ value: Any) -> NSNumber? {
        guard type(of: value) is NSNumber.Type else { return nil }
        return value as? NSNumber
    }
}
