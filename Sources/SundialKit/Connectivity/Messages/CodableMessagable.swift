public import Foundation

/// A `Codable` message: conform and you are done.
///
/// The default encoding is a binary property list (compact, keeps `Data` and `Date` as they are). It
/// travels like any ``BinaryMessagable``: over `.data` with a type footer, or as `__data` inside a
/// dictionary. Override `encode()` and `init(from data: Data)` to use
/// another format.
///
/// ```swift
/// struct Workout: CodableMessagable {
///     static let key = "workout"
///     var name: String
///     var heartRates: [Int]
/// }
/// ```
public protocol CodableMessagable: BinaryMessagable, Codable {}

extension CodableMessagable {
    /// Decodes the message from a binary property list.
    public init(from data: Data) throws {
        self = try PropertyListDecoder().decode(Self.self, from: data)
    }

    /// Encodes the message as a binary property list.
    public func encode() throws -> Data {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        return try encoder.encode(self)
    }
}
