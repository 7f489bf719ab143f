// The message types of the connectivity specification ("Message-Based Communication"), verbatim except where a
// comment says otherwise. The README uses the same ColorMessage.
public import Foundation
public import SundialKitConnectivity
public import SundialKitProtobufExample
import SwiftProtobuf

// MARK: Type-Safe Dictionary Messages

struct ColorMessage: Messagable {
    static let key = "color"  // Identifier for this message type

    let red: Double
    let green: Double
    let blue: Double

    init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    init(from parameters: [String: any Sendable]) throws {
        guard let red = parameters["red"] as? Double,
            let green = parameters["green"] as? Double,
            let blue = parameters["blue"] as? Double
        else {
            throw SerializationError.missingField("color components")
        }
        self.red = red
        self.green = green
        self.blue = blue
    }

    func parameters() -> [String: any Sendable] {
        ["red": red, "green": green, "blue": blue]
    }
}

// MARK: Binary Serialization with Protobuf

/// The specification's `UserProfile` stands for a type generated from the user's `.proto` file; here it is the
/// example schema's (`Sources/SundialKit/Protobuf/Example/sundial_example.proto`), so its default key is
/// `Sundial_Example_UserProfile`.
typealias UserProfile = Sundial_Example_UserProfile

// Define your .proto file, then extend the generated type
extension UserProfile: BinaryMessagable {
    // key defaults to "UserProfile" (type name)

    /// Decodes the profile from its Protobuf bytes.
    public init(from data: Data) throws {
        // Adapted: `init(serializedData:)` is deprecated in SwiftProtobuf 1.39.
        try self.init(serializedBytes: data)  // SwiftProtobuf decoder
    }

    /// The profile's Protobuf bytes.
    public func encode() throws -> Data {
        try serializedData()  // SwiftProtobuf encoder
    }

    // init(from parameters:) and parameters() auto-implemented!
}

// MARK: Custom binary format

struct TemperatureReading: BinaryMessagable {
    let celsius: Float
    let timestamp: UInt64

    init(celsius: Float, timestamp: UInt64) {
        self.celsius = celsius
        self.timestamp = timestamp
    }

    /// Decodes a reading from its 12 bytes.
    public init(from data: Data) throws {
        guard data.count == 12 else {  // 4 + 8 bytes
            // Adapted: SundialKit's `invalidDataSize` says which size it expected and got.
            throw SerializationError.invalidDataSize(expected: 12, actual: data.count)
        }
        // Adapted: `loadUnaligned`, because `load(as:)` traps when the bytes are not aligned for the type (the
        // `UInt64` at offset 4 never is, and `Data` makes no promise about the first).
        celsius = data.withUnsafeBytes { $0.loadUnaligned(as: Float.self) }
        timestamp = data.dropFirst(4).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    }

    /// The reading's 12 bytes.
    public func encode() throws -> Data {
        var data = Data()
        withUnsafeBytes(of: celsius) { data.append(contentsOf: $0) }
        withUnsafeBytes(of: timestamp) { data.append(contentsOf: $0) }
        return data
    }
}
