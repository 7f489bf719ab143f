public import Foundation

/// A Frontend API object that reads and writes its wire JSON (snake_case keys, millisecond timestamps): for
/// fixtures, previews, emulators and caches.
public protocol ClerkModel: Codable, Sendable, Hashable {}

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

extension Client: ClerkModel {}
extension Session: ClerkModel {}
extension User: ClerkModel {}
extension SignIn: ClerkModel {}
extension SignUp: ClerkModel {}
extension ClerkEnvironment: ClerkModel {}
extension EmailAddress: ClerkModel {}
extension PhoneNumber: ClerkModel {}
extension Verification: ClerkModel {}
extension Organization: ClerkModel {}
extension OrganizationMembership: ClerkModel {}
extension Token: ClerkModel {}
extension DeletedObject: ClerkModel {}
extension PaginatedList: ClerkModel {}
