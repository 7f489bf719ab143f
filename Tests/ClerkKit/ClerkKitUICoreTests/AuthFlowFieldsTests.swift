import ClerkKit
import ClerkKitTesting
import ClerkKitUICore
import Testing

@Suite("AuthFlow: fields by FormField and screen identifiers, as the SwiftUI views bind them") @MainActor
struct AuthFlowFieldsTests {
    @available(OS2023, *)
    @Test func everyTextFieldReadsAndWritesItsOwnProperty() async throws {
        try await withUIHarness(.passwordOnly) { harness in
            let flow = AuthFlow(clerk: harness.clerk)
            let textFields = FormField.allCases.filter { $0 != .legalAccepted && $0 != .organizationSlug }
            for field in textFields { flow[text: field] = "value of \(field.rawValue)" }
            for field in textFields { #expect(flow[text: field] == "value of \(field.rawValue)") }
            #expect(flow.identifier == "value of identifier")
            #expect(flow.emailAddress == "value of emailAddress")
            #expect(flow.confirmPassword == "value of confirmPassword")
            #expect(flow.organizationName == "value of organizationName")
            flow[text: .organizationSlug] = "acme"
            #expect(flow.organizationName == "acme")
            flow[text: .legalAccepted] = "yes"
            #expect(flow[text: .legalAccepted].isEmpty)
            #expect(!flow.legalAccepted)
            #expect(AuthFlow.isSecure(.password) && AuthFlow.isSecure(.confirmPassword))
            #expect(!AuthFlow.isSecure(.code) && !AuthFlow.isSecure(.identifier))
        }
    }

    @available(OS2023, *)
    @Test func everyScreenHasItsOwnIdentifier() {
        let destinations: [AuthDestination] = [
            .signInFactorOne(.password), .signInFactorOne(.emailCode), .signInFactorOneChoice,
            .signInFactorTwo(.totp), .signInFactorTwo(.backupCode), .signInFactorTwoChoice, .forgotPassword,
            .resetPasswordCode(.resetPasswordEmailCode), .newPassword, .signUp, .signUpVerifyEmail,
            .signUpVerifyPhone, .signUpCompleteProfile, .chooseOrganization, .createOrganization, .done,
        ]
        let identifiers = destinations.map(\.accessibilityIdentifier)
        #expect(Set(identifiers).count == destinations.count)
        #expect(AuthDestination.signInFactorOne(.password).accessibilityIdentifier == "factor-one.password")
        #expect(identifiers.allSatisfy { !$0.contains(" ") && !$0.contains("(") })
    }
}
