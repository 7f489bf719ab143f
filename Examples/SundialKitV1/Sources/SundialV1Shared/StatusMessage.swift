import Foundation
import SundialKit

/// A message in SundialKit 1.x's shape: a failable initializer over `[String: Any]?` and `[String: Any]` parameters.
public struct StatusMessage: Messagable {
    /// The key that names this type on the wire.
    public static let key = "status"

    /// The status text.
    public let text: String

    /// Creates a message.
    public init(text: String) {
        self.text = text
    }

    /// Decodes the parameters that ``parameters()`` made, or fails.
    public init?(from parameters: [String: Any]?) {
        guard let text = parameters?["text"] as? String else {
            return nil
        }
        self.text = text
    }

    /// The message's parameters.
    public func parameters() -> [String: Any] {
        ["text": text]
    }
}
