public import Foundation

/// A Frontend API object that reads and writes its wire JSON (snake_case keys, millisecond timestamps): for
/// fixtures, previews, emulators and caches.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public protocol ClerkModel: Codable, Sendable, Hashable {}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension ClerkModel {
    /// Decodes the object from Frontend API JSON; throws ``ClerkError/Code/decoding``.
    public init(jsonData: Data) throws(ClerkError) {
        do {
            self = try ClerkJSON.decoder().decode(Self.self, from: jsonData)
        } catch {
            throw ClerkError(
                .decoding, "The \(Self.self) JSON could not be decoded.", underlying: DecodingFailure(error))
        }
    }

    /// The object as Frontend API JSON (keys sorted; `nil` fields left out); throws ``ClerkError/Code/encoding``.
    public func jsonData() throws(ClerkError) -> Data {
        do {
            return try ClerkJSON.encoder().encode(self)
        } catch {
            throw ClerkError(.encoding, "The \(Self.self) could not be encoded.", underlying: error)
        }
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension Client: ClerkModel {}
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension Session: ClerkModel {}
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension User: ClerkModel {}
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension SignIn: ClerkModel {}
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension SignUp: ClerkModel {}
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension ClerkEnvironment: ClerkModel {}
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension EmailAddress: ClerkModel {}
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension PhoneNumber: ClerkModel {}
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension Verification: ClerkModel {}
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension Organization: ClerkModel {}
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension OrganizationMembership: ClerkModel {}
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension Token: ClerkModel {}
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension DeletedObject: ClerkModel {}
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension PaginatedList: ClerkModel {}
