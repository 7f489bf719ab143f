import Foundation

/// A `multipart/form-data` body with one file part, as the Frontend API reads image uploads (field `file`).
@available(OS2023, *)
struct MultipartBody: Sendable {
    /// `multipart/form-data; boundary=…`.
    let contentType: String
    /// The encoded parts.
    let data: Data

    /// One part named `field`, holding `file` with `fileType` (for example `image/png`); the boundary and the
    /// file name are UUIDs from `randomness`.
    init(field: String = "file", file: Data, fileType: String, randomness: any ClerkRandomness) {
        let boundary = randomness.uuid().uuidString
        contentType = "multipart/form-data; boundary=\(boundary)"
        let fileName = randomness.uuid().uuidString.lowercased()
        var data = Data("--\(boundary)\r\n".utf8)
        data.append(Data("Content-Disposition: form-data; name=\"\(field)\"; filename=\"\(fileName)\"\r\n".utf8))
        data.append(Data("Content-Type: \(fileType)\r\n\r\n".utf8))
        data.append(file)
        data.append(Data("\r\n--\(boundary)--\r\n".utf8))
        self.data = data
    }
}
