/// An uploaded image (`POST /v1/me/profile_image`): its id, file name and public URL.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public struct ImageResource: Codable, Sendable, Hashable, Identifiable {
    /// The image id.
    public var id: String
    /// The file name as stored.
    public var name: String?
    /// Where the image can be fetched.
    public var publicUrl: String?

    enum CodingKeys: String, CodingKey {
        case id, name
        case publicUrl = "public_url"
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension ImageResource: ClerkModel {}
