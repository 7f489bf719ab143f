public import ClerkKit
public import Foundation

/// How a user is shown in a button, a menu row or a profile header: a name, initials for when there is no
/// picture, the picture's URL, and the accessibility label.
@available(OS2023, *)
public struct UserDisplay: Hashable, Sendable {
    /// The full name, else the username, else the primary identifier.
    public var name: String
    /// Up to two letters: the initials of the first and last names, else the first letter of ``name``.
    public var initials: String
    /// The primary email address, else phone number, else username (shown under the name).
    public var identifier: String?
    /// The profile picture, when the user has one.
    public var imageURL: URL?

    /// How `user` is shown.
    public init(user: User) {
        let names = [user.firstName, user.lastName].compactMap { $0?.trimmedForInput }.filter { !$0.isEmpty }
        let identifier =
            user.primaryEmailAddress?.emailAddress ?? user.primaryPhoneNumber?.phoneNumber ?? user.username
        self.identifier = identifier
        name = names.isEmpty ? (user.username ?? identifier ?? "") : names.joined(separator: " ")
        let letters = names.count >= 2 ? names.prefix(2).compactMap(\.first) : Array(name.prefix(1))
        initials = String(letters).uppercased()
        imageURL = (user.hasImage ?? (user.imageUrl != nil)) ? user.imageUrl.flatMap(URL.init(string:)) : nil
    }

    /// How a session's user is shown from its public data (another account in the menu).
    public init(publicUserData data: PublicUserData) {
        let names = [data.firstName, data.lastName].compactMap { $0?.trimmedForInput }.filter { !$0.isEmpty }
        identifier = data.identifier
        name = names.isEmpty ? (data.username ?? data.identifier ?? "") : names.joined(separator: " ")
        let letters = names.count >= 2 ? names.prefix(2).compactMap(\.first) : Array(name.prefix(1))
        initials = String(letters).uppercased()
        imageURL = (data.hasImage ?? (data.imageUrl != nil)) ? data.imageUrl.flatMap(URL.init(string:)) : nil
    }

    /// The accessibility label of the picture or initials.
    public var avatarLabel: UIText { .localized(.profileAvatar, arguments: ["name": name]) }
}
