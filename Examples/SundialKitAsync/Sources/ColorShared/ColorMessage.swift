import Foundation
import SundialKitStream

/// A color, sent between the iPhone and the Watch.
public struct ColorMessage: Messagable, Equatable {
    /// The key that names this type on the wire.
    public static let key = "color"

    /// The decoder both sides use: it knows every message type of the app.
    public static let decoder = MessageDecoder(messagableTypes: [ColorMessage.self])

    /// Red, green and blue, from 0 to 1.
    public var red, green, blue: Double

    /// Creates a color.
    public init(red: Double, green: Double, blue: Double) {
        (self.red, self.green, self.blue) = (red, green, blue)
    }

    /// The opposite color: what the Watch answers with.
    public var complement: ColorMessage {
        ColorMessage(red: 1 - red, green: 1 - green, blue: 1 - blue)
    }

    /// Decodes the parameters that ``parameters()`` made.
    public init(from parameters: [String: any Sendable]) throws {
        guard let red = parameters["red"] as? Double, let green = parameters["green"] as? Double,
            let blue = parameters["blue"] as? Double
        else { throw SerializationError.missingField("red, green or blue") }
        self.init(red: red, green: green, blue: blue)
    }

    /// The color as property-list values.
    public func parameters() -> [String: any Sendable] {
        ["red": red, "green": green, "blue": blue]
    }
}

extension ColorMessage: CustomStringConvertible {
    /// `rgb(1.00, 0.50, 0.00)`.
    public var description: String {
        func part(_ value: Double) -> String { String(format: "%.2f", value) }
        return "rgb(\(part(red)), \(part(green)), \(part(blue)))"
    }
}
