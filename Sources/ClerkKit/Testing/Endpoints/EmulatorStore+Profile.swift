/// The signed-in user's own account: read, update, metadata, password, profile image, deletion.
@available(OS2023, *)
extension EmulatorStore {
    /// The image types profile images may have, with their leading bytes, and the size limit (10 MiB).
    static let imageSignatures: [String: [UInt8]] = [
        "image/jpeg": [0xFF, 0xD8, 0xFF], "image/png": [0x89, 0x50, 0x4E, 0x47], "image/gif": [0x47, 0x49, 0x46, 0x38],
        "image/webp": [0x52, 0x49, 0x46, 0x46],
    ]
    static let maximumImageBytes = 10 << 20

    /// Serves `/v1/me`, `/v1/me/metadata`, `/v1/me/change_password`, `/v1/me/remove_password` and
    /// `/v1/me/profile_image`; nil for other paths.
    mutating func profileRoute(_ method: String, _ path: PathMatcher, _ call: inout Call) throws(FAPIError) -> Reply? {
        guard path.segments.count <= 3, path.segments.starts(with: ["v1", "me"]) else { return nil }
        let form = call.request.form
        switch (method, path.segments.dropFirst(2).first.map(String.init)) {
        case ("GET", nil):
            try form.requireKnown([])
            return .enveloped(userJSON(try currentUser(&call)))
        case ("PATCH", nil):
            return try updateUser(&call)
        case ("DELETE", nil):
            try form.requireKnown([])
            try requireRecentVerification(&call)
            return try deleteUser(&call)
        case ("PATCH", "metadata"):
            try form.requireKnown(["unsafe_metadata"])
            guard let metadata = JSON.parseObject(try form.required("unsafe_metadata")) else {
                throw FAPIError.paramInvalid("unsafe_metadata", "unsafe_metadata must be a JSON object.")
            }
            return try changeUser(&call) { user throws(FAPIError) in user.unsafeMetadata = metadata }
        case ("POST", "change_password"):
            return try changePassword(&call)
        case ("POST", "remove_password"):
            try form.requireKnown(["current_password"])
            try requireRecentVerification(&call)
            let user = try currentUser(&call)
            try checkPassword(form["current_password"], of: user)
            guard !user.emails.isEmpty || !user.phones.isEmpty else {
                throw FAPIError(
                    status: 422, code: "form_password_removal_not_allowed", message: "cannot be removed",
                    longMessage: "The password is the user's only way to sign in.", paramName: "current_password")
            }
            return try changeUser(&call) { user throws(FAPIError) in user.password = nil }
        case ("POST", "profile_image"):
            return try setProfileImage(&call)
        case ("DELETE", "profile_image"):
            try form.requireKnown([])
            let user = try currentUser(&call)
            guard let imageId = user.imageId else { throw FAPIError.resourceNotFound }
            _ = try changeUser(&call) { user throws(FAPIError) in user.imageId = nil }
            return .enveloped(Self.deleted("image", imageId))
        default:
            return nil
        }
    }

    /// The signed-in user.
    func currentUser(_ call: inout Call) throws(FAPIError) -> UserRecord {
        let session = try currentSession(&call)
        guard let user = users[session.userId] else { throw FAPIError.signedOut }
        return user
    }

    /// Applies `change` to the signed-in user (nothing changes when it throws) and answers with the user.
    mutating func changeUser(_ call: inout Call, _ change: (inout UserRecord) throws(FAPIError) -> Void)
        throws(FAPIError) -> Reply
    {
        var user = try currentUser(&call)
        try change(&user)
        user.updatedAt = call.now
        users[user.id] = user
        return .enveloped(userJSON(user))
    }

    /// `{"object": …, "id": …, "deleted": true}`.
    static func deleted(_ object: String, _ id: String) -> JSON {
        ["object": .string(object), "id": .string(id), "deleted": true]
    }

