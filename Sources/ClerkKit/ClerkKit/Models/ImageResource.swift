/// An uploaded image (`POST /v1/me/profile_image`): its id, file name and public URL.
@available(OS2023, *)
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

@available(OS2023, *)
extension ImageResource: ClerkModel {}
