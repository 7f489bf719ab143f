import ClerkKit
import ClerkKitTesting
import Foundation
import Testing

/// The user's own profile against the emulator over HTTP: update, metadata, password, image, deletion.
@Suite("ClerkKit ↔ emulator: user profile") @MainActor
struct ProfileFlowTests {
    @available(OS2023, *)
    @Test func updateAndReloadChangeTheObservedUser() async throws {
        try await withHarness { harness in
            try await harness.signInAda()
            let user = try await harness.clerk.account.update(
                UserUpdate(username: "countess", firstName: "Augusta"))
            #expect(user.username == "countess")
            #expect(harness.clerk.user?.firstName == "Augusta")
            #expect(harness.clerk.user?.lastName == "Lovelace")
            let reloaded = try await harness.clerk.account.reload()
            #expect(reloaded.username == "countess")
        }
    }

    @available(OS2023, *)
    @Test func aTakenUsernameIsRefusedAndNothingChanges() async throws {
        try await withHarness { harness in
            _ = try await harness.emulator.createUser(emailAddress: "grace@example.com", username: "grace")
            try await harness.signInAda(username: "ada")
            let error = await refusal { () async throws(ClerkError) in
                try await harness.clerk.account.update(UserUpdate(username: "grace"))
            }
            #expect(error?.code == .api)
            #expect(error?.apiError?.code == "form_identifier_exists")
            #expect(error?.apiError?.paramName == "username")
            #expect(harness.clerk.user?.username == "ada")
        }
    }

    @available(OS2023, *)
    @Test func metadataIsStoredAsJSON() async throws {
        try await withHarness { harness in
            try await harness.signInAda()
            let metadata: JSONValue = .object(["theme": .string("dark"), "engines": .number(2)])
            let user = try await harness.clerk.account.updateMetadata(unsafeMetadata: metadata)
            #expect(user.unsafeMetadata == metadata)
            #expect(harness.clerk.user?.unsafeMetadata == metadata)
        }
    }

    @available(OS2023, *)
    @Test func changingThePasswordSignsOutOtherDevices() async throws {
        try await withHarness(.init(singleSessionMode: false)) { harness in
            try await harness.signInAda()
            let laptop = try await harness.secondClient()
            _ = try await laptop.auth.signIn(identifier: "ada@example.com", password: Harness.password)
            let wrong = await refusal { () async throws(ClerkError) in
                try await harness.clerk.account.changePassword(
                    currentPassword: "nope", newPassword: "difference-engine")
            }
            #expect(wrong?.apiError?.code == "form_password_incorrect")
            let short = await refusal { () async throws(ClerkError) in
                try await harness.clerk.account.changePassword(currentPassword: Harness.password, newPassword: "short")
            }
            #expect(short?.apiError?.code == "form_password_length_too_short")
            try await harness.clerk.account.changePassword(
                currentPassword: Harness.password, newPassword: "difference-engine")
            try await laptop.refreshClient()
            #expect(laptop.session == nil)
            #expect(harness.clerk.session != nil)
            try await harness.clerk.auth.signOut()
            let again = try await harness.clerk.auth.signIn(
                identifier: "ada@example.com", password: "difference-engine")
            #expect(again.status == .complete)
        }
    }

    @available(OS2023, *)
    @Test func removingThePasswordNeedsTheCurrentOne() async throws {
        try await withHarness { harness in
            try await harness.signInAda()
            let error = await refusal { () async throws(ClerkError) in
                try await harness.clerk.account.removePassword(currentPassword: "wrong")
            }
            #expect(error?.apiError?.code == "form_password_incorrect")
            #expect(harness.clerk.user?.passwordEnabled == true)
            let user = try await harness.clerk.account.removePassword(currentPassword: Harness.password)
            #expect(user.passwordEnabled == false)
        }
    }