    private mutating func updateUser(_ call: inout Call) throws(FAPIError) -> Reply {
        let form = call.request.form
        try form.requireKnown([
            "username", "first_name", "last_name", "primary_email_address_id", "primary_phone_number_id",
        ])
        let store = self
        return try changeUser(&call) { user throws(FAPIError) in
            if let username = form["username"] {
                if let other = store.user(.username, username), other.id != user.id {
                    throw FAPIError.identifierExists("username")
                }
                user.username = username.isEmpty ? nil : username
            }
            if let first = form["first_name"] { user.firstName = first.isEmpty ? nil : first }
            if let last = form["last_name"] { user.lastName = last.isEmpty ? nil : last }
            if let id = form["primary_email_address_id"] {
                guard user.emails.contains(where: { $0.id == id }) else {
                    throw FAPIError.paramInvalid(
                        "primary_email_address_id", "Only a verified email address can be primary.")
                }
                user.primaryEmailId = id
            }
            if let id = form["primary_phone_number_id"] {
                guard user.phones.contains(where: { $0.id == id }) else {
                    throw FAPIError.paramInvalid(
                        "primary_phone_number_id", "Only a verified phone number can be primary.")
                }
                user.primaryPhoneId = id
            }
        }
    }

    private mutating func changePassword(_ call: inout Call) throws(FAPIError) -> Reply {
        let form = call.request.form
        try form.requireKnown(["current_password", "new_password", "sign_out_of_other_sessions"])
        let signOutOthers = try form.bool("sign_out_of_other_sessions") ?? true
        let newPassword = try form.required("new_password")
        if var problem = passwordPolicy.problem(with: newPassword) {
            problem.paramName = "new_password"
            throw problem
        }
        try requireRecentVerification(&call)
        let current = try currentSession(&call)
        let user = try currentUser(&call)
        // The `reset-password` session task sets a new password without the one that must be replaced.
        if !user.passwordResetRequired { try checkPassword(form["current_password"], of: user) }
        let now = call.now
        let reply = try changeUser(&call) { user throws(FAPIError) in
            user.password = PasswordDigest(password: newPassword, salt: Array(IDs.random(16).utf8))
            user.passwordUpdatedAt = now
            user.passwordResetRequired = false
        }
        if signOutOthers {
            for (id, session) in sessions
            where session.userId == current.userId && session.id != current.id && session.status == .active {
                endSession(id, status: .revoked, now: call.now)
            }
        }
        return reply
    }

    /// A user with a password must give it; a user without one gives none.
    private func checkPassword(_ given: String?, of user: UserRecord) throws(FAPIError) {
        guard let password = user.password else { return }
        guard let given, !given.isEmpty else { throw FAPIError.paramMissing("current_password") }
        guard password.matches(given) else {
            throw FAPIError(
                status: 422, code: FAPIError.passwordIncorrect.code, message: FAPIError.passwordIncorrect.message,
                paramName: "current_password")
        }
    }

    private mutating func deleteUser(_ call: inout Call) throws(FAPIError) -> Reply {
        let user = try currentUser(&call)
        for (id, session) in sessions where session.userId == user.id && session.status == .active {
            endSession(id, status: .removed, now: call.now)
        }
        memberships.removeAll { $0.userId == user.id }
        users[user.id] = nil
        userOrder.removeAll { $0 == user.id }
        return .enveloped(Self.deleted("user", user.id))
    }

    /// A new image id for an upload that is a JPEG, PNG, GIF or WebP image of at most 10 MiB.
    static func acceptedImage(_ upload: MultipartPart?) throws(FAPIError) -> String {
        guard let upload else { throw FAPIError.paramMissing("file") }
        guard upload.data.count <= maximumImageBytes else {
            throw FAPIError(
                status: 422, code: "image_too_large", message: "is too large",
                longMessage: "Images must be at most 10 MB.", paramName: "file")
        }
        guard let type = upload.contentType, let signature = imageSignatures[type], upload.data.starts(with: signature)
        else {
            throw FAPIError(
                status: 422, code: "image_not_supported", message: "is not a supported image",
                longMessage: "Images must be JPEG, PNG, GIF or WebP.", paramName: "file")
        }
        return IDs.make("img")
    }

    private mutating func setProfileImage(_ call: inout Call) throws(FAPIError) -> Reply {
        let imageId = try Self.acceptedImage(call.request.upload)
        _ = try changeUser(&call) { user throws(FAPIError) in user.imageId = imageId }
        return .enveloped([
            "id": .string(imageId), "object": "image", "name": .string(call.request.upload?.fileName ?? imageId),
            "public_url": .string("https://img.clerk.com/\(imageId)"),
        ])
    }
}
