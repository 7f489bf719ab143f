import Foundation
import Testing

@testable import ClerkKit

@Suite struct ModelDecodingTests {
    @available(OS2023, *)
    private func decode<T: Decodable>(_ type: T.Type, _ object: Any) throws -> T {
        try ClerkJSON.decoder().decode(type, from: Fixtures.data(object))
    }

    @available(OS2023, *)
    @Test func clientWithSessionUserAndOrganization() throws {
        let client = try decode(
            Client.self,
            Fixtures.client(
                sessions: [Fixtures.session(organizationId: "org_1", token: "jwt")], lastActive: "sess_1",
                signIn: Fixtures.signIn(), signUp: Fixtures.signUp()))
        #expect(client.id == "client_1")
        let session = try #require(client.lastActiveSession)
        #expect(session.status == .active)
        #expect(session.lastActiveToken?.jwt == "jwt")
        #expect(session.expireAt == Date(timeIntervalSince1970: 1_800_604_800))
        #expect(session.user?.primaryEmailAddress?.emailAddress == "ada@example.com")
        #expect(session.user?.organizationMemberships.first?.organization.name == "Analytical Engines")
        #expect(session.publicUserData?.identifier == "ada@example.com")
        #expect(client.signIn?.firstFactor(.emailCode)?.emailAddressId == "idn_email")
        #expect(client.signUp?.verifications?.emailAddress?.nextAction == .needsPrepare)
        #expect(client.signedInSessions.count == 1)
    }

    @available(OS2023, *)
    @Test func signInFactorsAndNullLists() throws {
        let signIn = try decode(SignIn.self, Fixtures.signIn(status: "needs_second_factor"))
        #expect(signIn.status == .needsSecondFactor)
        #expect(signIn.supportedIdentifiers == [.emailAddress, .phoneNumber])
        #expect(signIn.secondFactor(.phoneCode)?.isDefault == true)
        #expect(signIn.firstFactorVerification?.status == .verified)
        let first = try decode(SignIn.self, Fixtures.signIn())
        #expect(first.supportedSecondFactors.isEmpty)  // `null` on the wire
    }

    @available(OS2023, *)
    @Test func unknownEnumValuesAreKept() throws {
        var object = Fixtures.signIn()
        object["status"] = "needs_quantum_check"
        object["supported_first_factors"] = [["strategy": "oauth_mastodon"]]
        let signIn = try decode(SignIn.self, object)
        #expect(signIn.status == .unknown("needs_quantum_check"))
        #expect(signIn.status.rawValue == "needs_quantum_check")
        #expect(signIn.supportedFirstFactors.first?.strategy == .oauth(provider: "mastodon"))
        var session = Fixtures.session()
        session["status"] = "hibernating"
        #expect(try decode(Session.self, session).status == .unknown("hibernating"))
        #expect(SessionStatus(rawValue: "active") == .active)
        #expect(FactorStrategy.resetPasswordPhoneCode.rawValue == "reset_password_phone_code")
    }

    @available(OS2023, *)
    @Test func unknownFieldsAreIgnoredAndOptionalFieldsMayBeMissing() throws {
        var user = Fixtures.user()
        user["brand_new_field"] = ["nested": true]
        #expect(try decode(User.self, user).firstName == "Ada")
        let minimal = try decode(User.self, ["id": "user_2", "object": "user"])
        #expect(minimal.emailAddresses.isEmpty)
        #expect(minimal.firstName == nil)
        let minimalClient = try decode(Client.self, ["id": "client_2"])
        #expect(minimalClient.sessions.isEmpty)
        let minimalSession = try decode(Session.self, ["id": "sess_2", "status": "active"])
        #expect(minimalSession.user == nil)
    }

    @available(OS2023, *)
    @Test func requiredFieldsMissingFail() {
        #expect(throws: DecodingError.self) { try decode(Session.self, ["status": "active"]) }
        #expect(throws: DecodingError.self) { try decode(SignIn.self, ["id": "sia_1"]) }
        #expect(throws: DecodingError.self) { try decode(Client.self, ["id": 42]) }
    }

    @available(OS2023, *)
    @Test func environment() throws {
        let environment = try decode(ClerkEnvironment.self, Fixtures.environment(sessionMinter: true))
        #expect(environment.authConfig?.singleSessionMode == true)
        #expect(environment.authConfig?.sessionMinter == true)
        #expect(environment.authConfig?.emailAddress == .required)
        #expect(environment.userSettings?.attributes["email_address"]?.verifications == ["email_code"])
        #expect(environment.userSettings?.social["oauth_google"]?.name == "Google")
        #expect(environment.userSettings?.signUp?.mode == .public)
        #expect(environment.userSettings?.signIn?.secondFactor?.required == false)
        #expect(environment.displayConfig?.applicationName == "Courier")
        #expect(environment.organizationSettings?.creatorRole == "org:admin")
        #expect(
            environment.userSettings?.enabledAttributes.keys.sorted() == [
                "authenticator_app", "email_address", "first_name", "last_name", "password",
            ])
    }

    @available(OS2023, *)
    @Test func listsTokensAndDeletedObjects() throws {
        let list = try decode(PaginatedList<Session>.self, ["data": [Fixtures.session()], "total_count": 1])
        #expect(list.data.count == 1 && list.totalCount == 1)
        let token = try decode(Token.self, ["object": "token", "jwt": Fixtures.null])
        #expect(token.jwt == nil)
        let deleted = try decode(DeletedObject.self, ["object": "email_address", "id": "idn_1", "deleted": true])
        #expect(deleted.deleted)
    }

    @available(OS2023, *)
    @Test func clientRoundTripsThroughStorageEncoding() throws {
        let client = try decode(Client.self, Fixtures.signedInClient(organizationId: "org_1"))
        let data = try ClerkJSON.encoder().encode(client)
        #expect(try ClerkJSON.decoder().decode(Client.self, from: data) == client)
        // Metadata keys are kept verbatim (no case conversion).
        let metadata = try decode(SignUp.self, Fixtures.signUp().merging(["unsafe_metadata": ["someKey_x": 1]]) { $1 })
        #expect(metadata.unsafeMetadata == .object(["someKey_x": .number(1)]))
    }

    @available(OS2023, *)
    @Test func apiErrorDecodes() throws {
        let error = try decode(
            ClerkAPIError.self,
            ["code": "form_param_nil", "message": "m", "long_message": "lm", "meta": ["param_name": "identifier"]])
        #expect(error.paramName == "identifier")
        #expect(error.longMessage == "lm")
    }
}

@Suite struct ClerkModelTests {
    @available(OS2023, *)
    @Test func jsonRoundTripAndTypedErrors() throws {
        let session = try Session(jsonData: Fixtures.data(Fixtures.session(organizationId: "org_1")))
        #expect(try Session(jsonData: try session.jsonData()) == session)
        #expect(caught { try User(jsonData: Data("<html>".utf8)) }?.code == .decoding)
        #expect(caught { try SignIn(jsonData: Fixtures.data(["id": "sia_1"])) }?.code == .decoding)
    }
}
