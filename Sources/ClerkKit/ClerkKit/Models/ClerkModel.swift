public import Foundation

/// A Frontend API object that reads and writes its wire JSON (snake_case keys, millisecond timestamps): for
/// fixtures, previews, emulators and caches.
@available(OS2023, *)
public protocol ClerkModel: Codable, Sendable, Hashable {}

@available(OS2023, *)
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

@available(OS2023, *)
extension Client: ClerkModel {}
@available(OS2023, *)
extension Session: ClerkModel {}
@available(OS2023, *)
extension User: ClerkModel {}
@available(OS2023, *)
extension SignIn: ClerkModel {}
@available(OS2023, *)
extension SignUp: ClerkModel {}
@available(OS2023, *)
extension ClerkEnvironment: ClerkModel {}
@available(OS2023, *)
extension EmailAddress: ClerkModel {}
@available(OS2023, *)
extension PhoneNumber: ClerkModel {}
@available(OS2023, *)
extension Verification: ClerkModel {}
@available(OS2023, *)
extension Organization: ClerkModel {}
@available(OS2023, *)
extension OrganizationMembership: ClerkModel {}
@available(OS2023, *)
extension Token: ClerkModel {}
@available(OS2023, *)
extension DeletedObject: ClerkModel {}
@available(OS2023, *)
extension PaginatedList: ClerkModel {}
