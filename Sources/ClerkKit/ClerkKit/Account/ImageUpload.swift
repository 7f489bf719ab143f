import Foundation

/// Checks an image before it is uploaded: not empty, within the limit, of an accepted type whose bytes match.
@available(OS2023, *)
enum ImageUpload {
    /// The types the Frontend API accepts for profile images and logos, with their leading bytes.
    static let signatures: [String: [UInt8]] = [
        "image/jpeg": [0xFF, 0xD8, 0xFF],
        "image/png": [0x89, 0x50, 0x4E, 0x47],
        "image/gif": [0x47, 0x49, 0x46, 0x38],
        "image/webp": [0x52, 0x49, 0x46, 0x46],
    ]

    /// Throws ``ClerkError/Code/encoding`` when `image` cannot be sent as `contentType`.
    static func check(_ image: Data, contentType: String, limit: Int) throws(ClerkError) {
        guard let signature = signatures[contentType.lowercased()] else {
            throw ClerkError(.encoding, "Images must be JPEG, PNG, GIF or WebP, not \(contentType).")
        }
        guard !image.isEmpty else { throw ClerkError(.encoding, "The image is empty.") }
        guard image.count <= limit else {
            throw ClerkError(.encoding, "The image is \(image.count) bytes; the limit is \(limit).")
        }
        guard image.starts(with: signature) else {
            throw ClerkError(.encoding, "The bytes are not a \(contentType) image.")
        }
    }
}
