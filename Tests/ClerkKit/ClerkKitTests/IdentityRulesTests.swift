import Foundation
import Testing

@testable import ClerkKit

@Suite struct IdentityRulesTests {
    @available(OS2023, *)
    @Test func deviceTokenRotation() {
        #expect(DeviceTokenUpdate(authorizationHeader: nil) == .keep)
        #expect(DeviceTokenUpdate(authorizationHeader: "") == .clear)
        #expect(DeviceTokenUpdate(authorizationHeader: "  ") == .clear)
        #expect(DeviceTokenUpdate(authorizationHeader: "Bearer") == .clear)
        #expect(DeviceTokenUpdate(authorizationHeader: "eyJ.raw.token") == .set("eyJ.raw.token"))
        // Kept verbatim, never stripped of a prefix.
        #expect(DeviceTokenUpdate(authorizationHeader: "Bearer abc") == .set("Bearer abc"))
    }

    @available(OS2023, *)
    @Test func ordering() {
        let t0 = Date(timeIntervalSince1970: 1000)
        let t1 = Date(timeIntervalSince1970: 1001)
        let held = ResponseOrder(serverDate: t1, sequence: 5)
        #expect(ResponseOrder(serverDate: t0, sequence: 1).supersedes(nil))
        // A later server date wins even if the request was sent earlier.
        #expect(ResponseOrder(serverDate: Date(timeIntervalSince1970: 1002), sequence: 1).supersedes(held))
        // An earlier server date loses even if the request was sent later.
        #expect(!ResponseOrder(serverDate: t0, sequence: 9).supersedes(held))
        // Equal dates: request order.
        #expect(ResponseOrder(serverDate: t1, sequence: 6).supersedes(held))
        #expect(!ResponseOrder(serverDate: t1, sequence: 4).supersedes(held))
        #expect(!ResponseOrder(serverDate: t1, sequence: 5).supersedes(held))
        // A missing date on either side: request order.
        #expect(ResponseOrder(serverDate: nil, sequence: 6).supersedes(held))
        #expect(!ResponseOrder(serverDate: nil, sequence: 4).supersedes(held))
        #expect(ResponseOrder(serverDate: t0, sequence: 6).supersedes(ResponseOrder(serverDate: nil, sequence: 5)))
    }

    @available(OS2023, *)
    private func envelope(_ object: [String: Any]) throws -> ResponseEnvelope {
        try ClerkJSON.decoder().decode(ResponseEnvelope.self, from: Fixtures.data(object))
    }

    @available(OS2023, *)
    @Test func clientUpdateSources() throws {
        let client = Fixtures.client(id: "client_a")
        let fromResponse = try envelope(["response": client, "client": Fixtures.null])
        #expect(ClientUpdate.from(envelope: fromResponse, isClientEndpoint: true) == .replace(try decode(client)))
        let piggyback = try envelope(["response": Fixtures.signIn(), "client": client])
        #expect(ClientUpdate.from(envelope: piggyback, isClientEndpoint: false) == .replace(try decode(client)))
        let meta = try envelope(["errors": [], "meta": ["client": client]])
        #expect(ClientUpdate.from(envelope: meta, isClientEndpoint: false) == .replace(try decode(client)))
        let bare = try envelope(client)
        #expect(ClientUpdate.from(envelope: bare, isClientEndpoint: false) == .replace(try decode(client)))
        let preserve = try envelope(["response": Fixtures.null, "client": Fixtures.null])
        #expect(ClientUpdate.from(envelope: preserve, isClientEndpoint: true) == .preserve)
        #expect(ClientUpdate.from(envelope: preserve, isClientEndpoint: false) == ClientUpdate.none)
        let environment = try envelope(Fixtures.environment())
        #expect(ClientUpdate.from(envelope: environment, isClientEndpoint: false) == ClientUpdate.none)
    }

    @available(OS2023, *)
    @Test func malformedPiggybackedClientFailsTheWholeEnvelope() {
        var client = Fixtures.client()
        client["sessions"] = "not an array"
        #expect(throws: (any Error).self) { try envelope(["response": Fixtures.signIn(), "client": client]) }
    }

    @available(OS2023, *)
    private func decode(_ client: [String: Any]) throws -> Client {
        try ClerkJSON.decoder().decode(Client.self, from: Fixtures.data(client))
    }
}
