public import Foundation

/// The signed-in user's own account: profile, password, profile image and deletion.
///
/// Each call acts on the current session's user, keeps ``Clerk``'s state in sync with the response (the
/// user in ``Clerk/user`` changes with it), throws only ``ClerkError`` (``ClerkError/Code/notSignedIn`` without
/// a session), and stops when its task is cancelled. A refused call leaves the state as the service reports it,
/// which is the state before the call.
@available(OS2023, *)
@MainActor
public struct Account {
    let clerk: Clerk

    /// The most image bytes ``setProfileImage(_:contentType:)`` sends (10 MiB, the service's limit).
    public static let maximumImageBytes = 10 << 20

    /// Sends `request` for the signed-in user, syncs the state, and decodes the resource.
    func perform<Resource: Decodable & Sendable>(_ request: FAPIRequest, as type: Resource.Type)
        async throws(ClerkError) -> Resource
    {
        guard clerk.session != nil else { throw ClerkError(.notSignedIn, "There is no signed-in session.") }
        return try await clerk.core.fapi.send(request, as: type)
    }

    /// Fetches the user again (`GET /v1/me`).
    @discardableResult
    public func reload() async throws(ClerkError) -> User {
        try await perform(FAPIRequest("GET", "/v1/me"), as: User.self)
    }

    /// Changes names, username or the primary email address or phone number (`PATCH /v1/me`).
    @discardableResult
    public func update(_ update: UserUpdate) async throws(ClerkError) -> User {
        try await perform(FAPIRequest("PATCH", "/v1/me", parameters: update), as: User.self)
    }

    /// Replaces the metadata the app may write (`PATCH /v1/me/metadata`).
    @discardableResult
    public func updateMetadata(unsafeMetadata: JSONValue) async throws(ClerkError) -> User {
        let parameters = AccountParameters.Metadata(unsafeMetadata: unsafeMetadata)
        return try await perform(FAPIRequest("PATCH", "/v1/me/metadata", parameters: parameters), as: User.self)
    }

    /// Sets a new password (`POST /v1/me/change_password`); `currentPassword` is needed when one is set.
    @discardableResult
    public func changePassword(
        currentPassword: String?, newPassword: String, signOutOfOtherSessions: Bool = true
    ) async throws(ClerkError) -> User {
        let parameters = AccountParameters.ChangePassword(
            currentPassword: currentPassword, newPassword: newPassword, signOutOfOtherSessions: signOutOfOtherSessions)
        return try await perform(
            FAPIRequest("POST", "/v1/me/change_password", parameters: parameters), as: User.self)
    }

    /// Removes the password, leaving the user's other factors (`POST /v1/me/remove_password`).
    @discardableResult
    public func removePassword(currentPassword: String) async throws(ClerkError) -> User {
        let parameters = AccountParameters.RemovePassword(currentPassword: currentPassword)
        return try await perform(
            FAPIRequest("POST", "/v1/me/remove_password", parameters: parameters), as: User.self)
    }

    /// Deletes the user and every session (`DELETE /v1/me`); emits ``AuthEvent/accountDeleted(_:)``.
    @discardableResult
    public func delete() async throws(ClerkError) -> DeletedObject {
        let user = clerk.user
        let deleted = try await perform(FAPIRequest("DELETE", "/v1/me"), as: DeletedObject.self)
        await clerk.core.tokens.cache.clear()
        if let user { clerk.core.fapi.events.send(.accountDeleted(user)) }
        return deleted
    }

    /// Uploads a profile image (`POST /v1/me/profile_image`, multipart field `file`).
    ///
    /// - Parameters:
    ///   - image: The image bytes, at most ``maximumImageBytes``.
    ///   - contentType: `image/jpeg` (the default), `image/png`, `image/gif` or `image/webp`.
    /// - Throws: ``ClerkError/Code/encoding`` for an empty, oversized or non-image upload (nothing is sent).
    @discardableResult
    public func setProfileImage(_ image: Data, contentType: String = "image/jpeg") async throws(ClerkError)
        -> ImageResource
    {
        try ImageUpload.check(image, contentType: contentType, limit: Self.maximumImageBytes)
        let body = MultipartBody(
            file: image, fileType: contentType, randomness: clerk.core.dependencies.randomness)
        return try await perform(FAPIRequest("POST", "/v1/me/profile_image", body: body), as: ImageResource.self)
    }

    /// Removes the profile image (`DELETE /v1/me/profile_image`).
    @discardableResult
    public func deleteProfileImage() async throws(ClerkError) -> DeletedObject {
        try await perform(FAPIRequest("DELETE", "/v1/me/profile_image"), as: DeletedObject.self)
    }
}
