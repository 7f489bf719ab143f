import Foundation

/// Property-list checks for outgoing payloads: conversion from `[String: Any]`, type validation, and the
/// encoded size.
package enum PropertyListValue {
    /// Converts an untyped dictionary (1.x parameters, or what WatchConnectivity hands over) into a
    /// `Sendable` one. Values that are not property-list values become markers that fail validation.
    package static func sendableDictionary(_ dictionary: [String: Any]) -> [String: any Sendable] {
        var result: [String: any Sendable] = [:]
        result.reserveCapacity(dictionary.count)
        for (key, value) in dictionary {
            result[key] = sendable(value)
        }
        return result
    }

    /// The same dictionary, typed `[String: any Sendable]`, with every value as it is (1.x's values, a `UUID`
    /// or a struct, pass through untouched; sending checks them).
    ///
    /// `Sendable` is a marker protocol with no run-time representation, so `[String: Any]` and
    /// `[String: any Sendable]` are one type at run time: this reinterprets the dictionary without copying.
    package static func passingThrough(_ dictionary: [String: Any]) -> [String: any Sendable] {
        unsafeBitCast(dictionary, to: [String: any Sendable].self)
    }

    /// Converts one untyped value; see ``sendableDictionary(_:)``.
    package static func sendable(_ value: Any) -> any Sendable {
        // An `NSNumber` would match `Bool` below when it is 0 or 1; its own encoding decides what it is.
        if let number = NumberBridging.object(value) {
            return NumberBridging.value(of: number)
        }
        return switch value {
        case let value as String: value
        case let value as Bool: value
        case let value as Int: value
        case let value as Double: value
        case let value as Data: value
        case let value as Date: value
        case let value as Int64: value
        case let value as UInt64: value
        case let value as Int32: value
        case let value as UInt32: value
        case let value as Int16: value
        case let value as UInt16: value
        case let value as Int8: value
        case let value as UInt8: value
        case let value as UInt: value
        case let value as Float: value
        case let value as [String: Any]: sendableDictionary(value)
        case let value as [Any]: value.map(sendable)
        default: UnsupportedValueMarker(typeName: String(describing: type(of: value)))
        }
    }

    /// Walks a payload, rejecting anything that is not a property-list value, and returns an upper bound
    /// on the size of its binary property-list encoding.
    package static func validatedSizeBound(of message: ConnectivityMessage) throws(ConnectivityError) -> Int {
        var counter = SizeCounter()
        do throws(SizeCounter.Failure) {
            try counter.visitDictionary(message)
        } catch {
            let path = error.path.reversed().joined(separator: "")
            switch error.kind {
            case .unsupported(let type): throw .payloadUnsupportedTypes("\(path.dropFirst()): \(type)")
            case .encodingFailed(let reason): throw .serialization(.encodingFailed("\(path.dropFirst()): \(reason)"))
            }
        }
        return counter.upperBound
    }

    /// The exact size of the payload's binary property-list encoding, or `nil` if it cannot be encoded.
    package static func encodedSize(of message: ConnectivityMessage) -> Int? {
        try? PropertyListSerialization.data(fromPropertyList: message, format: .binary, options: 0).count
    }

    /// Checks a dictionary payload against WatchConnectivity's size limit.
    ///
    /// The size is that of the payload's binary property-list encoding, the form WatchConnectivity
    /// transmits. A cheap upper bound decides almost every payload; only payloads whose bound exceeds the
    /// limit are encoded to measure them exactly.
    package static func checkSize(of message: ConnectivityMessage, limit: Int) throws(ConnectivityError) {
        let bound = try validatedSizeBound(of: message)
        guard bound > limit else { return }
        guard let size = encodedSize(of: message) else {
            throw .payloadUnsupportedTypes("the payload cannot be encoded as a property list")
        }
        if size > limit {
            throw .payloadTooLarge(size: size, limit: limit)
        }
    }
}

/// Accumulates an upper bound on a binary property list's size (format `bplist00`).
///
/// Each object is counted as written, without the encoder's uniquing of equal strings, numbers, dates and
/// data, which can only make the real encoding smaller.
private struct SizeCounter {
    private var objects = 0
    private var bodyBytes = 0
    private var references = 0

    /// Header, objects with references, offset table and trailer.
    var upperBound: Int {
        let referenceSize = Self.bytesNeeded(for: objects)
        let objectBytes = bodyBytes + references * referenceSize
        let offsetSize = Self.bytesNeeded(for: 8 + objectBytes)
        return 8 + objectBytes + objects * offsetSize + 32
    }

    /// Where and why the walk stopped; the path is collected while unwinding, so the common case
    /// allocates nothing for it.
    struct Failure: Error {
        enum Kind {
            case unsupported(String)
            case encodingFailed(String)
        }

        let kind: Kind
        var path: [String] = []
    }

    mutating func visitDictionary(_ dictionary: [String: any Sendable]) throws(Failure) {
        objects += 1
        bodyBytes += Self.markerSize(count: dictionary.count)
        references += 2 * dictionary.count
        for (key, value) in dictionary {
            countString(key)
            do {
                try visit(value)
            } catch {
                var failure = error
                failure.path.append("." + key)
                throw failure
            }
        }
    }

    private mutating func visit(_ value: any Sendable) throws(Failure) {
        switch value {
        case let value as String:
            countString(value)
        case is Double:
            add(9)
        case is Int:
            add(9)
        case is Bool:
            add(1)
        case let value as Data:
            add(Self.markerSize(count: value.count) + value.count)
        case is Date:
            add(9)
        case let value as [String: any Sendable]:
            try visitDictionary(value)
        case let value as [any Sendable]:
            objects += 1
            bodyBytes += Self.markerSize(count: value.count)
            references += value.count
            for (index, element) in value.enumerated() {
                do {
                    try visit(element)
                } catch {
                    var failure = error
                    failure.path.append("[\(index)]")
                    throw failure
                }
            }
        case is Int64, is Int32, is Int16, is Int8, is UInt32, is UInt16, is UInt8, is Float:
            add(9)
        case is UInt, is UInt64:
            add(17)
        case let marker as EncodingFailureMarker:
            throw Failure(kind: .encodingFailed(marker.reason))
        case let marker as UnsupportedValueMarker:
            throw Failure(kind: .unsupported(marker.typeName))
        default:
            throw Failure(kind: .unsupported(String(describing: type(of: value))))
        }
    }

    private mutating func add(_ bytes: Int) {
        objects += 1
        bodyBytes += bytes
    }

    private mutating func countString(_ string: String) {
        let utf8 = string.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            add(Self.markerSize(count: utf8.count) + utf8.count)
        } else {
            let units = string.utf16.count
            add(Self.markerSize(count: units) + 2 * units)
        }
    }

    /// A marker byte, followed by an integer object when the count does not fit in its low nibble.
    private static func markerSize(count: Int) -> Int {
        count < 15 ? 1 : 1 + 1 + bytesNeeded(for: count)
    }

    private static func bytesNeeded(for value: Int) -> Int {
        switch value {
        case ..<0x100: 1
        case ..<0x1_0000: 2
        case ..<0x1_0000_0000: 4
        default: 8
        }
    }
}
