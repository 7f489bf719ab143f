import ClerkKitTesting
import Foundation
import Testing

/// The emulator's own checks of an image upload, reached by multipart bodies sent as they are (ClerkKit checks
/// the same things before sending, so its requests never get here).
@Suite("Image uploads over HTTP")
struct ImageUploadTests {
    static let boundary = "courier-upload-boundary"
    static let contentType = "multipart/form-data; boundary=\(boundary)"

    /// A multipart body with one part named `name`.
    @available(OS2023, *)
    static func multipart(name: String = "file", type: String, bytes: Data) -> Data {
        var body = Data("--\(boundary)\r\n".utf8)
        body.append(Data("Content-Disposition: form-data; name=\"\(name)\"; filename=\"upload\"\r\n".utf8))
        body.append(Data("Content-Type: \(type)\r\n\r\n".utf8))
        body.append(bytes)
        body.append(Data("\r\n--\(boundary)--\r\n".utf8))
        return body
    }

    @available(OS2023, *)
    private func signedIn(_ client: FAPIClient) async throws {
        let reply = try await client.post(
            "/v1/client/sign_ins", [("identifier", "ada@example.com"), ("password", Fixtures.password)])
        #expect(reply.json["response"]["status"].string == "complete")
    }

    @Test("A JPEG is accepted; oversized, non-image and file-less uploads are refused and change nothing")
    @available(OS2023, *)
    func profileImageChecks() async throws {
        try await withEmulator { emulator, client in
            _ = try await emulator.createUser(emailAddress: "ada@example.com", password: Fixtures.password)
            try await signedIn(client)
            let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0])

            let oversized = try await client.upload(
                "/v1/me/profile_image",
                body: Self.multipart(type: "image/jpeg", bytes: jpeg + Data(count: 10 << 20)),
                contentType: Self.contentType)
            #expect(oversized.status == 422)
            #expect(oversized.errorCode == "image_too_large")
            #expect(oversized.json["errors"][0]["meta"]["param_name"].string == "file")

            let text = try await client.upload(
                "/v1/me/profile_image", body: Self.multipart(type: "text/plain", bytes: Data("hello".utf8)),
                contentType: Self.contentType)
            #expect(text.status == 422)
            #expect(text.errorCode == "image_not_supported")
            let disguised = try await client.upload(
                "/v1/me/profile_image", body: Self.multipart(type: "image/png", bytes: jpeg),
                contentType: Self.contentType)
            #expect(disguised.errorCode == "image_not_supported")  // the bytes are not a PNG

            let noFile = try await client.upload(
                "/v1/me/profile_image", body: Self.multipart(name: "image", type: "image/jpeg", bytes: jpeg),
                contentType: Self.contentType)
            #expect(noFile.status == 400)
            #expect(noFile.errorCode == "malformed_request_body")
            let formOnly = try await client.post("/v1/me/profile_image", [("file", "not-a-file")])
            #expect(formOnly.status == 422)
            #expect(formOnly.errorCode == "form_param_missing")

            var me = try await client.get("/v1/me")
            #expect(me.json["response"]["has_image"].bool == false)
            let accepted = try await client.upload(
                "/v1/me/profile_image", body: Self.multipart(type: "image/jpeg", bytes: jpeg + Data("pixels".utf8)),
                contentType: Self.contentType)
            #expect(accepted.status == 200)
            #expect(accepted.json["response"]["object"].string == "image")
            me = try await client.get("/v1/me")
            #expect(me.json["response"]["has_image"].bool == true)
        }
    }
}