    @available(OS2023, *)
    @Test func profileImageIsUploadedAsMultipartAndDeleted() async throws {
        try await withHarness { harness in
            try await harness.signInAda()
            #expect(harness.clerk.user?.hasImage == false)
            let image = try await harness.clerk.account.setProfileImage(samplePNG, contentType: "image/png")
            #expect(image.publicUrl?.isEmpty == false)
            #expect(harness.clerk.user?.hasImage == true)
            #expect(harness.clerk.user?.imageUrl == image.publicUrl)
            let upload = try #require(await harness.emulator.requestLog().last { $0.path == "/v1/me/profile_image" })
            #expect(
                upload.headers.first { $0.name.lowercased() == "content-type" }?.value.hasPrefix(
                    "multipart/form-data; boundary=") == true)
            try await harness.clerk.account.deleteProfileImage()
            #expect(harness.clerk.user?.hasImage == false)
        }
    }

    @available(OS2023, *)
    @Test func badImagesAreRefusedLocallyAndByTheService() async throws {
        try await withHarness { harness in
            try await harness.signInAda()
            await harness.emulator.clearRequestLog()
            let text = await refusal { () async throws(ClerkError) in
                try await harness.clerk.account.setProfileImage(Data("hello".utf8), contentType: "text/plain")
            }
            #expect(text?.code == .encoding)
            let lying = await refusal { () async throws(ClerkError) in
                try await harness.clerk.account.setProfileImage(
                    Data("GIF89a, not a png".utf8), contentType: "image/png")
            }
            #expect(lying?.code == .encoding)
            let huge = await refusal { () async throws(ClerkError) in
                try await harness.clerk.account.setProfileImage(
                    samplePNG + Data(count: Account.maximumImageBytes), contentType: "image/png")
            }
            #expect(huge?.code == .encoding)
            #expect(await harness.emulator.requestLog().isEmpty)  // nothing was sent
            await harness.emulator.inject(
                .init(
                    method: "POST", path: "/v1/me/profile_image",
                    outcome: .error(status: 422, code: "image_not_supported")))
            let refused = await refusal { () async throws(ClerkError) in
                try await harness.clerk.account.setProfileImage(samplePNG, contentType: "image/png")
            }
            #expect(refused?.apiError?.code == "image_not_supported")
            #expect(harness.clerk.user?.hasImage == false)
        }
    }

    @available(OS2023, *)
    @Test func aDroppedUploadIsATransportErrorAndChangesNothing() async throws {
        try await withHarness { harness in
            try await harness.signInAda()
            await harness.emulator.inject(.init(method: "POST", path: "/v1/me/profile_image", outcome: .dropConnection))
            let error = await refusal { () async throws(ClerkError) in
                try await harness.clerk.account.setProfileImage(samplePNG, contentType: "image/png")
            }
            #expect(error?.code == .transport)
            #expect(harness.clerk.user?.hasImage == false)
            #expect(try await harness.clerk.account.reload().hasImage == false)
        }
    }

    @available(OS2023, *)
    @Test func serverErrorsAreTyped() async throws {
        try await withHarness { harness in
            try await harness.signInAda()
            for (status, code) in [
                (403, "authorization_invalid"), (404, "resource_not_found"), (500, "internal_clerk_error"),
            ] {
                await harness.emulator.inject(
                    .init(method: "PATCH", path: "/v1/me", outcome: .error(status: status, code: code)))
                let error = await refusal { () async throws(ClerkError) in
                    try await harness.clerk.account.update(UserUpdate(firstName: "Changed"))
                }
                #expect(error?.context.status == status)
                #expect(error?.apiError?.code == code)
                #expect(harness.clerk.user?.firstName == "Ada")
            }
        }
    }

    @available(OS2023, *)
    @Test func deletingTheAccountSignsOutAndEmitsTheEvent() async throws {
        try await withHarness { harness in
            let seeded = try await harness.signInAda()
            let events = harness.clerk.events
            let deleted = try await harness.clerk.account.delete()
            #expect(deleted.deleted)
            #expect(deleted.id == seeded.id)
            #expect(harness.clerk.session == nil)
            var sawDeletion = false
            for await event in events {
                if case .accountDeleted(let user) = event {
                    sawDeletion = user.id == seeded.id
                    break
                }
            }
            #expect(sawDeletion)
            let signIn = await refusal { () async throws(ClerkError) in
                try await harness.clerk.auth.signIn(identifier: "ada@example.com", password: Harness.password)
            }
            #expect(signIn?.apiError?.code == "form_identifier_not_found")
        }
    }

    @available(OS2023, *)
    @Test func signedOutCallsAreRefusedLocally() async throws {
        try await withHarness { harness in
            let error = await refusal { () async throws(ClerkError) in try await harness.clerk.account.reload() }
            #expect(error?.code == .notSignedIn)
        }
    }
}
