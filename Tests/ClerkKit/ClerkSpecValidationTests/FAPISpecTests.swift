import ClerkSpecValidation
import Foundation
import Testing

@Suite struct FAPISpecTests {
    /// The description, loaded once per process.
    @available(OS2023, *)
    var spec: FAPISpec {
        get throws { try FAPISpec.load() }
    }

    @available(OS2023, *)
    @Test func loadsEveryOperation() throws {
        let spec = try self.spec
        #expect(spec.version == "v1")
        // The description's 202, the two operations FAPISpec+Supplement adds (magic_links/complete, hosted_auth)
        // and the five trusted-device operations again under their newer name (biometric_credentials).
        #expect(spec.operations.count == 209)
        #expect(spec.operation(method: "POST", path: "/v1/client/biometric_credentials/validate") != nil)
        #expect(
            spec.operation(method: "POST", path: "/v1/client/magic_links/complete")?.operationID == "completeMagicLink")
        #expect(spec.operation(method: "POST", path: "/v1/client/hosted_auth")?.operationID == "createHostedAuth")
        #expect(spec.operation(method: "POST", path: "/v1/client/sign_ins/sia_1/attempt_first_factor") != nil)
        #expect(spec.operation(method: "POST", path: "/v1/client/sign_ins/") == nil)
        #expect(spec.operation(method: "PUT", path: "/v1/client/sign_ins") == nil)
    }

    @available(OS2023, *)
    @Test func acceptsAWellFormedRequest() throws {
        let spec = try self.spec
        let problems = spec.validateRequest(
            method: "POST", path: "/v1/client/sign_ins", query: [("_is_native", "true")],
            formBody: [("identifier", "ada@example.com"), ("password", "secret"), ("transfer", "1")])
        #expect(problems == [])
    }

    @available(OS2023, *)
    @Test func rejectsUnknownAndMalformedParameters() throws {
        let spec = try self.spec
        let problems = spec.validateRequest(
            method: "POST", path: "/v1/client/sign_ins", query: [("_is_native", "true"), ("debug", "1")],
            formBody: [("identifer", "ada@example.com"), ("transfer", "yes")])
        #expect(problems.count == 3)
        #expect(problems.contains { $0.contains("unknown query parameter \"debug\"") })
        #expect(problems.contains { $0.contains("unknown form field \"identifer\"") })
        #expect(problems.contains { $0.contains("\"transfer\" is not a boolean") })
    }

    @available(OS2023, *)
    @Test func rejectsAFormBodyWhereNoneIsDescribed() throws {
        let spec = try self.spec
        #expect(!spec.validateRequest(method: "GET", path: "/v1/client", formBody: [("a", "b")]).isEmpty)
        #expect(
            spec.validateRequest(method: "GET", path: "/v1/nothing/here") == ["no operation for GET /v1/nothing/here"])
    }

    @available(OS2023, *)
    @Test func validatesErrorBodies() throws {
        let spec = try self.spec
        let good = Data(
            #"{"errors":[{"code":"form_password_incorrect","message":"Password is incorrect.","long_message":"Password is incorrect. Try again.","meta":{"param_name":"password"}}],"clerk_trace_id":"abc"}"#
                .utf8)
        #expect(spec.validateResponse(method: "POST", path: "/v1/client/sign_ins", status: 422, body: good) == [])
        let bad = Data(#"{"errors":[{"code":7}]}"#.utf8)
        #expect(!spec.validateResponse(method: "POST", path: "/v1/client/sign_ins", status: 422, body: bad).isEmpty)
        #expect(
            spec.validateResponse(method: "POST", path: "/v1/client/sign_ins", status: 418, body: good).first?
                .contains("418") == true)
        #expect(
            !spec.validateResponse(method: "POST", path: "/v1/client/sign_ins", status: 422, body: Data("<html>".utf8))
                .isEmpty)
    }

    @available(OS2023, *)
    @Test func schemaTypesNullabilityAndRequiredKeys() throws {
        let spec = try self.spec
        let token = SpecNode.object(["object": .string("token"), "jwt": .string("a.b.c")])
        #expect(spec.validate(token, schema: "Token") == [])
        let wrong = SpecNode.object(["object": .string("token"), "jwt": .integer(3)])
        #expect(spec.validate(wrong, schema: "Token").contains { $0.contains("integer where the schema says string") })
        #expect(!spec.validate(.object([:]), schema: "Client.Client").isEmpty)
    }

    @available(OS2023, *)
    @Test func theSupplementAddsOnlyWhatClerkIOSSendsForEmailLinks() throws {
        let spec = try self.spec
        let complete: [(name: String, value: String)] = [
            ("flow_id", "flow_1"), ("approval_token", "apt"), ("code_verifier", "v"),
        ]
        #expect(spec.validateRequest(method: "POST", path: "/v1/client/magic_links/complete", formBody: complete) == [])
        #expect(
            spec.validateRequest(
                method: "POST", path: "/v1/client/magic_links/complete", formBody: [("flow_id", "flow_1")]
            ).count == 2)
        let prepare: [(name: String, value: String)] = [
            ("strategy", "email_link"), ("code_challenge", "c"), ("code_challenge_method", "S256"),
        ]
        #expect(
            spec.validateRequest(
                method: "POST", path: "/v1/client/sign_ins/sia_1/prepare_first_factor", formBody: prepare)
                == [])
        let plain: [(name: String, value: String)] = [
            ("strategy", "email_link"), ("code_challenge", "c"), ("code_challenge_method", "plain"),
        ]
        #expect(
            spec.validateRequest(
                method: "POST", path: "/v1/client/sign_ins/sia_1/prepare_first_factor", formBody: plain
            )
            .count == 1)
        let verify: [(name: String, value: String?)] = [("token", "t"), ("flow_id", "f"), ("approval_token", "a")]
        #expect(spec.validateRequest(method: "GET", path: "/v1/verify", query: verify) == [])
        let ticket = Data(#"{"response":{"ticket":"t"},"client":null}"#.utf8)
        #expect(
            spec.validateResponse(method: "POST", path: "/v1/client/magic_links/complete", status: 200, body: ticket)
                == [])
        #expect(
            !spec.validateResponse(
                method: "POST", path: "/v1/client/magic_links/complete", status: 200, body: Data("{}".utf8)
            ).isEmpty)
    }
}
