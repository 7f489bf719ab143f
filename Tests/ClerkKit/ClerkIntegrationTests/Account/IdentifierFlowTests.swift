import ClerkKit
import ClerkKitTesting
import Foundation
import Testing

/// Email addresses and phone numbers of the signed-in user against the emulator over HTTP.
@Suite("ClerkKit ↔ emulator: identifiers") @MainActor
struct IdentifierFlowTests {
    @available(OS2023, *)
    @Test func anEmailIsAddedVerifiedFromTheOutboxAndMadePrimary() async throws {
        try await withHarness { harness in
            try await harness.signInAda()
            let account = harness.clerk.account
            var email = try await account.createEmailAddress("countess@example.com")
            #expect(email.verification == nil)
            #expect(harness.clerk.user?.emailAddresses.count == 2)
            email = try await account.prepareVerification(emailAddressId: email.id)
            #expect(email.verification?.status == .unverified)
            let code = try #require(await harness.emulator.latestCode(for: "countess@example.com"))
            let wrong = await refusal { () async throws(ClerkError) in
                try await account.attemptVerification(
                    emailAddressId: email.id, code: code == "000000" ? "111111" : "000000")
            }
            #expect(wrong?.apiError?.code == "form_code_incorrect")
            #expect(harness.clerk.user?.emailAddresses.first { $0.id == email.id }?.verification?.status == .unverified)
            email = try await account.attemptVerification(emailAddressId: email.id, code: code)
            #expect(email.verification?.status == .verified)
            let user = try await account.update(UserUpdate(primaryEmailAddressId: email.id))
            #expect(user.primaryEmailAddress?.emailAddress == "countess@example.com")
            #expect(
                try await account.emailAddresses().map(\.emailAddress).sorted() == [
                    "ada@example.com", "countess@example.com",
                ])
            // The new address signs in; the old one can now be deleted.
            let old = try #require(user.emailAddresses.first { $0.emailAddress == "ada@example.com" })
            try await account.deleteEmailAddress(old.id)
            #expect(harness.clerk.user?.emailAddresses.map(\.emailAddress) == ["countess@example.com"])
        }
    }

    @available(OS2023, *)
    @Test func anExpiredCodeIsRefused() async throws {
        try await withHarness { harness in
            try await harness.signInAda()
            let account = harness.clerk.account
            let email = try await account.createEmailAddress("late@example.com")
            try await account.prepareVerification(emailAddressId: email.id)
            let code = try #require(await harness.emulator.latestCode(for: "late@example.com"))
            await harness.emulator.advanceClock(by: .seconds(3600))
            let error = await refusal { () async throws(ClerkError) in
                try await account.attemptVerification(emailAddressId: email.id, code: code)
            }
            #expect(error?.apiError?.code == "verification_expired")
        }
    }

    @available(OS2023, *)
    @Test func duplicatesUnverifiedPrimariesAndTheLastIdentifierAreRefused() async throws {
        try await withHarness { harness in
            _ = try await harness.emulator.createUser(emailAddress: "grace@example.com", password: Harness.password)
            let seeded = try await harness.signInAda()
            let account = harness.clerk.account
            let taken = await refusal { () async throws(ClerkError) in
                try await account.createEmailAddress("grace@example.com")
            }
            #expect(taken?.apiError?.code == "form_identifier_exists")
            let mine = await refusal { () async throws(ClerkError) in
                try await account.createEmailAddress("ADA@example.com")
            }
            #expect(mine?.apiError?.code == "form_identifier_exists")
            let malformed = await refusal { () async throws(ClerkError) in
                try await account.createEmailAddress("not-an-address")
            }
            #expect(malformed?.apiError?.paramName == "email_address")
            let pending = try await account.createEmailAddress("pending@example.com")
            let unverifiedPrimary = await refusal { () async throws(ClerkError) in
                try await account.update(UserUpdate(primaryEmailAddressId: pending.id))
            }
            #expect(unverifiedPrimary?.apiError?.paramName == "primary_email_address_id")
            let emailId = try #require(seeded.emailAddressId)
            let primary = await refusal { () async throws(ClerkError) in try await account.deleteEmailAddress(emailId) }
            #expect(primary?.apiError?.code == "identification_deletion_failed")
            try await account.deleteEmailAddress(pending.id)  // a pending address can always go
            #expect(harness.clerk.user?.emailAddresses.count == 1)
        }
    }

    @available(OS2023, *)
    @Test func theLastIdentifierAndAPrimaryOneCannotBeDeleted() async throws {
        try await withHarness { harness in
            let seeded = try await harness.signInAda()
            let account = harness.clerk.account
            let emailId = try #require(seeded.emailAddressId)
            let last = await refusal { () async throws(ClerkError) in try await account.deleteEmailAddress(emailId) }
            #expect(last?.apiError?.code == "identification_deletion_failed")
            #expect(last?.apiError?.longMessage?.contains("last identifier") == true)
            let phone = try await account.createPhoneNumber("+15555550142")
            try await account.prepareVerification(phoneNumberId: phone.id)
            try await account.attemptVerification(phoneNumberId: phone.id, code: "424242")
            #expect(harness.clerk.user?.primaryPhoneNumberId == phone.id)  // the first verified number
            let primary = await refusal { () async throws(ClerkError) in try await account.deleteEmailAddress(emailId) }
            #expect(primary?.apiError?.longMessage?.contains("primary") == true)
            #expect(harness.clerk.user?.emailAddresses.map(\.id) == [emailId])
        }
    }

    @available(OS2023, *)
    @Test func aTestPhoneNumberBecomesTheDefaultSecondFactor() async throws {
        try await withHarness { harness in
            try await harness.signInAda()
            let account = harness.clerk.account
            var phone = try await account.createPhoneNumber("+1 (555) 555-0123", reservedForSecondFactor: true)
            #expect(phone.phoneNumber == "+15555550123")
            let early = await refusal { () async throws(ClerkError) in
                try await account.updatePhoneNumber(phone.id, defaultSecondFactor: true)
            }
            #expect(early?.context.status == 400)
            phone = try await account.prepareVerification(phoneNumberId: phone.id)
            #expect(await harness.emulator.outbox().isEmpty)  // test numbers are never sent anything
            phone = try await account.attemptVerification(phoneNumberId: phone.id, code: "424242")
            phone = try await account.updatePhoneNumber(phone.id, defaultSecondFactor: true)
            #expect(phone.defaultSecondFactor == true)
            #expect(phone.reservedForSecondFactor == true)
            #expect(harness.clerk.user?.twoFactorEnabled == true)
            #expect(try await account.phoneNumbers().map(\.id) == [phone.id])
            try await account.deletePhoneNumber(phone.id)  // a second factor is not a sign-in identifier
            #expect(harness.clerk.user?.phoneNumbers.isEmpty == true)
        }
    }

    @available(OS2023, *)
    @Test func tooManyWrongCodesFailTheVerification() async throws {
        try await withHarness(.init(maximumCodeAttempts: 2)) { harness in
            try await harness.signInAda()
            let account = harness.clerk.account
            let phone = try await account.createPhoneNumber("+447700900123")
            try await account.prepareVerification(phoneNumberId: phone.id)
            let code = try #require(await harness.emulator.latestCode(for: "+447700900123"))
            let wrong = code == "000000" ? "111111" : "000000"
            for _ in 0..<2 {
                _ = await refusal { () async throws(ClerkError) in
                    try await account.attemptVerification(phoneNumberId: phone.id, code: wrong)
                }
            }
            let error = await refusal { () async throws(ClerkError) in
                try await account.attemptVerification(phoneNumberId: phone.id, code: code)
            }
            #expect(error?.apiError?.code == "verification_failed")
        }
    }

    @available(OS2023, *)
    @Test func thePrimaryPhoneNumberIsSetWithAUserUpdate() async throws {
        try await withHarness { harness in
            try await harness.signInAda()
            let account = harness.clerk.account
            var verified: [String] = []
            for number in ["+15555550142", "+15555550143"] {
                let phone = try await account.createPhoneNumber(number)
                try await account.prepareVerification(phoneNumberId: phone.id)
                try await account.attemptVerification(phoneNumberId: phone.id, code: "424242")
                verified.append(phone.id)
            }
            #expect(harness.clerk.user?.primaryPhoneNumberId == verified[0])
            let pending = try await account.createPhoneNumber("+15555550144")
            let unverified = await refusal { () async throws(ClerkError) in
                try await account.update(UserUpdate(primaryPhoneNumberId: pending.id))
            }
            #expect(unverified?.apiError?.paramName == "primary_phone_number_id")
            #expect(harness.clerk.user?.primaryPhoneNumberId == verified[0])

            let user = try await account.update(UserUpdate(primaryPhoneNumberId: verified[1]))
            #expect(user.primaryPhoneNumberId == verified[1])
            #expect(harness.clerk.user?.primaryPhoneNumberId == verified[1])
            let patch = await harness.emulator.requestLog().last { $0.path == "/v1/me" && $0.status == 200 }
            #expect(patch?.form.map(\.name).filter { $0 != "_method" } == ["primary_phone_number_id"])
        }
    }

    @available(OS2023, *)
    @Test func aRateLimitedAccountUpdateThrowsTheTypedErrorAndChangesNothing() async throws {
        try await withHarness { harness in
            try await harness.signInAda()
            let before = harness.clerk.user
            // A Retry-After beyond the retry policy's longest wait is not retried.
            await harness.emulator.inject(
                .init(
                    path: "/v1/me", outcome: .error(status: 429, code: "too_many_requests", retryAfter: 60), times: nil)
            )
            let limited = await refusal { () async throws(ClerkError) in
                try await harness.clerk.account.update(UserUpdate(firstName: "Augusta"))
            }
            #expect(limited?.code == .api)
            #expect(limited?.context.status == 429)
            #expect(limited?.apiError?.code == "too_many_requests")
            #expect(harness.clerk.user == before)
            await harness.emulator.clearFaults()
            try await harness.clerk.account.reload()
            #expect(harness.clerk.user?.firstName == "Ada")
        }
    }
}
